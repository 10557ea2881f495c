import { Fragment, type ReactNode } from 'react';
import { DataTable } from '../../components/data-table';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import type { DayClose } from './day-close-api';
import { Difference, methodName, useFigures, type Figures } from './day-close-figures';

type Method = DayClose['methods'][number];
type MethodFigure = Exclude<keyof Method, 'method'>;

/** The method table's figure columns, left to right; counts are numbers, the rest amounts. */
const METHOD_FIGURES: readonly MethodFigure[] = [
  'count',
  'references',
  'received',
  'refunds',
  'change',
  'net',
];
const COUNTS: ReadonlySet<MethodFigure> = new Set(['count', 'references']);

/** A card with its heading (h2, naming the card's region). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card shadow-sm h-100" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h6 mb-3">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** Name left, figure right, one line each; `strong` for a sum. */
function FigureList({
  rows,
}: {
  rows: ReadonlyArray<{ key: string; label: string; value: ReactNode; strong?: boolean }>;
}) {
  return (
    <dl className="day-close-figures mb-0">
      {rows.map((row) => (
        <Fragment key={row.key}>
          <dt className={row.strong ? 'fw-bold border-top pt-1' : undefined}>{row.label}</dt>
          <dd
            className={row.strong ? 'fw-bold border-top pt-1' : undefined}
            data-testid={`day-close-${row.key}`}
          >
            {row.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** "By method": what each method took, in how many payments and references, gave back, and nets; a total. */
function MethodsCard({ methods, figures }: { methods: Method[]; figures: Figures }) {
  const { t, formatNumber } = useTranslation();
  const label = (key: MethodFigure) => t(`adminDayClose.methods.columns.${key}`);
  const show = (key: MethodFigure, n: number) => (COUNTS.has(key) ? formatNumber(n) : figures.amount(n));
  const total = (key: MethodFigure) => methods.reduce((sum, m) => sum + m[key], 0);

  return (
    <Section id="day-close-methods" title={t('adminDayClose.methods.title')}>
      {methods.length === 0 ? (
        <p className="text-secondary small mb-0">{t('adminDayClose.methods.empty')}</p>
      ) : (
        <DataTable
          labelledBy="day-close-methods"
          className="table-sm align-middle admin-cards mb-0 day-close-methods"
          rows={methods}
          rowKey={(m) => m.method}
          rowProps={(m) => ({ 'data-method': m.method })}
          columns={[
            {
              key: 'method',
              header: t('adminDayClose.methods.columns.method'),
              rowHeader: true,
              cellClassName: 'card-main',
              cell: (m) => methodName(t, m.method),
            },
            ...METHOD_FIGURES.map((key) => ({
              key,
              header: label(key),
              label: label(key),
              className: key === 'net' ? 'num fw-semibold' : 'num',
              cell: (m: Method) => show(key, m[key]),
            })),
          ]}
          footer={
            <tr className="day-close-total">
              <th scope="row">{t('adminDayClose.methods.total')}</th>
              {METHOD_FIGURES.map((key) => (
                <td key={key} className="num fw-semibold" data-label={label(key)}>
                  {show(key, total(key))}
                </td>
              ))}
            </tr>
          }
        />
      )}
    </Section>
  );
}

/** "Cash drawer": the day's cash row by row, what should be in the drawers, counted and difference. */
function DrawerCard({ cash, figures }: { cash: DayClose['cash']; figures: Figures }) {
  const { t } = useTranslation();
  const text = (key: 'float' | 'sales' | 'refunds' | 'moves' | 'expenses' | 'suppliers') =>
    t(`adminDayClose.cash.${key}`);
  return (
    <Section id="day-close-cash" title={t('adminDayClose.cash.title')}>
      <FigureList
        rows={[
          { key: 'float', label: text('float'), value: figures.amount(cash.float) },
          { key: 'sales', label: text('sales'), value: figures.amount(cash.sales) },
          { key: 'refunds', label: text('refunds'), value: figures.less(cash.refunds) },
          { key: 'moves', label: text('moves'), value: figures.signed(cash.moves) },
          { key: 'expenses', label: text('expenses'), value: figures.less(cash.expenses) },
          { key: 'suppliers', label: text('suppliers'), value: figures.less(cash.suppliers) },
          {
            key: 'expected',
            label: t('adminDayClose.cash.expected'),
            value: figures.amount(cash.expected),
            strong: true,
          },
          {
            key: 'counted',
            label: t('adminDayClose.cash.counted'),
            value: cash.counted === null ? '—' : figures.amount(cash.counted),
          },
          {
            key: 'difference',
            label: t('adminDayClose.cash.difference'),
            value: <Difference value={cash.difference} figures={figures} />,
          },
          // The back office's own cash (an expense paid from the office): said only when there is some.
          ...(cash.outside_shifts !== 0
            ? [
                {
                  key: 'outside',
                  label: t('adminDayClose.cash.outside'),
                  value: figures.amount(cash.outside_shifts),
                },
              ]
            : []),
        ]}
      />
      <p className="small text-secondary mt-2 mb-0">{t('adminDayClose.cash.help')}</p>
    </Section>
  );
}

/** "Shifts": each shift opened that day with its drawer. */
function ShiftsCard({ shifts, figures }: { shifts: DayClose['shifts']; figures: Figures }) {
  const { t } = useTranslation();
  const time = useShopTime();
  const label = (key: 'opened' | 'closed' | 'float' | 'expected' | 'counted' | 'difference') =>
    t(`adminAnalytics.shifts.columns.${key}`);
  return (
    <Section id="day-close-shifts" title={t('adminDayClose.shifts.title')}>
      {shifts.length === 0 ? (
        <p className="text-secondary small mb-0">{t('adminDayClose.shifts.empty')}</p>
      ) : (
        <DataTable
          labelledBy="day-close-shifts"
          className="table-sm align-middle admin-cards mb-0 day-close-shifts"
          rows={shifts}
          rowKey={(s) => s.id}
          rowProps={(s) => ({ 'data-shift-id': s.id })}
          columns={[
            {
              key: 'cashier',
              header: t('adminAnalytics.shifts.columns.cashier'),
              className: 'card-main',
              cell: (s) => s.cashier ?? t('adminDayClose.shifts.unknown'),
            },
            {
              key: 'opened',
              header: label('opened'),
              label: label('opened'),
              className: 'card-half',
              cell: (s) => time.dateTime(s.opened),
            },
            {
              key: 'closed',
              header: label('closed'),
              label: label('closed'),
              className: 'card-half',
              cell: (s) =>
                s.closed ? (
                  time.dateTime(s.closed)
                ) : (
                  <span className="badge text-bg-info">{t('adminDayClose.shifts.open')}</span>
                ),
            },
            {
              key: 'float',
              header: label('float'),
              label: label('float'),
              // Two figures to a line on a phone's card.
              className: 'num card-half',
              cell: (s) => figures.amount(s.float),
            },
            {
              key: 'expected',
              header: label('expected'),
              label: label('expected'),
              className: 'num card-half',
              cell: (s) => figures.amount(s.expected),
            },
            {
              key: 'counted',
              header: label('counted'),
              label: label('counted'),
              className: 'num card-half',
              cell: (s) => (s.counted === null ? '—' : figures.amount(s.counted)),
            },
            {
              key: 'difference',
              header: label('difference'),
              label: label('difference'),
              className: 'num card-half',
              cell: (s) => <Difference value={s.difference} figures={figures} />,
            },
          ]}
        />
      )}
    </Section>
  );
}

/** "Credit and advances": dues given and collected, advances in and used; suppliers paid, expenses. */
function CreditCard({ day, figures }: { day: DayClose; figures: Figures }) {
  const { t } = useTranslation();
  const amounts = {
    duesGiven: day.dues.given,
    duesCollected: day.dues.collected,
    advanceAdded: day.advance.added,
    advanceUsed: day.advance.used,
    suppliers: day.suppliers,
    expenses: day.expenses,
  };
  const keys = Object.keys(amounts) as Array<keyof typeof amounts>;
  return (
    <Section id="day-close-credit" title={t('adminDayClose.credit.title')}>
      <FigureList
        rows={keys.map((key) => ({
          key,
          label: t(`adminDayClose.credit.${key}`),
          value: figures.amount(amounts[key]),
        }))}
      />
    </Section>
  );
}

/**
 * The day on the screen and on A4: the two tables across the page (seven columns each), the cash
 * drawer and credit side by side between them; one column on a phone.
 */
export function DaySheet({ day }: { day: DayClose }) {
  const figures = useFigures(true);
  return (
    <div className="row g-3">
      <div className="col-12">
        <MethodsCard methods={day.methods} figures={figures} />
      </div>
      <div className="col-12 col-md-6">
        <DrawerCard cash={day.cash} figures={figures} />
      </div>
      <div className="col-12 col-md-6">
        <CreditCard day={day} figures={figures} />
      </div>
      <div className="col-12">
        <ShiftsCard shifts={day.shifts} figures={figures} />
      </div>
    </div>
  );
}
