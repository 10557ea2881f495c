import type pg from 'pg';
import type { ReadyAnswer, ReadyCheck } from '@bazar/contracts/monitoring';
import type { Db } from '../../db/client';
import { appliedSchema, knownMigrations } from '../../db/migrate';
import type { Storage } from '../../lib/storage';
import { ping } from './monitoring.repository';

/** How long each check of the ready probe may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;
/**
 * A storage write that succeeded is trusted this long: on a bucket every check is a paid PUT and
 * DELETE, and load balancers probe every few seconds. A failed one is tried again at the next probe.
 */
const STORAGE_OK_FOR_MS = 30_000;

type Log = { info(msg: string): void; warn(msg: string): void };
type Name = keyof ReadyAnswer['checks'];

/** Runs `check` for at most `ms`: undefined when it succeeded, else why not. */
async function within(ms: number, check: () => Promise<unknown>): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms);
  });
  try {
    return await Promise.race([
      check().then(
        () => undefined,
        (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'failed',
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The ready probe: can this app server serve requests now? The database answers `SELECT 1`, it has
 * every migration this version knows (no more, no fewer: a server of another version must not take
 * traffic for this schema), and uploads can be written. Each check has CHECK_TIMEOUT_MS; the
 * database and the storage are checked at the same time. A check that starts or stops failing is
 * logged once, with why (the answer itself names only the check: the route is public).
 */
export class Readiness {
  private readonly known = knownMigrations().length;
  private readonly failing = new Map<Name, string>();
  private storageOkAt = -Infinity;

  constructor(
    private readonly deps: { db: Db; pool: pg.Pool; storage: Storage; log: Log; timeoutMs?: number },
  ) {}

  async check(): Promise<ReadyAnswer> {
    const ms = this.deps.timeoutMs ?? CHECK_TIMEOUT_MS;
    const [database, storage] = await Promise.all([
      within(ms, () => ping(this.deps.db)),
      within(ms, () => this.storageWritable()),
    ]);
    const migrations = database === undefined ? await within(ms, () => this.migrationsApplied()) : undefined;
    const checks: ReadyAnswer['checks'] = {
      database: this.note('database', database),
      migrations: database === undefined ? this.note('migrations', migrations) : 'skipped',
      storage: this.note('storage', storage),
    };
    const ready = Object.values(checks).every((c) => c === 'ok');
    return { status: ready ? 'ready' : 'not_ready', checks };
  }

  private async storageWritable(): Promise<void> {
    if (performance.now() - this.storageOkAt < STORAGE_OK_FOR_MS) return;
    await this.deps.storage.checkWritable();
    this.storageOkAt = performance.now();
  }

  private async migrationsApplied(): Promise<void> {
    const applied = await appliedSchema(this.deps.pool);
    if (applied.migrations !== this.known)
      throw new Error(`${applied.migrations} of the ${this.known} migrations this version knows are applied`);
  }

  private note(name: Name, failure: string | undefined): ReadyCheck {
    const before = this.failing.get(name);
    if (failure === undefined) {
      if (before !== undefined) {
        this.failing.delete(name);
        this.deps.log.info(`ready check: ${name} is ok again`);
      }
      return 'ok';
    }
    if (before === undefined) this.deps.log.warn(`ready check: ${name} failed: ${failure}`);
    this.failing.set(name, failure);
    return 'failed';
  }
}
