import { useQuery } from '@tanstack/react-query';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import '../../components/admin-cards.css';
import { ListCard, Titled } from './list-card';
import { fetchLowStock, formatQty, lowStockKey } from './reports-api';

/** Products with few units left, fewest first; an offer price shows after the struck-through price. */
export function LowStockCard() {
  const { t } = useTranslation();
  const name = useLocalName();
  const products = useQuery({ queryKey: lowStockKey, queryFn: fetchLowStock, staleTime: 0 });
  return (
    <ListCard
      id="dash-low"
      title={t('adminReports.dashboard.lowStock')}
      query={products}
      empty={t('adminReports.dashboard.noLowStock')}
    >
      {(rows) => (
        <table
          className="table table-sm align-middle report-table admin-cards low-stock-table mb-0"
          aria-labelledby="dash-low-title"
        >
          <thead>
            <tr>
              <th scope="col">{t('adminReports.dashboard.columns.barcode')}</th>
              <th scope="col">{t('adminReports.dashboard.columns.title')}</th>
              <th scope="col" className="num">
                {t('adminReports.dashboard.columns.price')}
              </th>
              <th scope="col" className="num">
                {t('adminReports.dashboard.columns.buyPrice')}
              </th>
              <th scope="col" className="num">
                {t('adminReports.dashboard.columns.qty')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((product) => (
              <tr key={product.id}>
                <td className="text-nowrap card-full card-after">{product.barcode}</td>
                <td className="card-main">
                  <Titled
                    title={name(product.title, product.title_bn)}
                    attri={name(product.attri, product.attri_bn)}
                  />
                </td>
                <td className="num" data-label={t('adminReports.dashboard.columns.price')}>
                  {product.offprice === null ? (
                    formatNumber(product.price)
                  ) : (
                    <>
                      <del className="text-secondary me-1">
                        <span className="visually-hidden">{t('adminReports.dashboard.oldPrice')} </span>
                        {formatNumber(product.price)}
                      </del>
                      <span className="fw-semibold">{formatNumber(product.offprice)}</span>
                    </>
                  )}
                </td>
                <td className="num" data-label={t('adminReports.dashboard.columns.buyPrice')}>
                  {formatNumber(product.buyprice)}
                </td>
                <td
                  className={`num${product.qty <= 0 ? ' text-danger fw-semibold' : ''}`}
                  data-label={t('adminReports.dashboard.columns.qty')}
                >
                  {formatQty(product.qty)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListCard>
  );
}
