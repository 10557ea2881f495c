import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { backupsKey, backupWarning, fetchBackups } from '../../lib/backups-api';
import { useTranslation } from '../../lib/i18n/i18n';

/** The dashboard's word when backups are failing or missing, with the way to Setting's backups. */
export function BackupWarning() {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: backupsKey, queryFn: fetchBackups, staleTime: 60_000 });
  const warning = status.data ? backupWarning(status.data, new Date()) : null;
  if (!warning) return null;
  const text =
    warning.kind === 'failed'
      ? t('backups.warnFailed', { message: warning.message })
      : warning.kind === 'old'
        ? t('backups.warnOld')
        : t('backups.warnNone');
  return (
    <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-center py-2" role="alert">
      <span className="me-auto">{text}</span>
      <Link to="/admin/setting#backups-title" className="alert-link">
        {t('backups.warnLink')}
      </Link>
    </div>
  );
}
