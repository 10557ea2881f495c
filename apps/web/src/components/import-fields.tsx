import { useTranslation } from '../lib/i18n/i18n';
import { FileInput } from './file-input';
import type { UploadProgress } from '../lib/upload';

/** A labelled file input with its help text (the import screen's file and pictures ZIP). */
export function FileField({
  id,
  label,
  help,
  accept,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  accept: string;
  onChange: (file: File | null) => void;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <FileInput
        id={id}
        accept={accept}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <div id={`${id}-help`} className="form-text">
        {help}
      </div>
    </div>
  );
}

/** The upload's share sent, then a moving bar while the server reads and saves the file. */
export function ProgressBar({ progress }: { progress: UploadProgress }) {
  const { t } = useTranslation();
  const sending = progress.phase === 'sending';
  const percent = sending ? Math.round(progress.fraction * 100) : 100;
  const text = sending ? t('adminImport.uploading', { percent }) : t('adminImport.processing');
  return (
    <div className="py-3">
      <div
        className="progress"
        role="progressbar"
        aria-label={t('adminImport.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={sending ? percent : undefined}
        aria-valuetext={text}
      >
        <div
          className={`progress-bar${sending ? '' : ' progress-bar-striped progress-bar-animated'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="small text-secondary mt-2 mb-0" role="status">
        {text}
      </p>
    </div>
  );
}
