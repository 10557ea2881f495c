import { useTranslation } from '../../lib/i18n/i18n';

/** Says in place that a list could not be loaded (the failure itself is logged), with a retry. */
export function ListFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="catalog-note catalog-note-warning d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">{text}</span>
      <button type="button" className="btn btn-sm btn-outline-dark" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** An empty list, said in words. */
export function ListEmpty({ text }: { text: string }) {
  return <p className="catalog-note text-secondary">{text}</p>;
}
