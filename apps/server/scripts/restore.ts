// npm run restore -- FILE [--force]: restores a backup into an empty DATA_DIR (embedded database)
// or an empty DATABASE_URL, after checking the whole file. --force replaces a shop that is there.
// An encrypted backup (.tar.gz.enc) needs the key it was written with: BACKUP_KEY, or typed when
// asked at a terminal. A wrong key or a changed file is refused before anything changes.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig, uploadsDir as uploadsDirOf } from '../src/config';
import { storageFromConfig } from '../src/lib/storage-s3';
import { connect, type Database } from '../src/db/client';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { backupIsEncrypted, BackupFileError } from '../src/modules/backup/backup.format';
import {
  databaseIsEmpty,
  emptyDatabase,
  restoreBackup,
  verifyBackup,
} from '../src/modules/backup/backup.restore';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- FILE [--force]');
  process.exit(2);
}
const file = path.resolve(positionals[0]!);
const config = { ...loadConfig(), logLevel: 'warn' };
const say = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
const uploadsDir = uploadsDirOf(config);
// With STORAGE=s3 the pictures go back into the bucket.
const storage = storageFromConfig(config);

/** The backup key typed at the terminal, not shown as it is typed. */
async function askForKey(): Promise<string> {
  const hidden = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input: process.stdin, output: hidden, terminal: true });
  process.stdout.write('This backup is encrypted. Its key (BACKUP_KEY): ');
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

let embedded: EmbeddedPostgres | undefined;
let database: Database | undefined;
try {
  let key = config.backup.key;
  if (key === undefined && fs.existsSync(file) && backupIsEncrypted(file) && process.stdin.isTTY)
    key = await askForKey();
  console.log(`Checking ${file} …`);
  const manifest = await verifyBackup(file, key);
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `The backup is whole: taken ${manifest.created}, ${manifest.tables.length} tables (${rows} rows), ` +
      `${manifest.files.length} pictures, schema ${manifest.schema.tag}.`,
  );

  if (!config.databaseUrl && runningEmbeddedUrl(config.dataDir))
    throw new Error(`The shop is running on ${config.dataDir}: stop it first, then restore.`);
  if (!config.databaseUrl)
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort }, say);
  database = connect(config.databaseUrl ?? embedded!.url, 4, { prepare: false });

  const hasPictures = await (async () => {
    for await (const key of storage.list()) return key !== undefined;
    return false;
  })();
  if (!(await databaseIsEmpty(database)) || hasPictures) {
    if (!values.force)
      throw new Error(
        `${config.databaseUrl ? 'The database' : config.dataDir} already holds a shop. Restore into an ` +
          'empty one, or add --force to replace everything in it with the backup.',
      );
    console.log('--force: removing the shop that is there.');
    await emptyDatabase(database);
  }
  await restoreBackup({ file, manifest, database, uploadsDir, storage, key });
  console.log(`Restored ${rows} rows and ${manifest.files.length} pictures. Start the shop: npm start`);
} catch (err) {
  const reason = err instanceof Error ? err.message : String(err);
  console.error(err instanceof BackupFileError ? `Refused: ${reason}` : `The restore failed: ${reason}`);
  process.exitCode = 1;
} finally {
  await database?.close().catch(() => undefined);
  await embedded?.stop();
  storage.close?.();
}
