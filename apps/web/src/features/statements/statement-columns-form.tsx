import { useEffect, useRef, type FormEvent } from 'react';
import { describedBy, FieldError } from '../../components/field-error';
import { methodLabel } from '../../components/order-record';
import { useTranslation } from '../../lib/i18n/i18n';
import type { StatementErrors } from './statement-errors';
import type { StatementColumns, StatementMapping, StatementMethod } from './statements-api';

type Role = keyof StatementMapping;

/** The three columns to choose, each with the server's name for its field in a 422's errors. */
const SELECTS = [
  { role: 'trx', field: 'trx_column' },
  { role: 'amount', field: 'amount_column' },
  { role: 'time', field: 'time_column' },
] as const satisfies ReadonlyArray<{ role: Role; field: keyof StatementErrors }>;

/** A select of the header's columns; the time column may be "None" (the statement has no dates). */
function ColumnSelect({
  role,
  header,
  value,
  error,
  onChange,
}: {
  role: Role;
  header: readonly string[];
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = `statement-${role}`;
  return (
    <div className="col-12 col-md-4">
      <label htmlFor={id} className="form-label">
        {t(`adminStatements.columns.${role}`)}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {role === 'time' ? (
          <option value="">{t('adminStatements.columns.none')}</option>
        ) : (
          // Nothing fits yet: the person chooses (the server refuses an empty choice).
          value === '' && (
            <option value="" disabled>
              {t('adminStatements.columns.choose')}
            </option>
          )
        )}
        {header.map(
          // A column without a name cannot be named back to the server.
          (name, index) =>
            name !== '' && (
              <option key={index} value={name}>
                {name}
              </option>
            ),
        )}
      </select>
      <FieldError id={id} message={error} />
    </div>
  );
}

/** The first rows as the file has them, the chosen columns marked; scrolls sideways on a phone. */
function SamplePreview({ columns, mapping }: { columns: StatementColumns; mapping: StatementMapping }) {
  const { t } = useTranslation();
  const chosen = new Set([mapping.trx, mapping.amount, mapping.time].filter(Boolean));
  const mark = (index: number) => (chosen.has(columns.header[index] ?? '') ? 'statement-chosen' : undefined);
  if (columns.sample.length === 0)
    return <p className="text-secondary small mb-0">{t('adminStatements.columns.noRows')}</p>;
  return (
    <div className="table-responsive statement-sample">
      <table className="table table-sm table-bordered small text-nowrap mb-0">
        <caption className="caption-top pt-0">{t('adminStatements.columns.sample')}</caption>
        <thead>
          <tr>
            {columns.header.map((name, index) => (
              <th key={index} scope="col" className={mark(index)}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {columns.sample.map((cells, row) => (
            <tr key={row}>
              {columns.header.map((_, index) => (
                <td key={index} className={mark(index)}>
                  {cells[index] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Whether the columns were remembered for the method, guessed from their names, or left to choose. */
function MappingNote({ columns, method }: { columns: StatementColumns; method: StatementMethod }) {
  const { t } = useTranslation();
  if (columns.remembered)
    return (
      <p className="small text-success mb-0" data-testid="statement-mapping-note">
        {t('adminStatements.columns.remembered', { method: methodLabel(t, method) })}
      </p>
    );
  return (
    <p className="small text-secondary mb-0" data-testid="statement-mapping-note">
      {columns.mapping ? t('adminStatements.columns.guessed') : t('adminStatements.columns.unknown')}
    </p>
  );
}

/**
 * Step 2: which of the file's columns holds the transaction id, the amount and the time,
 * preselected from what the server remembered or guessed, with the file's first rows to check
 * them against. "Match" matches the statement with the shop's payments.
 */
export function StatementColumnsForm({
  columns,
  method,
  mapping,
  errors,
  busy,
  onChange,
  onMatch,
}: {
  columns: StatementColumns;
  method: StatementMethod;
  mapping: StatementMapping;
  errors: StatementErrors;
  busy: boolean;
  onChange: (mapping: StatementMapping) => void;
  onMatch: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // A file just read: its columns come into view (a phone scrolls to them) and are read out next.
  useEffect(() => heading.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onMatch();
  };

  return (
    <form className="row g-3" aria-labelledby="statement-columns-title" onSubmit={submit} noValidate>
      <div className="col-12">
        <h2 id="statement-columns-title" className="h5 mb-1" ref={heading} tabIndex={-1}>
          {t('adminStatements.columns.title')}
        </h2>
        <MappingNote columns={columns} method={method} />
      </div>
      {SELECTS.map(({ role, field }) => (
        <ColumnSelect
          key={role}
          role={role}
          header={columns.header}
          value={mapping[role]}
          error={errors[field]}
          onChange={(value) => onChange({ ...mapping, [role]: value })}
        />
      ))}
      <div className="col-12">
        <SamplePreview columns={columns} mapping={mapping} />
      </div>
      <div className="col-12 col-md-4">
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {busy ? t('adminStatements.columns.matching') : t('adminStatements.columns.match')}
        </button>
      </div>
    </form>
  );
}
