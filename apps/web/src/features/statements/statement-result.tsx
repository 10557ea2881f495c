import { Fragment, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { methodLabel } from '../../components/order-record';
import { useTranslation } from '../../lib/i18n/i18n';
import { formatDay, useShopTime } from '../../lib/shop-time';
import type { StatementMatch } from './statements-api';

type Matched = StatementMatch['matched'][number];
type ShopRow = StatementMatch['missing'][number];
type StatementRow = StatementMatch['extra'][number];

/** An amount in taka; a refund (money out) with a real minus sign, as the order record writes it. */
function useMoney() {
  const { t } = useTranslation();
  return (amount: number) =>
    amount < 0
      ? `−${t('adminStatements.amount', { amount: -amount })}`
      : t('adminStatements.amount', { amount });
}

/** The order a payment was taken for, as the other money screens link to it ("—" for none). */
function OrderLink({ id }: { id: number | null }) {
  const { t } = useTranslation();
  if (id === null) return <span title={t('adminStatements.noOrder')}>—</span>;
  return <Link to={`/admin/print-order/${id}`}>#{id}</Link>;
}

/** The shop's reference, marked when the row is a refund (money the shop gave back). */
function Reference({ row }: { row: ShopRow }) {
  const { t } = useTranslation();
  return (
    <>
      {row.reference}
      {row.kind === 'refund' && (
        <span className="badge text-bg-secondary ms-1">{t('adminStatements.refund')}</span>
      )}
    </>
  );
}

/** One of the three lists: its heading with the count, its rows, or a line saying it is empty. */
function ResultSection<Row>({
  id,
  title,
  empty,
  rows,
  rowKey,
  columns,
}: {
  id: string;
  title: string;
  empty: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: ReadonlyArray<Column<Row>>;
}) {
  return (
    <section className="mt-4" aria-labelledby={id}>
      <h3 id={id} className="h6">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-secondary small mb-0">{empty}</p>
      ) : (
        <DataTable
          labelledBy={id}
          className="table-sm align-middle admin-cards mb-0"
          rows={rows}
          rowKey={rowKey}
          columns={columns}
        />
      )}
    </section>
  );
}

/** The counts in one line: "2 matched · 1 differ · 1 missing · 1 extra · 1 row skipped". */
function Summary({ result }: { result: StatementMatch }) {
  const { t } = useTranslation();
  const parts = [
    t('adminStatements.result.summary.matched', { count: result.matched.length }),
    t('adminStatements.result.summary.differ', { count: result.matched.filter((m) => m.differs).length }),
    t('adminStatements.result.summary.missing', { count: result.missing.length }),
    t('adminStatements.result.summary.extra', { count: result.extra.length }),
    t('adminStatements.result.summary.skipped', { count: result.skipped }),
  ];
  return (
    <p className="fw-semibold mb-0" role="status" aria-label={t('adminStatements.result.summaryLabel')}>
      {/* A narrow screen breaks the line between the counts, never inside one. */}
      {parts.map((part, index) => (
        <Fragment key={part}>
          {index > 0 && ' · '}
          <span className="text-nowrap">{part}</span>
        </Fragment>
      ))}
    </p>
  );
}

/**
 * Step 3: what the statement and the shop's books have in common (the amounts compared), what
 * the shop recorded in the statement's days that the statement lacks, and what the statement has
 * that the shop never recorded; the counts in one line above them.
 */
export function StatementResult({ result }: { result: StatementMatch }) {
  const { t, language, formatNumber } = useTranslation();
  const time = useShopTime();
  const money = useMoney();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new result comes into view (a phone scrolls down to it) and is read out from its heading.
  useEffect(() => heading.current?.focus(), []);
  const method = methodLabel(t, result.method);
  const days =
    result.from === result.to
      ? t('adminStatements.result.oneDay', { method, day: formatDay(result.from, language) })
      : t('adminStatements.result.period', {
          method,
          from: formatDay(result.from, language),
          to: formatDay(result.to, language),
        });
  const label = {
    reference: t('adminStatements.columnsOf.reference'),
    order: t('adminStatements.columnsOf.order'),
    recorded: t('adminStatements.columnsOf.recorded'),
    onStatement: t('adminStatements.columnsOf.onStatement'),
    amount: t('adminStatements.columnsOf.amount'),
    time: t('adminStatements.columnsOf.time'),
    row: t('adminStatements.columnsOf.row'),
  };
  // The transaction id is the row's name on a phone's card, and never broken inside.
  const reference = { key: 'reference', header: label.reference, className: 'card-main text-nowrap' };
  const order = { key: 'order', header: label.order, label: label.order, className: 'card-half' };

  const matched: Column<Matched>[] = [
    { ...reference, cell: (m) => <Reference row={m.shop} /> },
    { ...order, cell: (m) => <OrderLink id={m.shop.order_id} /> },
    {
      key: 'recorded',
      header: label.recorded,
      label: label.recorded,
      className: 'num',
      cell: (m) => money(m.shop.amount),
    },
    {
      key: 'statement',
      header: label.onStatement,
      label: label.onStatement,
      className: 'num',
      cell: (m) => (
        <>
          {money(m.statement.amount)}
          {m.differs && (
            <span className="badge text-bg-warning ms-1">{t('adminStatements.matched.differs')}</span>
          )}
        </>
      ),
    },
  ];
  const missing: Column<ShopRow>[] = [
    { ...reference, cell: (row) => <Reference row={row} /> },
    { ...order, cell: (row) => <OrderLink id={row.order_id} /> },
    {
      key: 'amount',
      header: label.amount,
      label: label.amount,
      className: 'num',
      cell: (row) => money(row.amount),
    },
    { key: 'time', header: label.time, label: label.time, cell: (row) => time.dateTime(row.at) },
  ];
  const extra: Column<StatementRow>[] = [
    // On a phone the row number comes last: the transaction id names the card.
    {
      key: 'row',
      header: label.row,
      label: label.row,
      className: 'card-after',
      cell: (row) => formatNumber(row.row),
    },
    { ...reference, cell: (row) => row.reference },
    {
      key: 'amount',
      header: label.amount,
      label: label.amount,
      className: 'num',
      cell: (row) => money(row.amount),
    },
    { key: 'time', header: label.time, label: label.time, cell: (row) => row.time || '—' },
  ];

  return (
    <div>
      <h2 className="h5 mb-1" ref={heading} tabIndex={-1}>
        {t('adminStatements.result.title')}
      </h2>
      <p className="text-secondary mb-2">{days}</p>
      <Summary result={result} />
      <ResultSection
        id="statement-matched"
        title={t('adminStatements.matched.title', { count: result.matched.length })}
        empty={t('adminStatements.matched.empty')}
        rows={result.matched}
        rowKey={(m) => m.statement.row}
        columns={matched}
      />
      <ResultSection
        id="statement-missing"
        title={t('adminStatements.missing.title', { count: result.missing.length })}
        empty={t('adminStatements.missing.empty')}
        rows={result.missing}
        rowKey={(row) => `${row.reference} ${row.at} ${row.amount}`}
        columns={missing}
      />
      <ResultSection
        id="statement-extra"
        title={t('adminStatements.extra.title', { count: result.extra.length })}
        empty={t('adminStatements.extra.empty')}
        rows={result.extra}
        rowKey={(row) => row.row}
        columns={extra}
      />
    </div>
  );
}
