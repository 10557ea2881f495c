import type { ImportAction, ImportError, ImportReport, ImportRowResult } from '@bazar/contracts/imports';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatNumber, useTranslation, type MessageKey } from '../lib/i18n/i18n';

/** Rows drawn in the table at most: a 10,000-row file is judged whole, its first rows shown. */
const SHOWN_ROWS = 500;

const LABEL = {
  create: 'adminImport.actions.create',
  update: 'adminImport.actions.update',
  unchanged: 'adminImport.actions.unchanged',
  error: 'adminImport.actions.error',
} as const satisfies Record<ImportAction, MessageKey>;

const BADGE: Record<ImportAction, string> = {
  create: 'text-bg-success',
  update: 'text-bg-primary',
  unchanged: 'text-bg-secondary',
  error: 'text-bg-danger',
};

/** A note beside a row (a product row's unknown category path); `pending` marks one waiting for the owner. */
export type RowNote = { text: string; pending: boolean };

/**
 * An import's answer: the counts, what it adds, the header's problems and the rows one by one.
 * `beforeRows` goes above the table (the category decisions); `notes` adds lines beside a row, a
 * row with a pending one marked with `pendingBadge`.
 */
export function ImportReportView({
  report,
  beforeRows,
  notes,
  pendingBadge,
}: {
  report: ImportReport;
  beforeRows?: ReactNode;
  notes?: ((row: ImportRowResult) => RowNote[]) | undefined;
  /** The badge of a row with a pending note ("Needs a decision"). */
  pendingBadge?: string | undefined;
}) {
  const { t } = useTranslation();
  const [errorsOnly, setErrorsOnly] = useState(false);
  // The buttons that led here are gone: the keyboard's focus goes to what the file does.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [report]);
  const byRow = useMemo(() => {
    const map = new Map<number, ImportError[]>();
    for (const e of report.errors) map.set(e.row, [...(map.get(e.row) ?? []), e]);
    return map;
  }, [report.errors]);
  const headerErrors = byRow.get(1) ?? [];
  const rows = errorsOnly ? report.results.filter((r) => r.action === 'error') : report.results;
  const shown = rows.slice(0, SHOWN_ROWS);

  const counts: Array<[string, number, string]> = [
    [t('adminImport.summary.rows'), report.rows, ''],
    [t('adminImport.summary.create'), report.created, 'text-success'],
    [t('adminImport.summary.update'), report.updated, 'text-primary'],
    [t('adminImport.summary.unchanged'), report.unchanged, 'text-secondary'],
    [t('adminImport.summary.error'), report.refused, report.refused > 0 ? 'text-danger' : ''],
  ];

  return (
    <>
      <p className="visually-hidden" role="status">
        {t('adminImport.summary.status', {
          rows: report.rows,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          refused: report.refused,
        })}
      </p>
      <h3 className="h6" ref={heading} tabIndex={-1}>
        {t(report.applied ? 'adminImport.summary.doneTitle' : 'adminImport.summary.title')}
      </h3>
      <dl className="row row-cols-2 row-cols-sm-5 g-2 mb-3 text-center import-counts">
        {counts.map(([label, value, tone]) => (
          <div key={label} className="col">
            <div className="border rounded py-2">
              <dt className="small fw-normal text-secondary">{label}</dt>
              <dd className={`h5 mb-0 ${tone}`}>{formatNumber(value)}</dd>
            </div>
          </div>
        ))}
      </dl>
      {report.new_brands && report.new_brands.length > 0 && (
        <p className="small mb-1">
          {t(report.applied ? 'adminImport.addedBrands' : 'adminImport.newBrands', {
            list: report.new_brands.join(', '),
          })}
        </p>
      )}
      {report.new_categories && report.new_categories.length > 0 && (
        <p className="small mb-3">
          {t(report.applied ? 'adminImport.addedCategories' : 'adminImport.newCategories', {
            list: report.new_categories.join('; '),
          })}
        </p>
      )}
      {headerErrors.length > 0 && (
        <div className="alert alert-danger" role="alert">
          <p className="mb-1">{t('adminImport.headerErrors')}</p>
          <ul className="mb-0">
            {headerErrors.map((e) => (
              <li key={`${e.field}-${e.message}`}>
                <strong>{e.field}</strong>: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {beforeRows}
      {report.refused > 0 && (
        <div className="form-check mb-2">
          <input
            id="import-errors-only"
            type="checkbox"
            className="form-check-input"
            checked={errorsOnly}
            onChange={(event) => setErrorsOnly(event.target.checked)}
          />
          <label htmlFor="import-errors-only" className="form-check-label">
            {t('adminImport.errorsOnly')}
          </label>
        </div>
      )}
      {shown.length > 0 && (
        <div className="table-responsive import-rows">
          <table className="table table-sm align-middle mb-2">
            <caption className="visually-hidden">{t('adminImport.table.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t('adminImport.table.row')}
                </th>
                <th scope="col">{t('adminImport.table.result')}</th>
                <th scope="col">{t('adminImport.table.name')}</th>
                <th scope="col">{t('adminImport.table.problems')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => {
                const rowNotes = notes?.(r) ?? [];
                const pending = r.action !== 'error' && rowNotes.some((n) => n.pending);
                return (
                  <tr
                    key={r.row}
                    className={r.action === 'error' ? 'table-danger' : pending ? 'table-warning' : undefined}
                  >
                    <td className="num font-monospace">{r.row}</td>
                    <td>
                      <span className={`badge ${BADGE[r.action]}`}>{t(LABEL[r.action])}</span>
                      {pending && pendingBadge && (
                        <span className="badge text-bg-warning ms-1">{pendingBadge}</span>
                      )}
                    </td>
                    <td>{r.title}</td>
                    <td>
                      {(byRow.get(r.row) ?? []).map((e) => (
                        <div key={`${e.field}-${e.message}`} className="small">
                          <strong>{e.field}</strong>: {e.message}
                        </div>
                      ))}
                      {rowNotes.map((n) => (
                        <div key={n.text} className={`small${n.pending ? ' fw-semibold' : ''}`}>
                          {n.text}
                        </div>
                      ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > shown.length && (
        <p className="small text-secondary">
          {t('adminImport.shown', { shown: shown.length, total: rows.length })}
        </p>
      )}
    </>
  );
}
