import { EditIcon, TrashIcon } from '../../components/admin-icons';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import type { Brand } from './products-api';

/** The brands as radio buttons (the product's one checked), each to edit or delete. */
export function BrandList({
  brands,
  chosen,
  onChoose,
  onEdit,
  onDelete,
}: {
  brands: Brand[];
  chosen: Brand | null;
  onChoose: (brand: Brand) => void;
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  return (
    <ul className="list-group admin-picker-list mb-2" aria-label={t('adminCatalog.brands.choose')}>
      {brands.map((brand) => {
        const title = name(brand.title, brand.title_bn);
        return (
          <li
            key={brand.id}
            className={`list-group-item d-flex align-items-center gap-1 py-1${
              chosen?.id === brand.id ? ' active-choice' : ''
            }`}
          >
            <div className="form-check flex-grow-1 mb-0 min-w-0">
              <input
                type="radio"
                className="form-check-input"
                name="brand"
                id={`brand-${brand.id}`}
                checked={chosen?.id === brand.id}
                onChange={() => onChoose(brand)}
              />
              <label className="form-check-label text-break" htmlFor={`brand-${brand.id}`}>
                {title}
              </label>
            </div>
            <button
              type="button"
              className="btn btn-sm btn-link text-secondary p-1"
              aria-label={t('adminCatalog.brands.edit', { title })}
              title={t('adminCatalog.brands.edit', { title })}
              onClick={() => onEdit(brand)}
            >
              <EditIcon />
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link text-danger p-1"
              aria-label={t('adminCatalog.brands.delete', { title })}
              title={t('adminCatalog.brands.delete', { title })}
              onClick={() => onDelete(brand)}
            >
              <TrashIcon />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
