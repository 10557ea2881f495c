import { AdminRowMenu } from '../../components/admin-row-menu';
import { DataTable } from '../../components/data-table';
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
    <DataTable
      className="table-hover admin-table admin-cards mb-3"
      wrapperClassName="table-responsive position-relative"
      busy={busy}
      rows={rows}
      rowKey={(product) => product.id}
      columns={[
        {
          key: 'image',
          header: t('adminCatalog.products.columns.image'),
          cellClassName: 'card-thumb',
          cell: (product) => <ProductThumb image={product.image} />,
        },
        {
          key: 'barcode',
          header: t('adminCatalog.products.columns.barcode'),
          cellClassName: 'font-monospace small card-full card-after',
          cell: (product) => product.barcode,
        },
        {
          key: 'title',
          header: t('adminCatalog.products.columns.title'),
          cellClassName: 'title-cell card-main',
          cell: (product) => {
            const attri = name(product.attri, product.attri_bn);
            return (
              <>
                {name(product.title, product.title_bn)}
                {attri && <span className="text-secondary"> ({attri})</span>}
              </>
            );
          },
        },
        {
          key: 'price',
          header: label.price,
          label: label.price,
          className: 'num',
          cell: (product) => <ProductPrice price={product.price} offprice={product.offprice} />,
        },
        {
          key: 'buyprice',
          header: label.buyPrice,
          label: label.buyPrice,
          className: 'num',
          cell: (product) => (product.buyprice === undefined ? '—' : formatNumber(product.buyprice)),
        },
        {
          key: 'qty',
          header: label.qty,
          label: label.qty,
          className: 'num',
          cell: (product) => formatNumber(product.qty),
        },
        {
          key: 'status',
          header: t('adminCatalog.products.columns.status'),
          cellClassName: 'card-full',
          cell: (product) => <StatusBadges product={product} />,
        },
        {
          key: 'menu',
          header: <span className="visually-hidden">{t('adminCatalog.products.columns.actions')}</span>,
          cellClassName: 'text-end card-menu',
          cell: (product) => (
            <AdminRowMenu
              label={t('adminCatalog.products.menu', { title: name(product.title, product.title_bn) })}
              items={[
                { label: t('adminCatalog.products.edit'), to: `/admin/edit-product/${product.id}` },
                { label: t('adminCatalog.products.quickEdit'), onClick: () => onQuickEdit(product) },
                {
                  label: t('adminCatalog.products.optionEdit'),
                  to: `/admin/edit-product-option/${product.id}`,
                },
                { label: t('adminCatalog.products.delete'), danger: true, onClick: () => onDelete(product) },
              ]}
            />
          ),
        },
      ]}
    />
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
