import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { byTitle, lineTitle, quantityText } from './stocktake-bits';
import type { StocktakeLine } from './stocktakes-api';
import type { CountEntry } from './use-counting';

/** How many lines a list shows before "Show all": a count of everything has thousands. */
const FIRST = 20;

/** A list's heading with how many it holds. */
function Heading({ id, title, count }: { id: string; title: string; count: number }) {
  const { formatNumber } = useTranslation();
  return (
    <h2 id={id} className="h6 mb-2">
      {title} <span className="badge text-bg-light border">{formatNumber(count)}</span>
    </h2>
  );
}

/**
 * This device's last counts, newest first, each with what became of it: saved, being sent, not
 * saved (with "Send again", under the same id) or refused with the server's reason. A saved count
 * can be undone: the same quantity taken back from this person's tally (never below 0).
 */
export function LastCounts({
  entries,
  byId,
  onRetry,
  onUndo,
}: {
  entries: readonly CountEntry[];
  byId: ReadonlyMap<number, StocktakeLine>;
  onRetry: (clientId: string) => void;
  onUndo: (clientId: string) => void;
}) {
  const { t, formatNumber } = useTranslation();
  const name = useLocalName();
  return (
    <section className="card mb-3" aria-labelledby="last-counts-title">
      <div className="card-body">
        <h2 id="last-counts-title" className="h6 mb-2">
          {t('stocktakes.counting.last')}
        </h2>
        {entries.length === 0 ? (
          <p className="small text-secondary mb-2">{t('stocktakes.counting.lastEmpty')}</p>
        ) : (
          <ul className="list-unstyled mb-2 last-counts" aria-labelledby="last-counts-title">
            {entries.map((entry) => {
              const line = byId.get(entry.productId);
              const title = line ? lineTitle(name, line) : `#${entry.productId}`;
              return (
                <li key={entry.clientId} className="d-flex align-items-center gap-2" data-state={entry.state}>
                  <span className="fw-semibold text-nowrap last-qty">
                    {quantityText(
                      t,
                      `${entry.qty < 0 ? '−' : '+'}${formatNumber(Math.abs(entry.qty))}`,
                      line?.unit ?? 'pcs',
                    )}
                  </span>
                  <span className="me-auto min-w-0">
                    {title}
                    {entry.state === 'refused' && (
                      <span className="d-block small text-danger">{entry.message}</span>
                    )}
                  </span>
                  {entry.state === 'failed' ? (
                    <>
                      <span className="small text-nowrap">{t('stocktakes.counting.notSaved')}</span>
                      <button
                        type="button"
                        className="btn btn-sm btn-warning text-nowrap"
                        aria-label={t('stocktakes.counting.sendAgainLabel', { name: title })}
                        onClick={() => onRetry(entry.clientId)}
                      >
                        {t('stocktakes.counting.sendAgain')}
                      </button>
                    </>
                  ) : entry.state === 'saved' && entry.qty > 0 && !entry.undone ? (
                    <>
                      <span className="small text-nowrap text-success">{t('stocktakes.counting.saved')}</span>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary text-nowrap"
                        aria-label={t('stocktakes.counting.undoLabel', { name: title })}
                        onClick={() => onUndo(entry.clientId)}
                      >
                        {t('stocktakes.counting.undo')}
                      </button>
                    </>
                  ) : (
                    <span
                      className={`small text-nowrap ${entry.state === 'saved' ? 'text-success' : entry.state === 'refused' ? 'text-danger' : 'text-secondary'}`}
                    >
                      {entry.state === 'saved'
                        ? t('stocktakes.counting.saved')
                        : entry.state === 'sending'
                          ? t('stocktakes.counting.sending')
                          : t('stocktakes.counting.notSaved')}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <p className="small text-secondary mb-0">{t('stocktakes.counting.undoHelp')}</p>
      </div>
    </section>
  );
}

/** A list of lines that shows the first ones and "Show all" for the rest. */
function LineList({
  id,
  lines,
  render,
}: {
  id: string;
  lines: readonly StocktakeLine[];
  render: (line: StocktakeLine) => ReactNode;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? lines : lines.slice(0, FIRST);
  return (
    <>
      <ul className="list-group list-group-flush count-lines" aria-labelledby={id}>
        {shown.map((line) => (
          <li key={line.product_id} className="list-group-item px-0 py-1" data-product-id={line.product_id}>
            {render(line)}
          </li>
        ))}
      </ul>
      {shown.length < lines.length && (
        <button type="button" className="btn btn-link px-0" onClick={() => setAll(true)}>
          {t('stocktakes.counting.showAll', { count: lines.length })}
        </button>
      )}
    </>
  );
}

/** A line as a button that makes it the product being counted (or plain text when counting is over). */
function LineButton({
  line,
  onChoose,
  children,
}: {
  line: StocktakeLine;
  onChoose: ((line: StocktakeLine) => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  if (!onChoose)
    return <div className="d-flex flex-wrap align-items-center column-gap-2 py-1">{children}</div>;
  return (
    <button
      type="button"
      className="btn btn-link text-body text-decoration-none text-start w-100 d-flex flex-wrap align-items-center column-gap-2 px-0"
      aria-label={t('stocktakes.counting.choose', { name: lineTitle(name, line) })}
      onClick={() => onChoose(line)}
    >
      {children}
    </button>
  );
}

/** "Not counted yet": the count's products nobody has counted, by name; a tap counts one. */
export function NotCountedList({
  lines,
  onChoose,
}: {
  lines: readonly StocktakeLine[];
  onChoose: (line: StocktakeLine) => void;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  const left = useMemo(
    () =>
      byTitle(
        name,
        lines.filter((l) => l.counted === null),
      ),
    [lines, name],
  );
  return (
    <section className="card mb-3" aria-labelledby="not-counted-title">
      <div className="card-body">
        <Heading id="not-counted-title" title={t('stocktakes.counting.notCounted')} count={left.length} />
        {left.length === 0 ? (
          <p className="small text-secondary mb-0">{t('stocktakes.counting.allCounted')}</p>
        ) : (
          <LineList
            id="not-counted-title"
            lines={left}
            render={(line) => (
              <LineButton line={line} onChoose={onChoose}>
                <span className="me-auto">{lineTitle(name, line)}</span>
                <span className="small text-secondary text-nowrap" translate="no">
                  {line.barcode}
                </span>
              </LineButton>
            )}
          />
        )}
      </div>
    </section>
  );
}

/** "Counted": each counted product with this person's tally and everyone's. */
export function CountedList({
  lines,
  onChoose,
}: {
  lines: readonly StocktakeLine[];
  onChoose: ((line: StocktakeLine) => void) | undefined;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  const counted = useMemo(
    () =>
      byTitle(
        name,
        lines.filter((l) => l.counted !== null),
      ),
    [lines, name],
  );
  return (
    <section className="card mb-3" aria-labelledby="counted-title">
      <div className="card-body">
        <Heading id="counted-title" title={t('stocktakes.counting.counted')} count={counted.length} />
        {counted.length === 0 ? (
          <p className="small text-secondary mb-0">{t('stocktakes.counting.noneCounted')}</p>
        ) : (
          <LineList
            id="counted-title"
            lines={counted}
            render={(line) => (
              <LineButton line={line} onChoose={onChoose}>
                <span className="me-auto">{lineTitle(name, line)}</span>
                <span className="small text-nowrap counted-tallies">
                  <span className="text-secondary">{t('stocktakes.counting.mine')}</span>{' '}
                  <span className="fw-semibold" data-testid="line-mine">
                    {quantityText(t, line.mine, line.unit)}
                  </span>
                  {' · '}
                  <span className="text-secondary">{t('stocktakes.counting.everyone')}</span>{' '}
                  <span className="fw-semibold" data-testid="line-everyone">
                    {quantityText(t, line.counted ?? 0, line.unit)}
                  </span>
                </span>
              </LineButton>
            )}
          />
        )}
      </div>
    </section>
  );
}
