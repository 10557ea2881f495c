import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BackupContents, RestoreBackupBody } from '@bazar/contracts/backup';
import { ROLE } from '@bazar/contracts/common';
import { say } from '@bazar/contracts/messages';
import type { Database } from '../../db/client';
import { AppError, Conflict, Invalid, NotFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { BACKUP_FILE_MODE, backupIsEncrypted, BackupFileError, type BackupManifest } from './backup.format';
import type { Maintenance } from './backup.maintenance';
import { emptyDatabase, restoreBackup, verifyBackup } from './backup.restore';
import type { Backups } from './backup.service';

type Log = { info(msg: string): void; error(obj: object, msg: string): void };

/** The largest backup file the owner may upload. */
export const MAX_BACKUP_UPLOAD_BYTES = 2 * 1024 ** 3;
/** An uploaded backup not restored within this long is removed. */
const UPLOAD_KEPT_MS = 3600_000;
const UPLOAD_TOKEN = /^[0-9a-f]{32}$/;

/** 503 while a backup is restored: every request but the restore's own (and the health check). */
export class UnderMaintenance extends AppError {
  static readonly retryAfterSeconds = 30;

  constructor() {
    super(503, 'maintenance', say('backup.restoring'), undefined, {
      retry_after: UnderMaintenance.retryAfterSeconds,
    });
  }
}

/** A file the restore refuses, in the words `npm run restore` says it (422). */
const refused = (err: BackupFileError) => new Invalid('file', say('backup.refused', { reason: err.message }));

/**
 * Restore from the back office (issue 29): a kept backup or an uploaded file is checked exactly as
 * `npm run restore` checks it, and what it holds is shown; once the owner confirms, the shop goes
 * into maintenance, a backup of the data as it is is taken first, the chosen one is put back (the
 * command's --force), migrated forward, and every session ends. Files being looked at or restored
 * are copied into the backups folder's `.restore` area (0700) and removed after use or failure.
 */
export class Restores {
  constructor(
    private readonly opts: {
      backups: Backups;
      database: Database;
      /** The backups folder (BACKUP_DIR): the temporary area is inside it. */
      dir: string;
      uploadsDir: string;
      storage?: Storage;
      key?: string | undefined;
      maintenance: Maintenance;
      /** After the data changed under the app: caches (the catalogue's, on every server) start again. */
      changed: () => Promise<void>;
      log: Log;
    },
  ) {}

  private get area(): string {
    return path.join(this.opts.dir, '.restore');
  }

  private async makeArea(): Promise<void> {
    await fsp.mkdir(this.area, { recursive: true, mode: 0o700 });
    // Uploads left behind (a screen closed before the restore, a crash) are removed after an hour.
    const now = Date.now();
    for (const name of await fsp.readdir(this.area).catch(() => [] as string[])) {
      const file = path.join(this.area, name);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (stat && now - stat.mtimeMs > UPLOAD_KEPT_MS) await fsp.rm(file, { force: true });
    }
  }

  /** A kept backup, copied into the temporary area (the copy survives the pruning a backup does). */
  private async copyKept(name: string): Promise<string> {
    const found = await this.opts.backups.open(name);
    if (!found) throw new NotFound(say('backup.notFound'));
    await this.makeArea();
    const file = path.join(this.area, `${randomBytes(8).toString('hex')}.copy`);
    try {
      await pipeline(found.body, fs.createWriteStream(file, { mode: BACKUP_FILE_MODE }));
    } catch (err) {
      await fsp.rm(file, { force: true });
      throw err;
    }
    return file;
  }

  private uploadFile(token: string): string {
    if (!UPLOAD_TOKEN.test(token)) throw new Invalid('upload', say('backup.uploadGone'));
    return path.join(this.area, `${token}.upload`);
  }

  /** Checks a kept backup and says what it holds. */
  async inspectKept(name: string): Promise<BackupContents> {
    const file = await this.copyKept(name);
    try {
      return { name, ...(await this.contents(file)) };
    } finally {
      await fsp.rm(file, { force: true });
    }
  }

  /**
   * Keeps an uploaded file in the temporary area (refused past MAX_BACKUP_UPLOAD_BYTES: 413),
   * checks it, and says what it holds; a file that cannot be restored is removed at once (422).
   */
  async inspectUpload(
    write: (target: fs.WriteStream) => Promise<{ truncated: boolean }>,
  ): Promise<BackupContents> {
    await this.makeArea();
    const upload = randomBytes(16).toString('hex');
    const file = this.uploadFile(upload);
    try {
      const { truncated } = await write(fs.createWriteStream(file, { mode: BACKUP_FILE_MODE }));
      if (truncated)
        throw new AppError(
          413,
          'too_large',
          say('field.maxMegabytes', { field: say('fields.file'), max: MAX_BACKUP_UPLOAD_BYTES / 1024 ** 2 }),
        );
      if ((await fsp.stat(file)).size === 0) throw new Invalid('file', say('backup.chooseFile'));
      return { upload, ...(await this.contents(file)) };
    } catch (err) {
      await fsp.rm(file, { force: true });
      throw err;
    }
  }

  /** The whole file checked (every entry's checksum, the schema, the key), and its counts. */
  private async contents(file: string): Promise<Omit<BackupContents, 'name' | 'upload'>> {
    const customers = new CustomerCounter();
    const manifest = await this.verify(file, (m, entry, chunk) => customers.see(m, entry, chunk));
    const rows = (table: string) => manifest.tables.find((t) => t.name === table)?.rows ?? 0;
    return {
      taken_at: manifest.created,
      schema: manifest.schema.tag,
      encrypted: backupIsEncrypted(file),
      counts: manifest.counts
        ? { ...manifest.counts, pictures: manifest.files.length }
        : {
            orders: rows('orders'),
            products: rows('products'),
            customers: customers.total(),
            pictures: manifest.files.length,
          },
    };
  }

  private async verify(file: string, peek?: Parameters<typeof verifyBackup>[2]): Promise<BackupManifest> {
    try {
      return await verifyBackup(file, this.opts.key, peek);
    } catch (err) {
      if (err instanceof BackupFileError) throw refused(err);
      throw err;
    }
  }

  /**
   * Restores a kept or uploaded backup once `confirm` is the shop's name: 422 (nothing changed) for
   * another name or a file that cannot be restored, 409 while a restore runs (here or on another
   * app server). Answers the name restored and the backup taken of the data it replaced.
   */
  async restore(
    body: RestoreBackupBody,
    shopName: string,
  ): Promise<{ restored: string; safety_backup: string }> {
    if (body.confirm.trim() !== shopName.trim())
      throw new Invalid('confirm', say('backup.confirmName', { name: shopName }));
    if (await this.opts.maintenance.active()) throw new Conflict(say('backup.restoreRunning'));
    let file: string;
    if (body.upload !== undefined) {
      file = this.uploadFile(body.upload);
      if (!fs.existsSync(file)) throw new Invalid('upload', say('backup.uploadGone'));
    } else file = await this.copyKept(body.name!);
    const restored = body.name ?? 'upload';
    try {
      const manifest = await this.verify(file);
      const done = await this.opts.maintenance.during(async () => {
        const safety = await this.opts.backups.backupNow();
        this.opts.log.info(`Restoring ${restored}; the shop as it was is in ${safety.name}.`);
        try {
          await this.putBack(file, manifest);
        } catch (err) {
          this.opts.log.error({ err }, `The restore of ${restored} failed; putting ${safety.name} back`);
          await this.putBackKept(safety.name);
          throw err;
        } finally {
          await this.opts.changed().catch(() => undefined);
        }
        // Every session ends, the owner's too: the tokens are those of the backup's day.
        await this.opts.database.pool.query('DELETE FROM auth_tokens');
        this.opts.log.info(`Restored ${restored}: every session signed out.`);
        return { restored, safety_backup: safety.name };
      });
      if (!done) throw new Conflict(say('backup.restoreRunning'));
      return done.result;
    } finally {
      await fsp.rm(file, { force: true });
    }
  }

  /** `npm run restore -- FILE --force`: the shop's tables emptied, the backup's put in, migrated. */
  private async putBack(file: string, manifest: BackupManifest): Promise<void> {
    const { database, uploadsDir, storage, key } = this.opts;
    await emptyDatabase(database);
    await restoreBackup({ file, manifest, database, uploadsDir, storage, key });
  }

  private async putBackKept(name: string): Promise<void> {
    const file = await this.copyKept(name);
    try {
      await this.putBack(file, await verifyBackup(file, this.opts.key));
    } finally {
      await fsp.rm(file, { force: true });
    }
  }
}

/**
 * Counts the customers of a backup taken before its manifest had counts: the rows of `users`
 * (COPY text: one row a line, tab between columns) whose role is a customer's.
 */
class CustomerCounter {
  private count = 0;
  private rest = '';

  see(manifest: BackupManifest, entry: string, chunk: Buffer): void {
    if (manifest.counts || entry !== 'tables/users.copy') return;
    const role = manifest.tables.find((t) => t.name === 'users')?.columns.indexOf('role') ?? -1;
    if (role < 0) return;
    const lines = (this.rest + chunk.toString('utf8')).split('\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) if (line.split('\t')[role] === String(ROLE.customer)) this.count++;
  }

  total(): number {
    return this.count;
  }
}
