import { STATEMENT_METHODS, type StatementMethod } from '@bazar/contracts/statements';
import type { FormEvent } from 'react';
import { describedBy, FieldError } from '../../components/field-error';
import { methodLabel } from '../../components/order-record';
import { useTranslation } from '../../lib/i18n/i18n';
import type { StatementErrors } from './statement-errors';
import { FileInput } from '../../components/file-input';

/** What the first step holds; `file` is null until one is chosen, days '' for the file's own. */
export interface StatementDraft {
  method: StatementMethod;
  file: File | null;
  from: string;
  to: string;
}

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A control's id and aria attributes: its field error when shown, and the id of a hint it has. */
const marked = (id: string, error: string | undefined, hint?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [describedBy(id, { error }), hint].filter(Boolean).join(' ') || undefined,
});

/**
 * Step 1: whose statement (bKash, Nagad, card, SSLCommerz), the file and, when the statement's own
 * days should not be used, the shop days to match. "Read columns" asks the server for its header.
 */
export function StatementFileForm({
  draft,
  errors,
  busy,
  onChange,
  onRead,
}: {
  draft: StatementDraft;
  errors: StatementErrors;
  busy: boolean;
  onChange: (change: Partial<StatementDraft>) => void;
  onRead: () => void;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRead();
  };
  const invalid = (error: string | undefined, base: string) => `${base}${error ? ' is-invalid' : ''}`;

  return (
    <form className="row g-3" aria-labelledby="statement-file-title" onSubmit={submit} noValidate>
      <h2 id="statement-file-title" className="h5 col-12 mb-0">
        {t('adminStatements.file.title')}
      </h2>
      <div className="col-12 col-md-4">
        <label htmlFor="statement-method" className="form-label">
          {t('adminStatements.file.method')}
        </label>
        <select
          {...marked('statement-method', errors.method)}
          className={invalid(errors.method, 'form-select')}
          value={draft.method}
          onChange={(event) => onChange({ method: event.target.value as StatementMethod })}
        >
          {STATEMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {methodLabel(t, method)}
            </option>
          ))}
        </select>
        <FieldError id="statement-method" message={errors.method} />
      </div>
      <div className="col-12 col-md-8">
        <label htmlFor="statement-file" className="form-label">
          {t('adminStatements.file.file')}
        </label>
        <FileInput
          {...marked('statement-file', errors.file, 'statement-file-help')}
          className={invalid(errors.file, 'form-control')}
          accept={ACCEPT}
          onChange={(event) => onChange({ file: event.target.files?.[0] ?? null })}
        />
        <FieldError id="statement-file" message={errors.file} />
        <div id="statement-file-help" className="form-text">
          {t('adminStatements.file.fileHelp')}
        </div>
      </div>
      {(['from', 'to'] as const).map((key) => (
        <div key={key} className="col-6 col-md-4">
          <label htmlFor={`statement-${key}`} className="form-label">
            {t(`adminStatements.file.${key}`)}
          </label>
          <input
            // Both dates share the one hint below them.
            {...marked(`statement-${key}`, errors[key], 'statement-days-help')}
            type="date"
            className={invalid(errors[key], 'form-control')}
            value={draft[key]}
            onChange={(event) => onChange({ [key]: event.target.value })}
          />
          <FieldError id={`statement-${key}`} message={errors[key]} />
        </div>
      ))}
      {/* Under the dates on a phone; on a wider screen the button sits beside them, the hint below. */}
      <p id="statement-days-help" className="form-text col-12 col-md-8 order-md-1 mt-1 mb-0">
        {t('adminStatements.file.daysHelp')}
      </p>
      <div className="col-12 col-md-4 d-flex align-items-end">
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {busy ? t('adminStatements.file.reading') : t('adminStatements.file.read')}
        </button>
      </div>
    </form>
  );
}
