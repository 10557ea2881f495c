import { useQuery } from '@tanstack/react-query';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { DataTable } from '../../components/data-table';
import '../../components/admin-cards.css';
import { ListCard, Titled } from './list-card';
import { fetchLowStock, formatQty, lowStockKey } from './reports-api';

/** Products with few units left, fewest first; an offer price shows after the struck-through price. */
export function LowStockCard() {
  const { t } = useTranslation();
  const name = useLocalName();
  const products = useQuery({ queryKey: lowStockKey, queryFn: fetchLowStock, staleTime: 0 });
  const label = {
    price: t('adminReports.dashboard.columns.price'),
    buyPrice: t('adminReports.dashboard.columns.buyPrice'),
    qty: t('adminReports.dashboard.columns.qty'),
  };
  return (
    <ListCard
      id="dash-low"
      title={t('adminReports.dashboard.lowStock')}
      query={products}
      empty={t('adminReports.dashboard.noLowStock')}
    >
      {(rows) => (
        <DataTable
          labelledBy="dash-low-title"
          className="table-sm align-middle report-table admin-cards low-stock-table mb-0"
          rows={rows}
          rowKey={(product) => product.id}
          columns={[
            {
              key: 'barcode',
              header: t('adminReports.dashboard.columns.barcode'),
              className: 'text-nowrap card-full card-after',
              cell: (product) => product.barcode,
            },
            {
              key: 'title',
              header: t('adminReports.dashboard.columns.title'),
              className: 'card-main',
              cell: (product) => (
                <Titled
                  title={name(product.title, product.title_bn)}
                  attri={name(product.attri, product.attri_bn)}
                />
              ),
            },
            {
              key: 'price',
              header: label.price,
              label: label.price,
              className: 'num',
              cell: (product) =>
                product.offprice === null ? (
                  formatNumber(product.price)
                ) : (
                  <>
                    <del className="text-secondary me-1">
                      <span className="visually-hidden">{t('adminReports.dashboard.oldPrice')} </span>
                      {formatNumber(product.price)}
                    </del>
                    <span className="fw-semibold">{formatNumber(product.offprice)}</span>
                  </>
                ),
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
              cell: (product) => (
                <span className={product.qty <= 0 ? 'text-danger fw-semibold' : undefined}>
                  {formatQty(product.qty)}
                </span>
              ),
            },
          ]}
        />
      )}
    </ListCard>
  );
}
