import { AdminRowMenu } from '../../components/admin-row-menu';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { ProductPrice, ProductThumb } from './product-bits';
import type { AdminProduct } from './products-api';
import '../../components/admin-cards.css';

/**
 * The products of one page with a row menu (Edit, Quick Edit, Option Edit, Delete). Each figure's
 * cell carries its column's name (`data-label`), which a phone's card writes above it
 * (components/admin-cards.css).
 */
export function ProductsTable({
  rows,
  busy,
  onQuickEdit,
  onDelete,
}: {
  rows: AdminProduct[];
  busy: boolean;
  onQuickEdit: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  // Column names for the phone layout's cards (read once, not once per row).
  const label = {
    price: t('adminCatalog.products.columns.price'),
    buyPrice: t('adminCatalog.products.columns.buyPrice'),
    qty: t('adminCatalog.products.columns.qty'),
  };
  return (
    <div className="table-responsive position-relative">
      <table className="table table-hover admin-table admin-cards mb-3" aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col">{t('adminCatalog.products.columns.image')}</th>
            <th scope="col">{t('adminCatalog.products.columns.barcode')}</th>
            <th scope="col">{t('adminCatalog.products.columns.title')}</th>
            <th scope="col" className="num">
              {label.price}
            </th>
            <th scope="col" className="num">
              {label.buyPrice}
            </th>
            <th scope="col" className="num">
              {label.qty}
            </th>
            <th scope="col">{t('adminCatalog.products.columns.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('adminCatalog.products.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((product) => {
            const title = name(product.title, product.title_bn);
            const attri = name(product.attri, product.attri_bn);
            return (
              <tr key={product.id}>
                <td className="card-thumb">
                  <ProductThumb image={product.image} />
                </td>
                <td className="font-monospace small card-full card-after">{product.barcode}</td>
                <td className="title-cell card-main">
                  {title}
                  {attri && <span className="text-secondary"> ({attri})</span>}
                </td>
                <td className="num" data-label={label.price}>
                  <ProductPrice price={product.price} offprice={product.offprice} />
                </td>
                <td className="num" data-label={label.buyPrice}>
                  {formatNumber(product.buyprice)}
                </td>
                <td className="num" data-label={label.qty}>
                  {formatNumber(product.qty)}
                </td>
                <td className="card-full">
                  <StatusBadges product={product} />
                </td>
                <td className="text-end card-menu">
                  <AdminRowMenu
                    label={t('adminCatalog.products.menu', { title })}
                    items={[
                      { label: t('adminCatalog.products.edit'), to: `/admin/edit-product/${product.id}` },
                      { label: t('adminCatalog.products.quickEdit'), onClick: () => onQuickEdit(product) },
                      {
                        label: t('adminCatalog.products.optionEdit'),
                        to: `/admin/edit-product-option/${product.id}`,
                      },
                      {
                        label: t('adminCatalog.products.delete'),
                        danger: true,
                        onClick: () => onDelete(product),
                      },
                    ]}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function StatusBadges({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap gap-1">
      {product.stock_out === 'on' && (
        <span className="badge text-bg-danger">{t('adminCatalog.products.status.stockOut')}</span>
      )}
      {product.popular === 'on' && (
        <span className="badge text-bg-info">{t('adminCatalog.products.status.popular')}</span>
      )}
      {product.offer === 'on' && (
        <span className="badge text-bg-warning">{t('adminCatalog.products.status.offer')}</span>
      )}
      {product.food === 'on' && (
        <span className="badge text-bg-success">{t('adminCatalog.products.status.food')}</span>
      )}
    </div>
  );
}
