import { useTranslation } from '../lib/i18n/i18n';

/** The one page shown for screens that arrive with a later release. */
export function LaterRelease() {
  const { t } = useTranslation();
  return <p className="text-secondary my-4">{t('common.laterRelease')}</p>;
}
