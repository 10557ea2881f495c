import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { returnedNamesIn } from '../../lib/line-names';
import { useShopTime } from '../../lib/shop-time';
import '../../components/admin-cards.css';
import { differencesKey, fetchDifferences } from './orders-api';
import './differences.css';

/**
 * "Synced with differences" (issue 10): sales made on a till with no server that kept the till's
 * prices, listed for the owner with each line's till price beside the shop's price when the sale
 * arrived ("deleted" for a product removed meanwhile).
 */
export function DifferencesList() {
  const { t, language } = useTranslation();
  const time = useShopTime();
  const orders = useQuery({ queryKey: differencesKey, queryFn: fetchDifferences });
  const amount = (n: number) => t('adminOrders.differences.amount', { amount: n });
  // The column names; on a phone's card also each figure's name.
  const label = {
    till: t('adminOrders.differences.columns.till'),
    server: t('adminOrders.differences.columns.server'),
    difference: t('adminOrders.differences.columns.difference'),
  };

  return (
    <section aria-labelledby="differences-title">
      <h2 id="differences-title" className="h5">
        {t('adminOrders.differences.title')}
      </h2>
      <p className="small text-secondary">{t('adminOrders.differences.help')}</p>
      <QueryState
        query={orders}
        empty={t('adminOrders.differences.empty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <div className="table-responsive">
            <table className="table table-sm admin-table admin-cards differences-table mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('adminOrders.differences.columns.product')}</th>
                  <th scope="col" className="num">
                    {label.till}
                  </th>
                  <th scope="col" className="num">
                    {label.server}
                  </th>
                  <th scope="col" className="num">
                    {label.difference}
                  </th>
                </tr>
              </thead>
              {rows.map((order) => (
                <tbody key={order.id} data-order-id={order.id}>
                  <tr className="differences-order">
                    <th scope="rowgroup" colSpan={4} className="card-full">
                      <Link
                        to={`/admin/receipt/${order.id}`}
                        className="text-nowrap"
                        aria-label={t('adminOrders.differences.orderLink', { id: order.id })}
                      >
                        {t('adminOrders.differences.order', { id: order.id })}
                      </Link>
                      {order.provisional && (
                        <span className="ms-2 text-nowrap">
                          {t('adminOrders.differences.provisional', { provisional: order.provisional })}
                        </span>
                      )}
                      <span className="ms-2 fw-normal text-secondary">
                        {t('adminOrders.differences.soldAt', { time: time.dateTime(order.created) })}
                      </span>
                    </th>
                  </tr>
                  {(order.differences ?? []).map((line, index) => {
                    const names = returnedNamesIn(language, line, order.carts);
                    return (
                      <tr key={`${line.product_id}-${index}`}>
                        <td className="card-full">
                          {names.title}
                          {names.attri && <span className="text-secondary"> ({names.attri})</span>}
                        </td>
                        <td className="num" data-label={label.till}>
                          {amount(line.till_price)}
                        </td>
                        <td className="num" data-label={label.server}>
                          {line.server_price === null ? (
                            <span className="badge text-bg-danger">
                              {t('adminOrders.differences.deleted')}
                            </span>
                          ) : (
                            amount(line.server_price)
                          )}
                        </td>
                        <td className="num" data-label={label.difference}>
                          {line.server_price === null ? '' : amount(line.till_price - line.server_price)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              ))}
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
