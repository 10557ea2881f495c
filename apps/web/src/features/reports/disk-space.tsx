import { useQuery } from '@tanstack/react-query';
import { fileSize } from '../../lib/backups-api';
import { useTranslation } from '../../lib/i18n/i18n';
import { diskSpaceKey, fetchDiskSpace } from './reports-api';

const useDiskSpace = () => useQuery({ queryKey: diskSpaceKey, queryFn: fetchDiskSpace, staleTime: 60_000 });

/**
 * The dashboard's warning when the shop's disk is low (less than 10 % or less than 1 GB free, the
 * server's `low`): once it is full, no order can be taken.
 */
export function DiskSpaceWarning() {
  const { t } = useTranslation();
  const { data } = useDiskSpace();
  if (!data?.low) return null;
  return (
    <div className="alert alert-danger py-2" role="alert">
      {t('adminReports.dashboard.diskLow', { free: fileSize(t, data.free), total: fileSize(t, data.total) })}
    </div>
  );
}

/** The free space of the shop's disk, beside the dashboard's title. */
export function DiskSpaceLine() {
  const { t } = useTranslation();
  const { data } = useDiskSpace();
  if (!data) return null;
  return (
    <p className="text-secondary small mb-0 ms-md-auto" data-testid="dash-disk">
      {t('adminReports.dashboard.diskFree', { free: fileSize(t, data.free), total: fileSize(t, data.total) })}
    </p>
  );
}
