import { z } from 'zod';
import './zod-messages';

/** GET /api/health: the server process answers (it does not touch the database). */
export const healthAnswer = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.infer<typeof healthAnswer>;

/**
 * One check of GET /api/ready: `ok`, `failed` (or did not answer within its time), or `skipped`
 * (the migrations are not read while the database does not answer).
 */
export const readyCheck = z.enum(['ok', 'failed', 'skipped']);
export type ReadyCheck = z.infer<typeof readyCheck>;

/**
 * GET /api/ready: 200 `ready` when this server can serve (the database answers, every migration it
 * knows is applied, uploads can be written), else 503 `not_ready` naming the check that failed.
 * Why a check failed is in the server's log, not here: the route is public.
 */
export const readyAnswer = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: readyCheck, migrations: readyCheck, storage: readyCheck }),
});
export type ReadyAnswer = z.infer<typeof readyAnswer>;

/** Below either, the disk is low: less than a tenth of it, or less than 1 GB, is free. */
const DISK_LOW = { share: 0.1, bytes: 1024 ** 3 } as const;

/** Whether a disk with `free` of `total` bytes free is low enough to warn the owner. */
export const diskIsLow = (free: number, total: number) =>
  free < total * DISK_LOW.share || free < DISK_LOW.bytes;

/**
 * GET /api/disk-space: the free and total bytes of the disk DATA_DIR is on (the embedded database,
 * uploads and backups), and whether it is low (`diskIsLow`). When it is full, no order can be taken.
 */
export const diskSpace = z.object({
  free: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  low: z.boolean(),
});
export type DiskSpace = z.infer<typeof diskSpace>;
