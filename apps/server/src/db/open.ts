import type { Config } from '../config';
import { connect, isConnectionError, type Database } from './client';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

type Log = { info(msg: string): void; warn(msg: string): void };

export type OpenDatabase = Database & { embedded: EmbeddedPostgres | undefined; stop(): Promise<void> };

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL in DATA_DIR/pg; then migrates. */
export async function openDatabase(
  config: Config,
  log: Log,
  opts: { attachToRunning?: boolean } = {},
): Promise<OpenDatabase> {
  // Command-line tools may share the embedded database of a shop server that is running.
  const running =
    !config.databaseUrl && opts.attachToRunning ? runningEmbeddedUrl(config.dataDir) : undefined;
  const embedded =
    config.databaseUrl || running
      ? undefined
      : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort }, log);
  try {
    const database = connect(config.databaseUrl ?? running ?? embedded!.url, 10, {
      prepare: config.databasePrepare,
      log,
    });
    await migrateWhenReachable(database, log, Boolean(config.databaseUrl) && !opts.attachToRunning);
    if (config.databaseUrl) await warnWithoutUnicodeCtype(database, log);
    return {
      ...database,
      embedded,
      async stop() {
        await database.close().catch(() => undefined);
        await embedded?.stop();
      },
    };
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}

/**
 * Runs the migrations. A managed PostgreSQL that cannot be reached yet (the app server booted
 * first, a failover is under way) is waited for, with a doubling pause up to 30 s, instead of the
 * start failing with nothing to bring it back; any other error (a wrong password, a bad migration)
 * still stops the start at once.
 */
async function migrateWhenReachable(database: Database, log: Log, wait: boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await runMigrations(database);
      if (attempt > 1) log.info('Reached the database.');
      return;
    } catch (err) {
      if (!wait || !isConnectionError(err)) throw err;
      const delay = Math.min(1000 * 2 ** (attempt - 1), 30_000);
      log.warn(
        `Cannot reach the database (${err instanceof Error ? err.message : String(err)}); trying again in ${delay / 1000} s.`,
      );
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/**
 * A managed PostgreSQL whose database reads text as C or POSIX sees no letters in Bangla: its
 * trigram indexes cannot serve a search by a Bangla name (it still finds them, reading more).
 * The character type is chosen when the database is made (docs/deploying.md); say so once.
 */
async function warnWithoutUnicodeCtype(database: Database, log: Log): Promise<void> {
  const res = await database.pool.query<{ ctype: string }>(
    'SELECT datctype AS ctype FROM pg_database WHERE datname = current_database()',
  );
  const ctype = res.rows[0]?.ctype ?? '';
  if (/utf-?8/i.test(ctype)) return;
  log.warn(
    `The database reads text with LC_CTYPE ${ctype || 'C'}: searches by Bangla names cannot use their ` +
      "indexes. Create the shop's database with LC_CTYPE 'C.UTF-8' (see docs/deploying.md).",
  );
}
