import { EditIcon, TrashIcon } from '../../components/admin-icons';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import type { ChosenCategory } from './category-picker';
import type { FlatCategory } from './products-api';

/** Every category in menu order, each to choose (a click), edit or delete. */
export function CategoryList({
  categories,
  onChoose,
  onEdit,
  onDelete,
}: {
  categories: FlatCategory[];
  onChoose: (category: FlatCategory) => void;
  onEdit: (category: FlatCategory) => void;
  onDelete: (category: FlatCategory) => void;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  return (
    <ul className="list-group admin-picker-list mb-2" aria-label={t('adminCatalog.categories.list')}>
      {categories.map((category) => {
        const title = name(category.title, category.title_bn);
        return (
          <li key={category.id} className="list-group-item d-flex align-items-center gap-1 py-1">
            <button
              type="button"
              className="btn btn-sm btn-link text-start text-body text-decoration-none flex-grow-1 min-w-0 py-0 pe-0"
              style={{ paddingLeft: `${category.depth * 0.75}rem` }}
              onClick={() => onChoose(category)}
            >
              <span className="fw-semibold">{title}</span>
              {category.parentTitle !== null && (
                <span className="text-secondary small">
                  {' '}
                  {t('adminCatalog.categories.parentOf', {
                    parent: name(category.parentTitle, category.parentTitle_bn ?? ''),
                  })}
                </span>
              )}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link text-secondary p-1"
              aria-label={t('adminCatalog.categories.edit', { title })}
              title={t('adminCatalog.categories.edit', { title })}
              onClick={() => onEdit(category)}
            >
              <EditIcon />
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link text-danger p-1"
              aria-label={t('adminCatalog.categories.delete', { title })}
              title={t('adminCatalog.categories.delete', { title })}
              onClick={() => onDelete(category)}
            >
              <TrashIcon />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The product's categories as chips, each with its ✕ to take it off. */
export function ChosenChips({
  value,
  onChange,
}: {
  value: ChosenCategory[];
  onChange: (categories: ChosenCategory[]) => void;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  return (
    <ul
      className="list-unstyled d-flex flex-wrap gap-2 mb-2"
      aria-label={t('adminCatalog.categories.chosen')}
    >
      {value.length === 0 && (
        <li className="text-secondary small">{t('adminCatalog.categories.noneChosen')}</li>
      )}
      {value.map((chosen) => (
        <li key={chosen.id}>
          <span className="badge rounded-pill text-bg-primary d-inline-flex align-items-center gap-1 admin-chip">
            {name(chosen.title, chosen.title_bn)}
            <button
              type="button"
              className="btn-close btn-close-white admin-chip-close"
              aria-label={t('adminCatalog.categories.removeChip', {
                title: name(chosen.title, chosen.title_bn),
              })}
              onClick={() => onChange(value.filter((item) => item.id !== chosen.id))}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}
