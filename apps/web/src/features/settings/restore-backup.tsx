import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BackupContents } from '@bazar/contracts/backup';
import { isApiError } from '../../lib/api';
import { inspectBackup, restoreBackup, uploadBackup } from '../../lib/backups-api';
import { serverMessage } from '../../lib/form-errors';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { clearSession } from '../../lib/session';
import { useShopInfo } from '../../lib/shop-api';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import { FileInput } from '../../components/file-input';

/**
 * Restore from the back office (issue 29): a kept backup (its Restore button) or an uploaded file
 * is checked by the server and what it holds is shown; the owner types the shop's name to confirm.
 * Once restored every session has ended, this one too: the owner is sent to sign in again.
 */
export function useRestore() {
  const { t } = useTranslation();
  const [contents, setContents] = useState<BackupContents | null>(null);
  const inspect = useMutation({
    mutationFn: (from: { name: string } | { file: File }) =>
      'name' in from ? inspectBackup(from.name) : uploadBackup(from.file),
    onSuccess: setContents,
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
  });
  return { contents, close: () => setContents(null), inspect };
}

export function RestoreUpload({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mb-2">
      <label className="form-label small fw-semibold" htmlFor="backup-upload">
        {t('backupRestore.upload')}
      </label>
      <FileInput
        id="backup-upload"
        className="form-control form-control-sm"
        accept=".gz,.enc,application/gzip,application/octet-stream"
        disabled={busy}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) onFile(file);
          e.currentTarget.value = '';
        }}
      />
      {busy && (
        <p className="small text-secondary mt-1 mb-0" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('backupRestore.checking')}
        </p>
      )}
    </div>
  );
}

/** What the chosen backup holds, the warning, the shop's name typed to confirm, and the restore. */
export function RestorePanel({ contents, onClose }: { contents: BackupContents; onClose: () => void }) {
  const { t } = useTranslation();
  const time = useShopTime();
  const navigate = useNavigate();
  const shop = useShopInfo();
  const shopName = shop.data?.name ?? '';
  const [typed, setTyped] = useState('');
  const restore = useMutation({
    mutationFn: () =>
      restoreBackup({
        ...(contents.upload ? { upload: contents.upload } : { name: contents.name! }),
        confirm: typed,
      }),
    onSuccess: () => {
      // The server signed every session out: this one is over too.
      clearSession();
      toast.success(t('backupRestore.restored'));
      navigate('/login', { replace: true });
    },
    onError: (error) =>
      toast.error(
        isApiError(error, 409)
          ? t('backupRestore.restoreBusy')
          : serverMessage(error, t('common.somethingWrong')),
      ),
  });
  const matches = shopName !== '' && typed.trim() === shopName.trim();
  const { counts } = contents;
  return (
    <section
      className="border border-warning rounded p-3 mb-3 bg-warning-subtle"
      aria-labelledby="restore-title"
      data-testid="restore-panel"
    >
      <h3 id="restore-title" className="h6">
        {t('backupRestore.restoreTitle')}
      </h3>
      <p className="mb-1" data-testid="restore-holds">
        {t('backupRestore.holds', {
          time: time.dateTime(contents.taken_at),
          orders: formatNumber(counts.orders),
          products: formatNumber(counts.products),
          customers: formatNumber(counts.customers),
          pictures: formatNumber(counts.pictures),
        })}
      </p>
      <p className="small text-secondary mb-2">
        {t('backupRestore.dataVersion', { schema: contents.schema })}
      </p>
      <p className="fw-semibold mb-2">{t('backupRestore.replaceWarning')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (matches && !restore.isPending) restore.mutate();
        }}
      >
        <label className="form-label" htmlFor="restore-confirm">
          {t('backupRestore.confirmLabel', { name: shopName })}
        </label>
        <input
          id="restore-confirm"
          className="form-control mb-2"
          autoComplete="off"
          value={typed}
          disabled={restore.isPending}
          onInput={(e) => setTyped(e.currentTarget.value)}
        />
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-danger" disabled={!matches || restore.isPending}>
            {restore.isPending ? (
              <>
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                {t('backupRestore.restoring')}
              </>
            ) : (
              t('backupRestore.restoreNow')
            )}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={onClose}
            disabled={restore.isPending}
          >
            {t('backupRestore.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
