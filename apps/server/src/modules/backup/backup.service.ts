import path from 'node:path';
import type pg from 'pg';
import type { BackupStatus } from '@bazar/contracts/backup';
import { say } from '@bazar/contracts/messages';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import { Conflict } from '../../lib/errors';
import { shopDay, shopMoment } from '../../lib/shop-day';
import { createBackup, type BackupInfo } from './backup.dump';
import { FolderShelf, type BackupShelf } from './backup.shelf';

type Log = { info(msg: string): void; warn(msg: string): void; error(obj: object, msg: string): void };

export type BackupOptions = {
  pool: pg.Pool;
  uploadsDir: string;
  /** The shop's store: with STORAGE=s3 backups read the pictures from the bucket. */
  storage?: Storage;
  /** Where a backup is written; the finished files stay there unless `shelf` says otherwise. */
  dir: string;
  /** Where finished backups are kept (a folder: `dir`; or their own bucket, BACKUP_S3_BUCKET). */
  shelf?: BackupShelf;
  /** BACKUP_KEY: each backup file is encrypted with it. */
  key?: string | undefined;
  clock: Clock;
  tz: string;
  /** HH:MM shop time of the daily backup, or 'off'. */
  at: string;
  daily: number;
  weekly: number;
  log: Log;
};

// Any constant works; every app server uses the same one, so only one takes a scheduled backup.
const BACKUP_LOCK = 7_340_202;
const CHECK_EVERY_MS = 5 * 60_000;
const RETRY_AFTER_MS = 30 * 60_000;

/**
 * The shop's backups: taken on demand ("Back up now", `npm run backup`) and once a day at
 * BACKUP_AT shop time (or as soon as the server is up, when that moment passed with no backup),
 * the newest of each of the last `daily` days and `weekly` weeks kept. A failure is logged and
 * kept beside the backups, so the dashboard says so until a backup succeeds.
 */
export class Backups {
  private running: Promise<BackupInfo> | undefined;
  private timer: NodeJS.Timeout | undefined;
  readonly shelf: BackupShelf;

  constructor(private readonly opts: BackupOptions) {
    this.shelf = opts.shelf ?? new FolderShelf(opts.dir, opts.tz);
  }

  /** Takes a backup now (one at a time per server), then removes those no longer kept. */
  async backupNow(): Promise<BackupInfo> {
    if (this.running) throw new Conflict(say('backup.running'));
    this.running = this.take();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  private async take(): Promise<BackupInfo> {
    const { opts } = this;
    try {
      const info = await createBackup({
        pool: opts.pool,
        uploadsDir: opts.uploadsDir,
        storage: opts.storage,
        backupDir: opts.dir,
        now: opts.clock.now(),
        tz: opts.tz,
        key: opts.key,
      });
      await this.shelf.keep(path.join(opts.dir, info.name), info.name);
      await this.shelf.setFailure(null);
      await this.prune();
      opts.log.info(`Backup ${info.name} written (${info.bytes} bytes) in ${this.shelf.where}.`);
      return info;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      opts.log.error({ err }, 'The backup failed');
      // Where the shelf itself cannot be written, the log above is all there is.
      await this.shelf.setFailure({ at: opts.clock.now().toISOString(), message }).catch(() => undefined);
      throw err;
    }
  }

  /** The backups kept, newest first, and the last failure if none succeeded since. */
  async status(): Promise<BackupStatus> {
    const [backups, failure] = await Promise.all([this.list(), this.shelf.failure()]);
    return {
      backups,
      last: backups[0] ?? null,
      failure,
      running: this.running !== undefined,
      schedule: { at: this.opts.at, daily: this.opts.daily, weekly: this.opts.weekly },
    };
  }

  /** One backup by its name, to download, or undefined when there is none by that name. */
  open(name: string) {
    return this.shelf.open(name);
  }

  list(): Promise<BackupInfo[]> {
    return this.shelf.list();
  }

  /** Removes the backups neither among the newest of the last days nor of the last weeks. */
  async prune(): Promise<string[]> {
    const all = await this.list();
    const keep = keptBackups(all, this.opts.tz, this.opts.daily, this.opts.weekly);
    const removed: string[] = [];
    for (const b of all) {
      if (keep.has(b.name)) continue;
      await this.shelf.remove(b.name);
      removed.push(b.name);
    }
    return removed;
  }

  /** Checks every few minutes whether the day's backup is due (on one server at a time). */
  startSchedule(): void {
    if (this.opts.at === 'off' || this.timer) return;
    const tick = () => {
      this.runIfDue().catch(() => undefined);
    };
    this.timer = setInterval(tick, CHECK_EVERY_MS);
    this.timer.unref();
    setTimeout(tick, 10_000).unref();
  }

  stopSchedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Takes the scheduled backup when it is due; answers whether it took one. */
  async runIfDue(): Promise<boolean> {
    if (!(await this.due()) || this.running) return false;
    const client = await this.opts.pool.connect();
    try {
      const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [BACKUP_LOCK]);
      if (!got.rows[0]?.ok) return false;
      try {
        // Another app server may have taken it between the look above and the lock.
        if (!(await this.due())) return false;
        await this.backupNow();
        return true;
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  /** Whether the day's backup is due: its moment passed, none since, no failure in the last half hour. */
  private async due(): Promise<boolean> {
    const now = this.opts.clock.now();
    const due = lastScheduled(now, this.opts.at, this.opts.tz);
    if (!due) return false;
    const newest = (await this.list())[0];
    if (newest && new Date(newest.created) >= due) return false;
    const failure = await this.shelf.failure();
    return !(failure && now.getTime() - new Date(failure.at).getTime() < RETRY_AFTER_MS);
  }
}

/** The names kept: the newest backup of each of the last `daily` shop days and `weekly` weeks. */
export function keptBackups(
  backups: readonly BackupInfo[],
  tz: string,
  daily: number,
  weekly: number,
): Set<string> {
  const newestFirst = [...backups].sort((a, b) => (a.created < b.created ? 1 : -1));
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const b of newestFirst) {
    const day = shopDay(new Date(b.created), tz);
    if (!days.has(day) && days.size < daily) {
      days.add(day);
      keep.add(b.name);
    }
    const week = weekOf(day);
    if (!weeks.has(week) && weeks.size < weekly) {
      weeks.add(week);
      keep.add(b.name);
    }
  }
  return keep;
}

/** The Monday (YYYY-MM-DD) of the week a shop day falls in. */
export function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** The latest moment at or before `now` when the daily backup was due (HH:MM shop time). */
export function lastScheduled(now: Date, at: string, tz: string): Date | undefined {
  if (at === 'off') return undefined;
  const [hh, mm] = at.split(':').map(Number) as [number, number];
  const today = shopDay(now, tz);
  const todayAt = shopMoment(today, hh, mm, tz);
  if (todayAt <= now) return todayAt;
  const yesterday = new Date(new Date(`${today}T00:00:00Z`).getTime() - 86_400_000)
    .toISOString()
    .slice(0, 10);
  return shopMoment(yesterday, hh, mm, tz);
}
