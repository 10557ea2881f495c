import pg from 'pg';

/** Any constant works; every app server uses the same one (backup.service.ts holds 7_340_202). */
const RESTORE_LOCK = 7_340_203;
/** How long an app server trusts what it last read of the flag. */
const CACHE_MS = 2_000;

/**
 * The shop's maintenance while a backup is restored from the back office, seen by every app
 * server. The flag is a PostgreSQL session advisory lock, held on a connection of its own by the
 * server that restores: the others read it in pg_locks (a short cache, CACHE_MS), and it needs no
 * table (a restore drops and makes again every table, app_meta too). PostgreSQL lets go of the lock
 * when that connection ends, so a server that crashes mid-restore never leaves the shop stuck in
 * maintenance; and only one server can hold it, so a second restore is refused (409).
 */
export class Maintenance {
  /** This server is restoring: no need to ask the database. */
  private local = false;
  private cached: { at: number; on: boolean } | undefined;
  private reading: Promise<boolean> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a restore runs on this server or another. */
  async active(): Promise<boolean> {
    if (this.local) return true;
    const now = this.now();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.on;
    this.reading ??= this.read()
      .then((on) => {
        this.cached = { at: this.now(), on };
        return on;
      })
      // A database that cannot be reached answers its own 503 further on.
      .catch(() => false)
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<boolean> {
    const res = await this.pool.query<{ on: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND classid = 0 AND objid = $1 AND objsubid = 1
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
       ) AS on`,
      [RESTORE_LOCK],
    );
    return res.rows[0]?.on === true;
  }

  /**
   * Puts the shop in maintenance for `work` (begun once every server has seen it), or answers
   * undefined (nothing done) when a restore already runs here or on another server. Maintenance
   * ends when `work` does, however it ends.
   */
  async during<T>(work: () => Promise<T>): Promise<{ result: T } | undefined> {
    if (this.local) return undefined;
    this.local = true;
    const client = new pg.Client({ connectionString: this.url });
    try {
      await client.connect();
      const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        RESTORE_LOCK,
      ]);
      if (!got.rows[0]?.ok) return undefined;
      // The other servers see the flag within CACHE_MS: nothing changes before they all do, so the
      // backup taken first holds every sale they made.
      await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 250));
      return { result: await work() };
    } finally {
      // Closing the connection lets go of the lock; the others see it within CACHE_MS.
      await client.end().catch(() => undefined);
      this.local = false;
      this.cached = undefined;
    }
  }
}
