import { DataTable } from '../../components/data-table';
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
    <DataTable
      labelledBy="purchases-list-title"
      className="admin-cards purchases-table mb-0"
      busy={busy}
      rows={rows}
      rowKey={(purchase) => purchase.id}
      rowProps={(purchase) => ({ 'data-purchase-id': purchase.id })}
      columns={[
        {
          key: 'date',
          header: t('adminPurchases.list.columns.date'),
          className: 'text-nowrap card-half date-cell',
          cell: (purchase) => (
            <>
              <time dateTime={purchase.date}>{formatDay(purchase.date, language)}</time>
              <span className="d-block small text-secondary">
                {t('adminPurchases.list.number', { id: purchase.id })}
              </span>
            </>
          ),
        },
        {
          key: 'supplier',
          header: t('adminPurchases.list.columns.supplier'),
          className: 'card-half supplier-cell',
          rowHeader: true,
          cell: (purchase) => (
            <>
              {purchase.supplier}
              {purchase.invoice && (
                <span className="d-block small fw-normal text-secondary">
                  {t('adminPurchases.list.invoice', { invoice: purchase.invoice })}
                </span>
              )}
            </>
          ),
        },
        {
          key: 'products',
          header: t('adminPurchases.list.columns.products'),
          className: 'card-full lines-cell',
          cell: (purchase) => (
            <>
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
            </>
          ),
        },
        {
          key: 'total',
          header: label.total,
          label: label.total,
          className: 'num fw-semibold',
          cell: (purchase) => formatNumber(purchase.total),
        },
        {
          key: 'paid',
          header: label.paid,
          label: label.paid,
          className: 'num',
          cell: (purchase) => formatNumber(purchase.paid),
        },
        {
          key: 'due',
          header: label.due,
          label: label.due,
          className: 'num',
          cell: (purchase) => (
            <span className={purchase.due > 0 ? 'text-danger' : undefined}>{formatNumber(purchase.due)}</span>
          ),
        },
        {
          key: 'actions',
          header: <span className="visually-hidden">{t('adminPurchases.list.columns.actions')}</span>,
          className: 'text-end card-menu',
          cell: (purchase) => (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              aria-label={t('adminPurchases.list.deleteLabel', { id: purchase.id })}
              onClick={() => onDelete(purchase)}
            >
              {t('adminPurchases.list.delete')}
            </button>
          ),
        },
      ]}
    />
  );
}
