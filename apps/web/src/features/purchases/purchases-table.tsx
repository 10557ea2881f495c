import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { namesIn } from '../../lib/line-names';
import { formatDay } from '../../lib/shop-time';
import '../../components/admin-cards.css';
import type { Purchase } from './purchases-api';

interface PurchasesTableProps {
  rows: Purchase[];
  busy: boolean;
  onDelete: (purchase: Purchase) => void;
}

/**
 * One page of purchases: the day and supplier (with the invoice number), each line's product in
 * the screen's language with its quantity and buy price, and the money. A card each on a phone.
 */
export function PurchasesTable({ rows, busy, onDelete }: PurchasesTableProps) {
  const { t, language } = useTranslation();
  const label = {
    total: t('adminPurchases.list.columns.total'),
    paid: t('adminPurchases.list.columns.paid'),
    due: t('adminPurchases.list.columns.due'),
  };

  return (
    <div className="table-responsive">
      <table
        className="table admin-cards purchases-table mb-0"
        aria-labelledby="purchases-list-title"
        aria-busy={busy || undefined}
      >
        <thead>
          <tr>
            <th scope="col">{t('adminPurchases.list.columns.date')}</th>
            <th scope="col">{t('adminPurchases.list.columns.supplier')}</th>
            <th scope="col">{t('adminPurchases.list.columns.products')}</th>
            <th scope="col" className="num">
              {label.total}
            </th>
            <th scope="col" className="num">
              {label.paid}
            </th>
            <th scope="col" className="num">
              {label.due}
            </th>
            <th scope="col" className="text-end">
              <span className="visually-hidden">{t('adminPurchases.list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((purchase) => (
            <tr key={purchase.id} data-purchase-id={purchase.id}>
              <td className="text-nowrap card-half date-cell">
                <time dateTime={purchase.date}>{formatDay(purchase.date, language)}</time>
                <span className="d-block small text-secondary">
                  {t('adminPurchases.list.number', { id: purchase.id })}
                </span>
              </td>
              <th scope="row" className="card-half supplier-cell">
                {purchase.supplier}
                {purchase.invoice && (
                  <span className="d-block small fw-normal text-secondary">
                    {t('adminPurchases.list.invoice', { invoice: purchase.invoice })}
                  </span>
                )}
              </th>
              <td className="card-full lines-cell">
                <ul className="list-unstyled mb-0">
                  {purchase.lines.map((line) => {
                    const names = namesIn(language, line);
                    return (
                      <li key={line.id}>
                        <span className={line.product_id === null ? 'text-secondary' : ''}>
                          {names.title}
                          {names.attri && <span className="text-secondary"> ({names.attri})</span>}
                          {line.product_id === null && (
                            <span className="fst-italic"> ({t('adminPurchases.list.productGone')})</span>
                          )}
                        </span>
                        <span className="text-secondary text-nowrap">
                          {' · '}
                          {t('adminPurchases.list.line', { qty: line.quantity, price: line.buyprice })}
                        </span>
                      </li>
                    );
                  })}
                </ul>
                {purchase.note && (
                  <p className="small text-secondary fst-italic mb-0 mt-1 text-break">
                    {t('adminPurchases.list.note', { note: purchase.note })}
                  </p>
                )}
              </td>
              <td className="num fw-semibold" data-label={label.total}>
                {formatNumber(purchase.total)}
              </td>
              <td className="num" data-label={label.paid}>
                {formatNumber(purchase.paid)}
              </td>
              <td className={`num${purchase.due > 0 ? ' text-danger' : ''}`} data-label={label.due}>
                {formatNumber(purchase.due)}
              </td>
              <td className="text-end card-menu">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('adminPurchases.list.deleteLabel', { id: purchase.id })}
                  onClick={() => onDelete(purchase)}
                >
                  {t('adminPurchases.list.delete')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
