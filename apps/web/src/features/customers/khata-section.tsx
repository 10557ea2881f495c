import type { Khata, KhataEntry } from '@bazar/contracts/customers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { usePrintedPage } from '../../components/printed-page';
import { QueryState } from '../../components/query-state';
import { PrintIcon } from '../../components/admin-icons';
import { call } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/permissions';
import { customerDuesKey } from './customers-api';

/** Under the dues' key: a payment that refreshes the dues refreshes the khata too. */
const khataKey = (id: number) => [...customerDuesKey(id), 'khata'] as const;

/** A signed amount as the khata writes it: more owed is +, money in or goods back is −. */
const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : '0');

/**
 * The customer's khata under their dues (GET /api/customer/khata/{id}): every sale on credit, every
 * payment, money given back and return, oldest first, with what they owe after each line. It
 * prints on A4 (the screen's tools stay off the paper), and its summary goes by SMS on request.
 */
export function KhataSection({ customerId }: { customerId: number }) {
  const book = useQuery({
    queryKey: khataKey(customerId),
    queryFn: () => call('GET /api/customer/khata/:id', { params: { id: customerId } }).then((a) => a.data),
    staleTime: 0,
  });
  return <QueryState query={book}>{(data) => <KhataBook book={data} />}</QueryState>;
}

function KhataBook({ book }: { book: Khata }) {
  const { t } = useTranslation();
  const time = useShopTime();
  const { can } = usePermissions();
  const ref = useRef<HTMLElement>(null);
  usePrintedPage(ref, 'a4');
  const sms = useMutation({
    mutationFn: () => call('POST /api/customer/khata/:id/sms', { params: { id: book.customer.id } }),
    onSuccess: () => toast.success(t('adminKhata.book.smsSent')),
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
  });
  const what = (e: KhataEntry) =>
    e.kind === 'sale' || e.kind === 'return'
      ? t(`adminKhata.book.kinds.${e.kind}`)
      : t(`adminKhata.book.kinds.${e.kind}`, {
          method: e.method ? t(`adminTill.summary.methods.${e.method as 'cash'}`) : '',
        });
  const columns = {
    date: t('adminKhata.book.columns.date'),
    what: t('adminKhata.book.columns.what'),
    order: t('adminKhata.book.columns.order'),
    amount: t('adminKhata.book.columns.amount'),
    balance: t('adminKhata.book.columns.balance'),
  };
  return (
    <section ref={ref} className="khata mt-4 printable" aria-labelledby="khata-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h2 id="khata-title" className="h5 mb-0 me-auto">
          {t('adminKhata.book.title')} · {book.customer.name}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary d-print-none"
          onClick={() => window.print()}
        >
          <PrintIcon className="me-1" />
          {t('adminKhata.book.print')}
        </button>
        {can('customers.dues') && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary d-print-none"
            disabled={sms.isPending}
            onClick={() => sms.mutate()}
          >
            {t('adminKhata.book.sms')}
          </button>
        )}
      </div>
      <p className="small text-secondary mb-2">{t('adminKhata.book.intro')}</p>
      <p className="mb-2">
        {t('adminKhata.book.owed')}:{' '}
        <strong data-testid="khata-owed">{t('common.price', { amount: formatNumber(book.owed) })}</strong>
        {' · '}
        {t('adminKhata.book.limit')}:{' '}
        <span data-testid="khata-limit">
          {book.credit_limit === null
            ? t('adminKhata.book.none')
            : book.customer.credit_limit === null
              ? t('adminKhata.book.shopDefault', { amount: formatNumber(book.credit_limit) })
              : t('common.price', { amount: formatNumber(book.credit_limit) })}
        </span>
      </p>
      {book.entries.length === 0 ? (
        <p className="text-secondary">{t('adminKhata.book.empty')}</p>
      ) : (
        <DataTable
          labelledBy="khata-title"
          className="table-sm align-middle admin-cards khata-table"
          rows={book.entries}
          rowKey={(e) => `${e.at}-${e.kind}-${e.order_id}-${e.method ?? ''}`}
          columns={[
            {
              key: 'date',
              header: columns.date,
              className: 'card-half',
              cell: (e) => time.dateTime(e.at),
            },
            { key: 'what', header: columns.what, className: 'card-half', cell: what },
            {
              key: 'order',
              header: columns.order,
              label: columns.order,
              cell: (e) => <Link to={`/admin/print-order/${e.order_id}`}>#{e.order_id}</Link>,
            },
            {
              key: 'amount',
              header: columns.amount,
              label: columns.amount,
              className: 'num',
              cell: (e) => signed(e.amount),
            },
            {
              key: 'balance',
              header: columns.balance,
              label: columns.balance,
              className: 'num fw-semibold',
              cell: (e) => formatNumber(e.balance),
            },
          ]}
        />
      )}
    </section>
  );
}
