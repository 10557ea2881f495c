import { useTranslation } from '../lib/i18n/i18n';

/** Shown while a screen's data or code is on its way. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
