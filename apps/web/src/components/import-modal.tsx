import { IMPORT_LIMITS, type ImportReport } from '@bazar/contracts/imports';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { download, isApiError } from '../lib/api';
import { serverMessage } from '../lib/form-errors';
import { useTranslation } from '../lib/i18n/i18n';
import { toast } from '../lib/toast';
import { uploadForm, type UploadProgress } from '../lib/upload';
import {
  choiceFields,
  ImportCategoryChoices,
  rowsWaiting,
  useCategoryNotes,
  type CategoryChoices,
} from './import-categories';
import { FileField, ProgressBar } from './import-fields';
import { ImportReportView } from './import-report';

/** What one import screen needs: its call, its template and its words. */
export interface ImportTarget {
  title: string;
  help: string;
  /** `POST` of the import (multipart `file`, `images`, `dry_run`, `skip_errors`). */
  endpoint: 'POST /api/product/import' | 'POST /api/customer/import';
  template: { path: string; fileName: string };
  /** A product import takes a ZIP of pictures beside the file. */
  pictures?: { label: string; help: string } | undefined;
}

type Step =
  | { kind: 'choose'; error?: string | undefined }
  | { kind: 'busy'; progress: UploadProgress }
  | { kind: 'checked'; report: ImportReport; error?: string | undefined }
  | { kind: 'done'; report: ImportReport };

/** A 422 of an import that was refused carries its report under `data`. */
const refusedReport = (error: unknown): ImportReport | undefined =>
  isApiError(error, 422) ? (error.body as { data?: ImportReport } | undefined)?.data : undefined;

/**
 * The import screen: choose a CSV or XLSX file (and, for products, a ZIP of pictures); the file is
 * checked first (a dry run: the counts and every row's outcome), then imported as a whole, or
 * without its rows with errors when the owner says so. A bar shows the upload and the server's work.
 */
export function ImportModal({
  target,
  show,
  onClose,
  onImported,
}: {
  target: ImportTarget;
  show: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      show={show}
      onHide={() => !busy && onClose()}
      size="lg"
      scrollable
      backdrop={busy ? 'static' : true}
      aria-labelledby="import-title"
    >
      {show && <ImportBody target={target} onClose={onClose} onImported={onImported} onBusy={setBusy} />}
    </Modal>
  );
}

function ImportBody({
  target,
  onClose,
  onImported,
  onBusy,
}: {
  target: ImportTarget;
  onClose: () => void;
  onImported: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [skip, setSkip] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  // Product imports (issue 29): what to do with each category path the shop does not have.
  const [choices, setChoices] = useState<CategoryChoices>({});

  const send = async (dryRun: boolean) => {
    if (!file) return setStep({ kind: 'choose', error: t('adminImport.chooseFile') });
    const form = new FormData();
    form.append('file', file);
    if (images) form.append('images', images);
    form.append(dryRun ? 'dry_run' : 'skip_errors', dryRun || skip ? '1' : '0');
    if (!dryRun) for (const [name, value] of choiceFields(choices)) form.append(name, value);
    const before = step;
    setStep({ kind: 'busy', progress: { phase: 'sending', fraction: 0 } });
    onBusy(true);
    try {
      const answer = await uploadForm(target.endpoint, form, (progress) =>
        setStep((now) => (now.kind === 'busy' ? { kind: 'busy', progress } : now)),
      );
      if (dryRun) {
        setSkip(false);
        setChoices({});
        setStep({ kind: 'checked', report: answer.data });
      } else {
        setStep({ kind: 'done', report: answer.data });
        toast.success(doneText(answer.data));
        onImported();
      }
    } catch (error) {
      const report = refusedReport(error);
      const message = serverMessage(error, t('common.somethingWrong'));
      if (report) setStep({ kind: 'checked', report, error: message });
      else if (before.kind === 'checked') setStep({ ...before, error: message });
      else setStep({ kind: 'choose', error: message });
    } finally {
      onBusy(false);
    }
  };

  const doneText = (report: ImportReport) =>
    t('adminImport.done', { created: report.created, updated: report.updated, unchanged: report.unchanged });

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    void send(true);
  };

  const template = () =>
    void download(target.template.path, target.template.fileName).catch(() =>
      toast.error(t('adminImport.templateFailed')),
    );

  const report = step.kind === 'checked' || step.kind === 'done' ? step.report : undefined;
  const unknown = report?.unknown_categories ?? [];
  const notes = useCategoryNotes(unknown, choices);
  const headerBroken = report?.errors.some((e) => e.row === 1) ?? false;
  // Rows whose category path waits for a decision: the import would refuse them.
  const waiting = report && step.kind === 'checked' ? rowsWaiting(report.results, choices).length : 0;
  const changes = report ? report.created + report.updated - (skip ? waiting : 0) : 0;
  const refusing = report ? report.refused + waiting : 0;
  const blocked = !report || headerBroken || (refusing > 0 && !skip) || changes === 0;

  return (
    <>
      <Modal.Header closeButton={step.kind !== 'busy'} closeLabel={t('common.close')}>
        <Modal.Title as="h2" id="import-title" className="h5">
          {target.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {step.kind === 'choose' && (
          <form id="import-form" onSubmit={onCheck} noValidate>
            <p className="small text-secondary">{target.help}</p>
            {step.error && (
              <div className="alert alert-danger py-2" role="alert">
                {step.error}
              </div>
            )}
            <FileField
              id="import-file"
              label={t('adminImport.file')}
              help={t('adminImport.fileHelp', {
                rows: IMPORT_LIMITS.rows,
                mb: IMPORT_LIMITS.fileBytes / 1024 / 1024,
              })}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={setFile}
            />
            {target.pictures && (
              <FileField
                id="import-images"
                label={target.pictures.label}
                help={target.pictures.help}
                accept=".zip,application/zip"
                onChange={setImages}
              />
            )}
            <button type="button" className="btn btn-link px-0" onClick={template}>
              {t('adminImport.template')}
            </button>
          </form>
        )}
        {step.kind === 'busy' && <ProgressBar progress={step.progress} />}
        {report && (
          <div>
            {step.kind === 'done' && (
              <div className="alert alert-success" role="status">
                {doneText(report)}{' '}
                {report.refused > 0 && t('adminImport.doneSkipped', { count: report.refused })}
              </div>
            )}
            {step.kind === 'checked' && step.error && (
              <div className="alert alert-danger py-2" role="alert">
                {step.error}
              </div>
            )}
            <ImportReportView
              report={report}
              notes={step.kind === 'checked' && unknown.length > 0 ? notes : undefined}
              pendingBadge={t('importCategories.undecided')}
              beforeRows={
                step.kind === 'checked' ? (
                  <ImportCategoryChoices unknown={unknown} choices={choices} onChange={setChoices} />
                ) : undefined
              }
            />
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        {step.kind === 'choose' && (
          <>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('common.close')}
            </button>
            <button type="submit" form="import-form" className="btn btn-primary">
              {t('adminImport.check')}
            </button>
          </>
        )}
        {step.kind === 'checked' && (
          <>
            {refusing > 0 && !headerBroken && (
              <div className="form-check me-auto">
                <input
                  id="import-skip"
                  type="checkbox"
                  className="form-check-input"
                  checked={skip}
                  onChange={(event) => setSkip(event.target.checked)}
                />
                <label htmlFor="import-skip" className="form-check-label">
                  {t('adminImport.skipErrors')}
                </label>
              </div>
            )}
            {blocked && !headerBroken && (
              <p className="small text-secondary mb-0 w-100">
                {changes === 0
                  ? t('adminImport.nothingToImport')
                  : waiting > 0
                    ? t('importCategories.decideFirst')
                    : t('adminImport.errorsBlock')}
              </p>
            )}
            <button type="button" className="btn btn-secondary" onClick={() => setStep({ kind: 'choose' })}>
              {t('adminImport.back')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={blocked}
              onClick={() => void send(false)}
            >
              {t('adminImport.import')}
            </button>
          </>
        )}
        {step.kind === 'done' && (
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('common.close')}
          </button>
        )}
      </Modal.Footer>
    </>
  );
}
