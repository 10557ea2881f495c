import { z } from 'zod';
import { say } from './messages';
import './zod-messages';

/** One backup file in BACKUP_DIR: its name, size in bytes and when it was taken. */
export const backupInfo = z.object({
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  /** ISO time (UTC). */
  created: z.string(),
});
export type BackupInfo = z.infer<typeof backupInfo>;

/** The backups screen: the files kept (newest first), the last failure since a success, the plan. */
export const backupStatus = z.object({
  backups: z.array(backupInfo),
  last: backupInfo.nullable(),
  failure: z.object({ at: z.string(), message: z.string() }).nullable(),
  running: z.boolean(),
  schedule: z.object({
    /** Shop time HH:MM of the daily backup, or 'off'. */
    at: z.string(),
    daily: z.number().int(),
    weekly: z.number().int(),
  }),
});
export type BackupStatus = z.infer<typeof backupStatus>;

/**
 * A backup's file name as the server writes them (bazar-20261127T030000Z-ab12.tar.gz, and
 * .tar.gz.enc when it is encrypted with BACKUP_KEY).
 */
export const backupNameParam = z.object({
  name: z.string().regex(/^bazar-\d{8}T\d{6}Z(?:-[0-9a-f]{4})?\.tar\.gz(?:\.enc)?$/, say('backup.badName')),
});
