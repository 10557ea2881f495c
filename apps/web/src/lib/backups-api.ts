import type { BackupStatus } from '@bazar/contracts/backup';
import { call, downloadFile } from './api';
import { formatNumber, type TFunction } from './i18n/i18n';

/** The back office's backups: read by Setting (the card) and the dashboard (its warning). */
export const backupsKey = ['admin', 'backups'] as const;

export const fetchBackups = () => call('GET /api/backups').then((answer) => answer.data);

/** POST /api/backups: takes a backup now (409 while one is being taken). */
export const backUpNow = () => call('POST /api/backups').then((answer) => answer.data);

export const downloadBackup = (name: string) =>
  downloadFile('GET /api/backups/:name', { params: { name } }, name);

/** A size as people read it: KB below a megabyte, MB below a gigabyte, GB above, in the screen's digits. */
export function fileSize(t: TFunction, bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return t('backups.kb', { n: formatNumber(Math.max(0.1, Math.round(kb * 10) / 10)) });
  const mb = kb / 1024;
  if (mb < 1024) return t('backups.mb', { n: formatNumber(Math.round(mb * 10) / 10) });
  return t('backups.gb', { n: formatNumber(Math.round((mb / 1024) * 10) / 10) });
}

/** A backup older than this (or none at all) is worth a warning on the dashboard. */
const STALE_MS = 48 * 3600_000;

/** What the dashboard should warn about, if anything. */
export function backupWarning(
  status: BackupStatus,
  now: Date,
): { kind: 'failed'; message: string } | { kind: 'old' | 'none' } | null {
  const last = status.last ? new Date(status.last.created).getTime() : undefined;
  if (status.failure && (last === undefined || new Date(status.failure.at).getTime() > last))
    return { kind: 'failed', message: status.failure.message };
  if (last === undefined) return status.schedule.at === 'off' ? { kind: 'none' } : null;
  return now.getTime() - last > STALE_MS ? { kind: 'old' } : null;
}

/** POST /api/backups/inspect: a kept backup checked, and what it holds (422 when it cannot be restored). */
export const inspectBackup = (name: string) =>
  call('POST /api/backups/inspect', { body: { name } }).then((answer) => answer.data);

/** POST /api/backups/upload: a backup file from this computer, checked and kept for the restore. */
export const uploadBackup = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return call('POST /api/backups/upload', { body: form }).then((answer) => answer.data);
};

/** POST /api/backups/restore: every session ends once it is done (the caller's too). */
export const restoreBackup = (body: { name?: string; upload?: string; confirm: string }) =>
  call('POST /api/backups/restore', { body }).then((answer) => answer.data);
