import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { isApiError } from '../../lib/api';
import { backUpNow, backupsKey, downloadBackup, fetchBackups, fileSize } from '../../lib/backups-api';
import { serverMessage } from '../../lib/form-errors';
import { formatNumber, localeOf, useTranslation, type Language } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import { RestorePanel, RestoreUpload, useRestore } from './restore-backup';

/**
 * Setting's backups: the last one (time and size), the daily plan, the last failure, "Back up now",
 * a download of each backup kept, and a restore (a kept backup or an uploaded file).
 */
export function BackupsCard() {
  const { t, language } = useTranslation();
  const time = useShopTime();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: backupsKey, queryFn: fetchBackups, staleTime: 0 });
  const take = useMutation({
    mutationFn: backUpNow,
    onSuccess: (info) => {
      toast.success(t('backups.done', { size: fileSize(t, info.bytes) }));
      void queryClient.invalidateQueries({ queryKey: backupsKey });
    },
    onError: (error) => {
      toast.error(
        isApiError(error, 409) ? t('backups.busy') : serverMessage(error, t('common.somethingWrong')),
      );
      void queryClient.invalidateQueries({ queryKey: backupsKey });
    },
  });
  const restore = useRestore();
  const download = (name: string) =>
    downloadBackup(name).catch((error: unknown) =>
      toast.error(serverMessage(error, t('common.somethingWrong'))),
    );

  return (
    <section className="card shadow-sm admin-form-card mt-3" aria-labelledby="backups-title">
      <div className="card-body">
        <h2 id="backups-title" className="h5 mb-2">
          {t('backups.title')}
        </h2>
        <p className="small text-secondary">{t('backups.help')}</p>
        <QueryState query={status}>
          {(data) => (
            <>
              <p className="mb-1 fw-semibold" data-testid="backup-last">
                {data.last
                  ? t('backups.last', {
                      time: time.dateTime(data.last.created),
                      size: fileSize(t, data.last.bytes),
                    })
                  : t('backups.none')}
              </p>
              <p className="small text-secondary mb-2">
                {data.schedule.at === 'off'
                  ? t('backups.scheduleOff')
                  : t('backups.schedule', {
                      at: clockTime(data.schedule.at, language),
                      daily: formatNumber(data.schedule.daily),
                      weekly: formatNumber(data.schedule.weekly),
                    })}
              </p>
              {data.failure && (
                <div className="alert alert-danger py-2 small" role="alert">
                  {t('backups.failed', {
                    time: time.dateTime(data.failure.at),
                    message: data.failure.message,
                  })}
                </div>
              )}
              <button
                type="button"
                className="btn btn-primary mb-3"
                onClick={() => take.mutate()}
                disabled={take.isPending || data.running}
              >
                {take.isPending || data.running ? (
                  <>
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                    {t('backups.running')}
                  </>
                ) : (
                  t('backups.now')
                )}
              </button>
              {data.backups.length > 0 && (
                <DataTable
                  className="table-sm align-middle mb-2 caption-top"
                  caption={<span className="small">{t('backups.list')}</span>}
                  rows={data.backups}
                  rowKey={(b) => b.name}
                  columns={[
                    { key: 'taken', header: t('backups.taken'), cell: (b) => time.dateTime(b.created) },
                    {
                      key: 'size',
                      header: t('backups.size'),
                      className: 'text-end text-nowrap',
                      cell: (b) => fileSize(t, b.bytes),
                    },
                    {
                      key: 'download',
                      header: <span className="visually-hidden">{t('backups.download')}</span>,
                      className: 'text-end',
                      // The two buttons stack on a phone rather than push the table wider than it.
                      cell: (b) => (
                        <div className="d-flex flex-wrap gap-1 justify-content-end">
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-secondary"
                            aria-label={t('backups.downloadLabel', { time: time.dateTime(b.created) })}
                            onClick={() => void download(b.name)}
                          >
                            {t('backups.download')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-danger"
                            aria-label={t('backupRestore.restoreLabel', { time: time.dateTime(b.created) })}
                            disabled={restore.inspect.isPending}
                            onClick={() => restore.inspect.mutate({ name: b.name })}
                          >
                            {t('backupRestore.restoreButton')}
                          </button>
                        </div>
                      ),
                    },
                  ]}
                />
              )}
              <p className="small text-secondary mb-2">{t('backups.restore')}</p>
              <RestoreUpload
                busy={restore.inspect.isPending}
                onFile={(file) => restore.inspect.mutate({ file })}
              />
              {restore.contents && (
                <RestorePanel
                  key={restore.contents.name ?? restore.contents.upload}
                  contents={restore.contents}
                  onClose={restore.close}
                />
              )}
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}

/** A shop time of day (HH:MM) as the language says it: "3:00 am", "৩:০০ রাত্রি". */
function clockTime(at: string, lang: Language): string {
  const [hours = 0, minutes = 0] = at.split(':').map(Number);
  return new Intl.DateTimeFormat(localeOf(lang), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    ...(lang === 'bn' && { dayPeriod: 'short' }),
  }).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}
