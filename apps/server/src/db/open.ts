import type { Config } from '../config';
import { connect, type Database } from './client';
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
    });
    await runMigrations(database);
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
