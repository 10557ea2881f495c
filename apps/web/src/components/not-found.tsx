import { useTranslation } from '../lib/i18n/i18n';
import { Link } from 'react-router';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="my-4">
      <h1 className="h4">{t('common.notFound')}</h1>
      <Link to="/">{t('common.backHome')}</Link>
    </div>
  );
}
