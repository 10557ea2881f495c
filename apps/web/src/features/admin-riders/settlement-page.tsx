import { settlementBody } from '@bazar/contracts/riders';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { NotFound } from '../../components/not-found';
import { QueryState } from '../../components/query-state';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { formatDay, useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import '../../components/admin-cards.css';
import { fetchSettlement, refreshRiders, settleRider, settlementKey, type Settlement } from './riders-api';
import { CashHeld, SheetOrders, SheetPart } from './settlement-parts';
import './riders.css';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The handover form's fields: the day comes from the sheet. */
const handoverSchema = settlementBody.omit({ date: true });

/** A figure of the sheet's summary: its name over the amount. */
function Figure({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="col-6 col-md-4 col-xl-2">
      <div className="card h-100 settle-figure">
        <div className="card-body">
          <p id={`${id}-label`} className="small text-secondary mb-1">
            {label}
          </p>
          <p className="settle-amount mb-0" aria-labelledby={`${id}-label`} data-testid={id}>
            {children}
          </p>
        </div>
      </div>
    </div>
  );
}

/** The figures of the day: collected by method, held before, handed over, and held now. */
function Figures({ sheet }: { sheet: Settlement }) {
  const { t } = useTranslation();
  const bdt = (amount: number) => t('riders.settle.amount', { amount });
  const handed = sheet.handovers.reduce((sum, h) => sum + h.amount, 0);
  return (
    <section className="row g-2 mb-3" aria-label={t('riders.settle.figures')}>
      <Figure id="settle-cash" label={t('riders.settle.collectedCash')}>
        {bdt(sheet.collected.cash)}
      </Figure>
      <Figure id="settle-bkash" label={t('riders.settle.collectedBkash')}>
        {bdt(sheet.collected.bkash)}
      </Figure>
      <Figure id="settle-nagad" label={t('riders.settle.collectedNagad')}>
        {bdt(sheet.collected.nagad)}
      </Figure>
      <Figure id="settle-before" label={t('riders.settle.heldBefore')}>
        {bdt(sheet.held_before)}
      </Figure>
      <Figure id="settle-handed" label={t('riders.settle.handedOver')}>
        {bdt(handed)}
      </Figure>
      <Figure id="settle-held" label={t('riders.settle.heldNow')}>
        <CashHeld amount={sheet.cash_held} />
      </Figure>
    </section>
  );
}

/** The day's handovers: when, how much against what was expected, the difference, who, a note. */
function Handovers({ sheet }: { sheet: Settlement }) {
  const { t } = useTranslation();
  const time = useShopTime();
  const bdt = (amount: number) => t('riders.settle.amount', { amount });
  const col = (key: 'at' | 'amount' | 'expected' | 'difference' | 'by' | 'note') =>
    t(`riders.settle.handoverColumns.${key}`);
  return (
    <SheetPart
      id="settle-handovers"
      title={t('riders.settle.handovers')}
      count={sheet.handovers.length}
      empty={t('riders.settle.noHandovers')}
    >
      <DataTable
        labelledBy="settle-handovers-title"
        className="table-sm align-middle admin-cards settle-table mb-0"
        rows={sheet.handovers}
        rowKey={(h) => h.id}
        columns={[
          { key: 'at', header: col('at'), className: 'card-main', cell: (h) => time.dateTime(h.at) },
          {
            key: 'amount',
            header: col('amount'),
            label: col('amount'),
            className: 'num',
            cell: (h) => bdt(h.amount),
          },
          {
            key: 'expected',
            header: col('expected'),
            label: col('expected'),
            className: 'num',
            cell: (h) => bdt(h.expected),
          },
          {
            key: 'difference',
            header: col('difference'),
            label: col('difference'),
            className: 'num',
            cell: (h) => {
              const left = h.expected - h.amount;
              return <span className={left !== 0 ? 'fw-semibold text-danger' : undefined}>{bdt(left)}</span>;
            },
          },
          {
            key: 'by',
            header: col('by'),
            label: col('by'),
            className: 'card-half',
            cell: (h) => h.by ?? '—',
          },
          {
            key: 'note',
            header: col('note'),
            label: col('note'),
            className: 'card-full',
            cell: (h) => h.note,
          },
        ]}
      />
    </SheetPart>
  );
}

/**
 * "Cash handed over": the amount the rider gives the manager now (0 allowed: nothing came back) and
 * a note. What is not handed over stays with the rider, on this sheet and in the riders list,
 * until a later handover settles it.
 */
function HandoverForm({
  riderId,
  sheet,
  onSaved,
}: {
  riderId: number;
  sheet: Settlement;
  onSaved: (s: Settlement) => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, setError } = useZodForm(handoverSchema, {
    defaultValues: { note: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: { cash: number; note: string }) => {
    setFailure(null);
    try {
      const answer = await settleRider(riderId, { date: sheet.date, ...values });
      toast.success(
        answer.cash_held === 0
          ? t('riders.settle.savedSettled', { amount: values.cash })
          : t('riders.settle.savedLeft', { amount: values.cash, left: answer.cash_held }),
      );
      // The sheet takes the answer; the form starts afresh with it (its key is the handovers' count).
      onSaved(answer);
    } catch (error) {
      if (!setServerErrors(error, setError, ['cash', 'note'])) {
        setFailure(serverMessage(error, t('riders.settle.saveFailed')));
      }
    }
  };

  return (
    <section className="card shadow-sm mb-3 handover-form" aria-labelledby="handover-title">
      <div className="card-body">
        <h2 id="handover-title" className="h6">
          {t('riders.settle.formTitle')}
        </h2>
        <p className="small mb-3">{t('riders.settle.formHelp', { amount: sheet.cash_held })}</p>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="row g-2 align-items-start">
          <div className="col-12 col-sm-4">
            <TextField
              id="handover-cash"
              label={t('riders.settle.cashField')}
              className="mb-0"
              {...numberField('whole')}
              error={fieldMessage(errors.cash, t('riders.settle.wholeTaka'))}
              {...numberInput(register, 'cash')}
            />
          </div>
          <div className="col-12 col-sm-5">
            <TextField
              id="handover-note"
              label={t('riders.settle.noteField')}
              className="mb-0"
              maxLength={200}
              autoComplete="off"
              error={errors.note?.message}
              {...register('note')}
            />
          </div>
          <div className="col-12 col-sm-3 handover-submit">
            <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
              {t('riders.settle.save')}
            </button>
          </div>
        </form>
        <div aria-live="polite">
          {failure && (
            <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
              {failure}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * /admin/riders/{id}?date= (who settles riders' cash): a rider's day on one sheet: the orders they
 * delivered with what they collected, those that failed with the reason (back at the shop,
 * unassigned: each leads to the order, to send it out again or cancel it), those still out; the
 * day's totals by method, the cash held before the day, the day's handovers and the cash the rider
 * holds now. "Cash handed over" records a handover; the difference stays until settled.
 */
export function SettlementPage() {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const time = useShopTime();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = CALENDAR_DAY.test(asked) ? asked : '';
  const sheet = useQuery({
    queryKey: settlementKey(id, date),
    queryFn: () => fetchSettlement(id, date),
    enabled: valid,
    staleTime: 0,
  });
  const today = time.day();
  const day = date || sheet.data?.date || today;

  if (!valid || (sheet.isError && isApiError(sheet.error, 404))) return <NotFound />;

  const saved = (answer: Settlement) => {
    queryClient.setQueryData(settlementKey(id, date), answer);
    void refreshRiders(queryClient);
  };

  return (
    <div className="settlement">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <Link to="/admin/riders" className="btn btn-outline-secondary" aria-label={t('riders.settle.back')}>
          <span aria-hidden="true">←</span>
        </Link>
        <div className="me-auto">
          <h1 className="h4 mb-0">
            {sheet.data
              ? t('riders.settle.title', { name: sheet.data.rider.name })
              : t('riders.riders.title')}
          </h1>
          <p className="text-secondary mb-0">
            {sheet.data?.rider.phone} · {formatDay(day, language)}
          </p>
        </div>
        <div>
          <label htmlFor="settle-date" className="form-label small mb-1">
            {t('riders.settle.date')}
          </label>
          <input
            id="settle-date"
            type="date"
            className="form-control"
            value={day}
            max={today}
            onChange={(event) => {
              // A date field answers '' while a part of the date is being typed: wait for a whole day.
              const next = event.target.value;
              if (CALENDAR_DAY.test(next)) setParams({ date: next });
            }}
          />
        </div>
      </div>
      <QueryState query={sheet}>
        {(data) => (
          <>
            <Figures sheet={data} />
            <HandoverForm key={data.handovers.length} riderId={id} sheet={data} onSaved={saved} />
            <SheetPart
              id="settle-delivered"
              title={t('riders.settle.delivered')}
              count={data.delivered.length}
              empty={t('riders.settle.noneDelivered')}
            >
              <SheetOrders id="settle-delivered" orders={data.delivered} kind="delivered" />
            </SheetPart>
            <SheetPart
              id="settle-failed"
              title={t('riders.settle.failed')}
              count={data.failed.length}
              empty={t('riders.settle.noneFailed')}
              note={t('riders.settle.failedNote')}
            >
              <SheetOrders id="settle-failed" orders={data.failed} kind="failed" />
            </SheetPart>
            <SheetPart
              id="settle-open"
              title={t('riders.settle.open')}
              count={data.open.length}
              empty={t('riders.settle.noneOpen')}
            >
              <SheetOrders id="settle-open" orders={data.open} kind="open" />
            </SheetPart>
            <Handovers sheet={data} />
          </>
        )}
      </QueryState>
    </div>
  );
}
