import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { DataTable } from '../../components/data-table';
import { NotFound } from '../../components/not-found';
import { QueryState } from '../../components/query-state';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import '../../components/admin-cards.css';
import { lineTitle, quantityText, scopeText, StatusBadge } from './stocktake-bits';
import {
  approveStocktake,
  cancelStocktake,
  fetchStocktake,
  stocktakeKey,
  stocktakesKey,
  type StocktakeDetail,
  type StocktakeLine,
} from './stocktakes-api';
import './stocktakes.css';

/** A figure with its sign: a gain "+3", a loss "-3" (0 as it is). */
const signed = (formatNumber: (n: number) => string, n: number) =>
  n > 0 ? `+${formatNumber(n)}` : formatNumber(n);

/** The colour of a difference: red for missing goods, green for found ones. */
const tone = (n: number | null | undefined) =>
  n === null || n === undefined || n === 0 ? '' : n < 0 ? 'text-danger' : 'text-success';

/** An amount at buy price with its sign ("-120 BDT", "+40 BDT"). */
const money = (t: TFunction, formatNumber: (n: number) => string, amount: number) =>
  t('stocktakes.amount', { amount: signed(formatNumber, amount) });

/** A figure of the totals: its name over the amount. */
function Figure({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="col-6 col-md-3">
      <div className="card h-100">
        <div className="card-body py-2">
          <p id={`${id}-label`} className="small text-secondary mb-1">
            {label}
          </p>
          <p className="fs-5 fw-semibold mb-0" aria-labelledby={`${id}-label`} data-testid={id}>
            {children}
          </p>
        </div>
      </div>
    </div>
  );
}

/** The count's totals: what was found and what is missing at buy price, the net, how many counted. */
function Figures({ detail }: { detail: StocktakeDetail }) {
  const { t, formatNumber } = useTranslation();
  const values = detail.items.map((l) => l.value ?? 0);
  const gains = values.filter((v) => v > 0).reduce((sum, v) => sum + v, 0);
  const losses = values.filter((v) => v < 0).reduce((sum, v) => sum + v, 0);
  return (
    <section className="row g-2 mb-3" aria-label={t('stocktakes.review.figures')}>
      <Figure id="review-gains" label={t('stocktakes.review.gains')}>
        <span className={tone(gains)}>{money(t, formatNumber, gains)}</span>
      </Figure>
      <Figure id="review-losses" label={t('stocktakes.review.losses')}>
        <span className={tone(losses)}>{money(t, formatNumber, losses)}</span>
      </Figure>
      <Figure id="review-net" label={t('stocktakes.review.net')}>
        <span className={tone(gains + losses)}>{money(t, formatNumber, gains + losses)}</span>
      </Figure>
      <Figure id="review-counted" label={t('stocktakes.review.countedLines')}>
        {t('stocktakes.review.countedOf', { counted: detail.counted, lines: detail.lines })}
        <span className="d-block small fw-normal text-secondary">
          {t('stocktakes.review.approvedOf', { approved: detail.approved })}
        </span>
      </Figure>
    </section>
  );
}

/**
 * A line's state: approved, waiting for approval, or nobody counted it (it keeps its books on
 * "Approve all counted", and kept them once the count closed); in a cancelled count, set aside.
 */
function LineState({ line, status }: { line: StocktakeLine; status: StocktakeDetail['status'] }) {
  const { t } = useTranslation();
  if (line.approved) return <span className="badge text-bg-success">{t('stocktakes.review.approved')}</span>;
  if (status === 'cancelled') {
    return <span className="badge text-bg-secondary">{t('stocktakes.review.setAside')}</span>;
  }
  if (line.counted === null) {
    return (
      <>
        <span className="badge text-bg-warning">{t('stocktakes.review.notCounted')}</span>
        <span className="d-block small text-secondary keeps-books">
          {status === 'open' ? t('stocktakes.review.keepsBooks') : t('stocktakes.review.keptBooks')}
        </span>
      </>
    );
  }
  return <span className="badge text-bg-light border">{t('stocktakes.review.waiting')}</span>;
}

type Asking = 'selected' | 'all' | 'cancel' | null;

/** The review of one count: totals, lines with their differences, approval and cancelling. */
function Review({ detail }: { detail: StocktakeDetail }) {
  const { t, formatNumber } = useTranslation();
  const name = useLocalName();
  const time = useShopTime();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState<Asking>(null);
  const [pending, setPending] = useState(false);
  const open = detail.status === 'open';
  const waiting = detail.items.filter((l) => !l.approved);
  const countedWaiting = waiting.filter((l) => l.counted !== null);
  const uncounted = waiting.filter((l) => l.counted === null);
  const chosen = waiting.filter((l) => selected.has(l.product_id));
  const chosenUncounted = chosen.filter((l) => l.counted === null).length;
  const allCountedTicked =
    countedWaiting.length > 0 && countedWaiting.every((l) => selected.has(l.product_id));
  const col = (key: 'product' | 'expected' | 'counted' | 'difference' | 'value' | 'state') =>
    t(`stocktakes.review.columns.${key}`);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const run = async (work: () => Promise<string>) => {
    setPending(true);
    try {
      const done = await work();
      toast.success(done);
      setSelected(new Set());
      setAsking(null);
      // The count itself took the answer; the list's figures are read again.
      void queryClient.invalidateQueries({ queryKey: stocktakesKey });
    } catch (error) {
      toast.error(serverMessage(error, t('stocktakes.review.failed')));
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: stocktakeKey(detail.id) });
    } finally {
      setPending(false);
    }
  };

  const approveChosen = () =>
    run(async () => {
      const answer = await approveStocktake(
        detail.id,
        chosen.map((l) => l.product_id),
      );
      queryClient.setQueryData(stocktakeKey(detail.id), answer);
      return answer.status === 'approved'
        ? t('stocktakes.review.approvedAll', { id: detail.id })
        : t('stocktakes.review.approvedLines', { count: chosen.length });
    });

  const approveAll = () =>
    run(async () => {
      const answer = await approveStocktake(detail.id);
      queryClient.setQueryData(stocktakeKey(detail.id), answer);
      return t('stocktakes.review.approvedAll', { id: detail.id });
    });

  const cancel = () =>
    run(async () => {
      await cancelStocktake(detail.id);
      await queryClient.invalidateQueries({ queryKey: stocktakeKey(detail.id) });
      return t('stocktakes.review.cancelled', { id: detail.id });
    });

  const quantity = (line: StocktakeLine, qty: number | null | undefined) =>
    qty === null || qty === undefined ? '—' : quantityText(t, qty, line.unit);

  return (
    <>
      {detail.status !== 'open' && detail.closed && (
        <div className="alert alert-secondary" role="status">
          {detail.status === 'approved'
            ? t('stocktakes.review.closedApproved', { when: time.dateTime(detail.closed) })
            : t('stocktakes.review.closedCancelled', { when: time.dateTime(detail.closed) })}
        </div>
      )}
      <Figures detail={detail} />
      <section className="card shadow-sm mb-3" aria-labelledby="review-lines-title">
        <div className="card-body">
          <h2 id="review-lines-title" className="h6 mb-1">
            {t('stocktakes.review.lines')}
          </h2>
          <p className="small text-secondary mb-2">{t('stocktakes.review.help')}</p>
          {detail.items.length === 0 ? (
            <p className="text-secondary mb-0">{t('stocktakes.review.noLines')}</p>
          ) : (
            <DataTable
              labelledBy="review-lines-title"
              className="table-sm align-middle admin-cards review-table mb-0"
              rows={detail.items}
              rowKey={(line) => line.product_id}
              rowProps={(line) => ({
                'data-product-id': line.product_id,
                ...(line.counted === null && { 'data-not-counted': true }),
              })}
              columns={[
                open && {
                  key: 'select',
                  header: (
                    <input
                      type="checkbox"
                      className="form-check-input review-tick"
                      aria-label={t('stocktakes.review.selectAll')}
                      checked={allCountedTicked}
                      disabled={countedWaiting.length === 0}
                      onChange={() =>
                        setSelected(
                          allCountedTicked ? new Set() : new Set(countedWaiting.map((l) => l.product_id)),
                        )
                      }
                    />
                  ),
                  className: 'review-tick-cell card-thumb',
                  cell: (line) =>
                    line.approved ? null : (
                      <input
                        type="checkbox"
                        className="form-check-input review-tick"
                        aria-label={t('stocktakes.review.select', { name: lineTitle(name, line) })}
                        checked={selected.has(line.product_id)}
                        onChange={() => toggle(line.product_id)}
                      />
                    ),
                },
                {
                  key: 'product',
                  header: col('product'),
                  className: 'card-main',
                  rowHeader: true,
                  cell: (line) => lineTitle(name, line),
                },
                {
                  key: 'expected',
                  header: col('expected'),
                  label: col('expected'),
                  className: 'num',
                  cell: (line) => quantity(line, line.expected),
                },
                {
                  key: 'counted',
                  header: col('counted'),
                  label: col('counted'),
                  className: 'num',
                  cell: (line) => quantity(line, line.counted),
                },
                {
                  key: 'difference',
                  header: col('difference'),
                  label: col('difference'),
                  className: 'num',
                  cell: (line) =>
                    line.difference === null || line.difference === undefined ? (
                      '—'
                    ) : (
                      <span className={tone(line.difference)}>
                        {quantityText(t, signed(formatNumber, line.difference), line.unit)}
                      </span>
                    ),
                },
                {
                  key: 'value',
                  header: col('value'),
                  label: col('value'),
                  className: 'num',
                  cell: (line) =>
                    line.value === null || line.value === undefined ? (
                      '—'
                    ) : (
                      <span className={`fw-semibold ${tone(line.value)}`}>
                        {money(t, formatNumber, line.value)}
                      </span>
                    ),
                },
                {
                  key: 'state',
                  header: col('state'),
                  label: col('state'),
                  className: 'card-full review-state',
                  cell: (line) => <LineState line={line} status={detail.status} />,
                },
              ]}
            />
          )}
        </div>
      </section>
      {open && (
        <div className="review-actions d-flex flex-wrap gap-2 mb-3" role="group">
          <button
            type="button"
            className="btn btn-primary"
            disabled={chosen.length === 0 || pending}
            onClick={() => setAsking('selected')}
          >
            {t('stocktakes.review.approveSelected', { count: chosen.length })}
          </button>
          <button
            type="button"
            className="btn btn-success"
            disabled={pending}
            onClick={() => setAsking('all')}
          >
            {t('stocktakes.review.approveAll')}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger ms-sm-auto"
            disabled={pending}
            onClick={() => setAsking('cancel')}
          >
            {t('stocktakes.review.cancel')}
          </button>
        </div>
      )}
      <AdminConfirmModal
        show={asking === 'selected'}
        title={t('stocktakes.review.confirmSelectedTitle')}
        confirmLabel={t('stocktakes.review.approve')}
        pending={pending}
        onConfirm={() => void approveChosen()}
        onClose={() => setAsking(null)}
      >
        <p className="mb-0">{t('stocktakes.review.confirmSelected', { count: chosen.length })}</p>
        {chosenUncounted > 0 && (
          <p className="mb-0 mt-2 fw-semibold">
            {t('stocktakes.review.confirmSelectedNone', { count: chosenUncounted })}
          </p>
        )}
      </AdminConfirmModal>
      <AdminConfirmModal
        show={asking === 'all'}
        title={t('stocktakes.review.confirmAllTitle')}
        confirmLabel={t('stocktakes.review.approveAll')}
        pending={pending}
        onConfirm={() => void approveAll()}
        onClose={() => setAsking(null)}
      >
        <p className="mb-0">{t('stocktakes.review.confirmAll', { count: countedWaiting.length })}</p>
        {uncounted.length > 0 && (
          <p className="mb-0 mt-2 fw-semibold">
            {t('stocktakes.review.confirmKeeps', { count: uncounted.length })}
          </p>
        )}
      </AdminConfirmModal>
      <AdminConfirmModal
        show={asking === 'cancel'}
        title={t('stocktakes.review.confirmCancelTitle')}
        confirmLabel={t('stocktakes.review.cancelConfirm')}
        cancelLabel={t('stocktakes.review.keepOpen')}
        pending={pending}
        onConfirm={() => void cancel()}
        onClose={() => setAsking(null)}
      >
        {t('stocktakes.review.confirmCancel')}
      </AdminConfirmModal>
    </>
  );
}

/**
 * /admin/stock-counts/{id} (who approves counts): what each product was expected to be (the books
 * at the count's start), what was counted, the difference and its value at buy price, largest
 * first as the server sends them; the totals of gains and losses. Lines are ticked to approve them
 * one by one, or "Approve all counted" approves every counted line and closes the count (lines
 * nobody counted keep their books); "Cancel count" closes it without changing stock.
 */
export function ReviewPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const time = useShopTime();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: stocktakeKey(id),
    queryFn: () => fetchStocktake(id),
    enabled: valid,
    staleTime: 0,
  });

  if (!valid || (detail.isError && isApiError(detail.error, 404))) return <NotFound />;
  const data = detail.data;

  return (
    <div className="review-page">
      <div className="d-flex align-items-start gap-2 mb-3">
        <Link
          to="/admin/stock-counts"
          className="btn btn-outline-secondary"
          aria-label={t('stocktakes.review.back')}
        >
          <span aria-hidden="true">←</span>
        </Link>
        <div className="me-auto min-w-0">
          <h1 className="h4 mb-0">{t('stocktakes.review.title', { id })}</h1>
          {data && (
            <p className="text-secondary mb-0">
              {scopeText(t, name, data)} ·{' '}
              {data.by
                ? t('stocktakes.startedBy', { when: time.dateTime(data.created), name: data.by })
                : time.dateTime(data.created)}{' '}
              <StatusBadge status={data.status} />
            </p>
          )}
        </div>
        {data?.status === 'open' && (
          <Link to={`/admin/stock-counts/${id}/count`} className="btn btn-outline-primary">
            {t('stocktakes.countLink')}
          </Link>
        )}
      </div>
      <QueryState query={detail}>{(loaded) => <Review detail={loaded} />}</QueryState>
    </div>
  );
}
