import { useTranslation } from '../lib/i18n/i18n';

/** Says that a screen's data could not be loaded, with a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning my-4 d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">{t('common.loadFailed')}</span>
      <button type="button" className="btn btn-sm btn-outline-dark" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
