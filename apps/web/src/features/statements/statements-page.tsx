import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { statementErrorsOf, type StatementErrors } from './statement-errors';
import { StatementColumnsForm } from './statement-columns-form';
import { StatementFileForm, type StatementDraft } from './statement-file-form';
import { StatementResult } from './statement-result';
import {
  matchStatement,
  readColumns,
  type StatementColumns,
  type StatementFile,
  type StatementMapping,
  type StatementMatch,
} from './statements-api';
import '../../components/admin-cards.css';
import './statements.css';

const NO_MAPPING: StatementMapping = { trx: '', amount: '', time: '' };

/** A result with the number of its asking: each new one is drawn afresh (and its heading focused). */
type Shown = { data: StatementMatch; asked: number };

const COLUMN_FIELDS = ['trx_column', 'amount_column', 'time_column'] as const;

/** The errors without those of `fields`: a field changed loses its message at once. */
const without = (errors: StatementErrors, fields: readonly string[]): StatementErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));

/**
 * /admin/statements (who closes the cash): a merchant statement matched with the payments the shop
 * recorded. 1: the method, the file and, if wanted, the days; "Read columns" finds the file's
 * header (POST /api/statements/columns). 2: the transaction id, amount and time columns, offered
 * as remembered for the method or guessed; "Match" (POST /api/statements/match, which remembers
 * them). 3: what matched (and where the amounts differ), what the statement lacks, and what the
 * shop never recorded. A change to an earlier step clears the later ones: they no longer fit it.
 */
export function StatementsPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<StatementDraft>({ method: 'bkash', file: null, from: '', to: '' });
  const [columns, setColumns] = useState<StatementColumns | null>(null);
  const [mapping, setMapping] = useState<StatementMapping>(NO_MAPPING);
  const [result, setResult] = useState<Shown | null>(null);
  const [errors, setErrors] = useState<StatementErrors>({});
  const [alert, setAlert] = useState<string>();
  const read = useMutation({ mutationFn: readColumns });
  const match = useMutation({
    mutationFn: ({ chosen, columns }: { chosen: StatementFile; columns: StatementMapping }) =>
      matchStatement(chosen, columns),
  });
  // Counts the changes to the choices: an answer to choices changed since it was asked is dropped.
  const changes = useRef(0);
  const current = () => {
    const asked = changes.current;
    return () => asked === changes.current;
  };

  /** A refusal's field messages go under their fields; any other failure is said above the form. */
  const failed = (error: unknown) => {
    const fields = statementErrorsOf(error);
    setErrors(fields);
    setAlert(Object.keys(fields).length > 0 ? undefined : serverMessage(error, t('common.somethingWrong')));
  };
  const started = () => {
    setErrors({});
    setAlert(undefined);
  };

  const changeDraft = (change: Partial<StatementDraft>) => {
    changes.current++;
    setDraft((now) => ({ ...now, ...change }));
    // Another method or file has other columns; other days another result.
    if ('method' in change || 'file' in change) setColumns(null);
    setResult(null);
    setErrors((now) => without(now, Object.keys(change)));
  };

  const changeMapping = (next: StatementMapping) => {
    changes.current++;
    setMapping(next);
    setResult(null);
    setErrors((now) => without(now, COLUMN_FIELDS));
  };

  const chosenFile = (): StatementFile | undefined =>
    draft.file ? { ...draft, file: draft.file } : undefined;

  const onRead = () => {
    const chosen = chosenFile();
    if (!chosen) return setErrors({ file: t('adminStatements.file.chooseFile') });
    started();
    setColumns(null);
    setResult(null);
    const fits = current();
    read.mutate(chosen, {
      onSuccess: (data) => {
        if (!fits()) return;
        setColumns(data);
        setMapping(data.mapping ?? NO_MAPPING);
      },
      onError: (error) => fits() && failed(error),
    });
  };

  const onMatch = () => {
    const chosen = chosenFile();
    if (!chosen) return setErrors({ file: t('adminStatements.file.chooseFile') });
    started();
    const fits = current();
    match.mutate(
      { chosen, columns: mapping },
      {
        onSuccess: (data) => fits() && setResult((now) => ({ data, asked: (now?.asked ?? 0) + 1 })),
        onError: (error) => fits() && failed(error),
      },
    );
  };

  return (
    <div className="statements">
      <h1 className="h4 mb-1">{t('adminStatements.title')}</h1>
      <p className="text-secondary small mb-3">{t('adminStatements.help')}</p>
      {alert && (
        <div className="alert alert-danger py-2" role="alert">
          {alert}
        </div>
      )}
      <div className="card shadow-sm mb-3">
        <div className="card-body">
          <StatementFileForm
            draft={draft}
            errors={errors}
            busy={read.isPending}
            onChange={changeDraft}
            onRead={onRead}
          />
        </div>
      </div>
      {columns && (
        <div className="card shadow-sm mb-3">
          <div className="card-body">
            <StatementColumnsForm
              columns={columns}
              method={draft.method}
              mapping={mapping}
              errors={errors}
              busy={match.isPending}
              onChange={changeMapping}
              onMatch={onMatch}
            />
          </div>
        </div>
      )}
      {result && (
        <div className="card shadow-sm mb-3">
          <div className="card-body">
            <StatementResult key={result.asked} result={result.data} />
          </div>
        </div>
      )}
    </div>
  );
}
