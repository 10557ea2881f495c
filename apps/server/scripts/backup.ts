// npm run backup: one file with every table (as of one moment, while the shop keeps selling) and
// every uploaded picture, written to BACKUP_DIR (default DATA_DIR/backups), readable by the shop's
// user only, and encrypted with BACKUP_KEY when it is set.
import path from 'node:path';
import { backupDir, loadConfig, uploadsDir } from '../src/config';
import { storageFromConfig } from '../src/lib/storage-s3';
import { openDatabase } from '../src/db/open';
import { createBackup } from '../src/modules/backup/backup.dump';

const config = { ...loadConfig(), logLevel: 'warn' };
const say = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
try {
  // The embedded database of a running shop is shared, not started a second time.
  const database = await openDatabase(config, say, { attachToRunning: true });
  try {
    const started = Date.now();
    const info = await createBackup({
      pool: database.pool,
      uploadsDir: uploadsDir(config),
      storage: storageFromConfig(config),
      backupDir: backupDir(config),
      now: new Date(),
      tz: config.shopTz,
      key: config.backup.key,
    });
    const file = path.join(backupDir(config), info.name);
    console.log(`Backup written: ${file}${config.backup.key ? ' (encrypted with BACKUP_KEY)' : ''}`);
    console.log(
      `Size: ${megabytes(info.bytes)} (${info.bytes} bytes), in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.stop();
  }
} catch (err) {
  console.error(`The backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
