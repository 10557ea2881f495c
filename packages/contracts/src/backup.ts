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
 * A backup's file name as the server writes them: the shop's time (config shopTz) to the second,
 * bazar-2026-11-29-213005-ab12.tar.gz; the older names, in UTC (bazar-20261127T030000Z-ab12.tar.gz),
 * are read as well. `.tar.gz.enc` when it is encrypted with BACKUP_KEY.
 */
export const BACKUP_FILE_NAME =
  /^bazar-(?:\d{8}T\d{6}Z|\d{4}-\d{2}-\d{2}-\d{6})(?:-[0-9a-f]{4})?\.tar\.gz(?:\.enc)?$/;

export const backupNameParam = z.object({
  name: z.string().regex(BACKUP_FILE_NAME, say('backup.badName')),
});

/** What a backup holds, as the restore screen shows it before the owner confirms. */
export const backupContents = z.object({
  /** The backup kept under this name (POST /api/backups/inspect with `{name}`). */
  name: z.string().optional(),
  /** An uploaded file, kept for an hour in the backups folder's temporary area. */
  upload: z.string().optional(),
  /** ISO time (UTC) the backup was taken. */
  taken_at: z.string(),
  /** The migration the backup's tables were written by (e.g. 0047_...). */
  schema: z.string(),
  encrypted: z.boolean(),
  counts: z.object({
    orders: z.number().int(),
    products: z.number().int(),
    customers: z.number().int(),
    pictures: z.number().int(),
  }),
});
export type BackupContents = z.infer<typeof backupContents>;

/** An upload's token: what POST /api/backups/inspect answered for an uploaded file. */
const uploadToken = z.string().regex(/^[0-9a-f]{32}$/, say('backup.uploadGone'));

/** Inspect a backup kept on the shop's list. */
export const inspectBackupBody = z.strictObject({ name: backupNameParam.shape.name });

/**
 * Restore: a backup of the list (`name`) or an uploaded one (`upload`), and the shop's name as
 * Setting has it, typed by the owner to confirm.
 */
export const restoreBackupBody = z
  .strictObject({
    name: backupNameParam.shape.name.optional(),
    upload: uploadToken.optional(),
    confirm: z.string().max(200),
  })
  .refine((b) => (b.name === undefined) !== (b.upload === undefined), {
    message: say('backup.chooseOne'),
    path: ['name'],
  });
export type RestoreBackupBody = z.infer<typeof restoreBackupBody>;
