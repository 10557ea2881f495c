/**
 * What bench/run.ts and bench/catalog.ts share: the server child process and its scratch DATA_DIR,
 * HTTP on 127.0.0.1, CPU accounting from /proc, autocannon runs and the tables they print.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import prettier from 'prettier';
import { machineLine, machineSpeed, type MachineSpeed } from './machine';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const HOST = '127.0.0.1';

/** An integer environment setting from 1 to `max`, or `fallback` when unset. */
export function positiveInt(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`${name} must be an integer from 1 to ${max}`);
  }
  return n;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The p-th percentile (0–100) of ascending `sorted`, nearest rank; 0 when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// Child processes on a scratch DATA_DIR

export type Proc = { name: string; child: ChildProcess; output: string[]; exited: Promise<number | string> };
export type Ready = { port: number; twinPort: number; pid: number; memoryBytes: number };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server log line that reports an error (pino level 50/60, or plain text saying so). */
export const isErrorLine = (l: string) =>
  /"level":(50|60)/.test(l) || (!l.startsWith('{') && /error/i.test(l));

/**
 * The children of one benchmark and the folder they work in: started, stopped (SIGTERM, then
 * SIGKILL after 30 s) and cleaned up, whatever happens. `notes` collects what the report should say.
 */
export class Harness {
  readonly notes: string[] = [];
  private readonly live = new Set<Proc>();
  private cleaned = false;

  constructor(readonly dataDir: string) {}

  /** The environment of a server child: ours minus anything that would point it elsewhere. */
  childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
    const env = { ...process.env };
    for (const key of [
      'DATABASE_URL',
      'EMBEDDED_PG_PORT',
      'ADMIN_PHONE',
      'ADMIN_PASSWORD',
      'PORT',
      'HOST',
      'WEB_DIST',
    ]) {
      delete env[key];
    }
    return {
      ...env,
      DATA_DIR: this.dataDir,
      HOST,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      SMS_DRIVER: 'log',
      ...extra,
    };
  }

  startNode(name: string, script: string, env: NodeJS.ProcessEnv): Proc {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) output.push(line);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const exited = new Promise<number | string>((resolve) => {
      child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
      child.once('error', (err) => resolve(err.message));
    });
    const proc: Proc = { name, child, output, exited };
    this.live.add(proc);
    void exited.then(() => this.live.delete(proc));
    return proc;
  }

  /** SIGTERM, then wait; SIGKILL after 30 s (and say so). Resolves with the stop time in ms. */
  async stopProc(proc: Proc): Promise<number> {
    const t0 = performance.now();
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return 0;
    proc.child.kill('SIGTERM');
    const timeout = sleep(30_000).then(() => 'timeout' as const);
    if ((await Promise.race([proc.exited, timeout])) === 'timeout') {
      this.notes.push(`${proc.name} (pid ${proc.child.pid}) did not stop within 30 s of SIGTERM: killed.`);
      proc.child.kill('SIGKILL');
      await proc.exited;
    }
    const code = await proc.exited;
    if (code !== 0)
      this.notes.push(`${proc.name} (pid ${proc.child.pid}) exited with ${code} after SIGTERM.`);
    return performance.now() - t0;
  }

  /** A PostgreSQL left by a server that had to be killed: stop it before removing its folder. */
  private async stopLeftoverPostgres(): Promise<void> {
    const pidFile = path.join(this.dataDir, 'pg', 'postmaster.pid');
    if (!fs.existsSync(pidFile)) return;
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!pid || !isAlive(pid)) return;
    this.notes.push(`PostgreSQL (pid ${pid}) was still running on ${this.dataDir}: stopped it.`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100);
  }

  async cleanup(): Promise<void> {
    if (this.cleaned) return;
    this.cleaned = true;
    for (const proc of [...this.live]) await this.stopProc(proc);
    await this.stopLeftoverPostgres();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  async fail(message: string, proc?: Proc): Promise<never> {
    console.error(`\nbench: ${message}`);
    if (proc?.output.length)
      console.error(`Last output of ${proc.name}:\n${proc.output.slice(-30).join('\n')}`);
    await this.cleanup();
    process.exit(1);
  }

  /** Waits for the bench server's `BENCH_READY {...}` line. */
  async waitReady(proc: Proc, ms: number): Promise<Ready> {
    const until = Date.now() + ms;
    let exited: number | string | undefined;
    void proc.exited.then((code) => (exited = code));
    while (Date.now() < until) {
      const line = proc.output.find((l) => l.startsWith('BENCH_READY '));
      if (line) return JSON.parse(line.slice('BENCH_READY '.length)) as Ready;
      if (exited !== undefined)
        return this.fail(`${proc.name} exited (${exited}) before it was ready.`, proc);
      await sleep(50);
    }
    return this.fail(`${proc.name} was not ready within ${ms / 1000} s.`, proc);
  }

  /** Stops and cleans up on Ctrl+C or SIGTERM, and fails when the whole run exceeds `budgetMs`. */
  guard(budgetMs: number): NodeJS.Timeout {
    const watchdog = setTimeout(
      () => void this.fail(`the benchmark did not finish within ${budgetMs / 1000} s.`),
      budgetMs,
    );
    watchdog.unref();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        console.error(`\nbench: ${signal}, stopping.`);
        void this.cleanup().then(() => process.exit(130));
      });
    }
    return watchdog;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// HTTP helpers (127.0.0.1 only)

export async function call(port: number, method: string, route: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`http://${HOST}:${port}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

// ---------------------------------------------------------------------------------------------------
// CPU accounting from /proc (Linux; null elsewhere): the server, its PostgreSQL, this process, the machine.

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function procStat(pid: number): { ppid: number; cpuMs: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from #3 (state) on
    return { ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK };
  } catch {
    return undefined;
  }
}

/** CPU ms of one process and, separately, of all its descendants (the embedded PostgreSQL). */
function treeCpu(pid: number): { self: number; children: number } | undefined {
  const self = procStat(pid);
  if (!self) return undefined;
  const parents = new Map<number, number[]>();
  const stats = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    const p = Number(entry);
    if (!Number.isInteger(p) || p <= 0) continue;
    const st = procStat(p);
    if (!st) continue;
    stats.set(p, st.cpuMs);
    parents.set(st.ppid, [...(parents.get(st.ppid) ?? []), p]);
  }
  let children = 0;
  const queue = [...(parents.get(pid) ?? [])];
  for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
    children += stats.get(p) ?? 0;
    queue.push(...(parents.get(p) ?? []));
  }
  return { self: self.cpuMs, children };
}

function machineCpu(): { busy: number; total: number } | undefined {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: ((total - idle) * 1000) / CLK_TCK, total: (total * 1000) / CLK_TCK };
  } catch {
    return undefined;
  }
}

export type CpuWindow = {
  /** CPU ms the server process (event loop + libuv pool) spent per completed request. */
  serverMsPerReq: number | null;
  /** Average cores the server process used during the run (its event loop is one at most). */
  serverCores: number | null;
  /** CPU ms of the embedded PostgreSQL per completed request. */
  postgresMsPerReq: number | null;
  /** Average busy cores of the whole machine during the run (of nproc). */
  machineBusyCores: number | null;
  /** Busy cores that were neither the server, its PostgreSQL nor this load generator: other work on the box. */
  otherCores: number | null;
};

/** Raw CPU ms of one window, to add windows up (bench/catalog.ts runs each benchmark in two halves). */
export type CpuSample = { wallMs: number; serverMs: number; pgMs: number; busyMs: number; benchMs: number };

/** Starts a CPU window; the function it returns closes it and gives the raw sample (undefined without /proc). */
export function cpuSampler(serverPid: number): () => CpuSample | undefined {
  const t0 = performance.now();
  const tree0 = treeCpu(serverPid);
  const machine0 = machineCpu();
  const self0 = process.cpuUsage();
  return () => {
    const wallMs = performance.now() - t0;
    const tree1 = treeCpu(serverPid);
    const machine1 = machineCpu();
    const self = process.cpuUsage(self0);
    if (!tree0 || !tree1 || !machine0 || !machine1) return undefined;
    return {
      wallMs,
      serverMs: tree1.self - tree0.self,
      pgMs: tree1.children - tree0.children,
      busyMs: machine1.busy - machine0.busy,
      benchMs: (self.user + self.system) / 1000,
    };
  };
}

/** Adds CPU samples up and divides by the requests answered in them. */
export function cpuWindow(samples: Array<CpuSample | undefined>, requests: number): CpuWindow {
  if (samples.length === 0 || samples.some((s) => s === undefined)) {
    return {
      serverMsPerReq: null,
      serverCores: null,
      postgresMsPerReq: null,
      machineBusyCores: null,
      otherCores: null,
    };
  }
  const sum = (key: keyof CpuSample) => samples.reduce((a, s) => a + (s?.[key] ?? 0), 0);
  const wallMs = sum('wallMs');
  const serverMs = sum('serverMs');
  const pgMs = sum('pgMs');
  const busyMs = sum('busyMs');
  const per = (ms: number) => (requests > 0 ? round(ms / requests, 3) : null);
  return {
    serverMsPerReq: per(serverMs),
    serverCores: round(serverMs / wallMs, 2),
    postgresMsPerReq: per(pgMs),
    machineBusyCores: round(busyMs / wallMs, 2),
    otherCores: round(Math.max(0, busyMs - serverMs - pgMs - sum('benchMs')) / wallMs, 2),
  };
}

export function cpuMeter(serverPid: number) {
  const stop = cpuSampler(serverPid);
  return (requests: number): CpuWindow => cpuWindow([stop()], requests);
}

export function serverMemory(pid: number): { rssMb: number; peakRssMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: round(kb('VmRSS') / 1024, 1), peakRssMb: round(kb('VmHWM') / 1024, 1) };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// autocannon runs

export type Bench = {
  name: string;
  what: string;
  method: string;
  path: string;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  latencyMs: { avg: number; p50: number; p97_5: number; p99: number; max: number };
  bytesPerSec: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  cpu: CpuWindow;
};

export type Spec = {
  name: string;
  what: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Request bodies sent in turn (JSON). */
  bodies?: string[];
  /** The path of each request, when it changes from one request to the next. */
  nextPath?: () => string;
  /**
   * Each request from the next of this many client addresses (`X-Forwarded-For: 10.77.…`; the
   * server trusts one proxy, `TRUST_PROXY=1`): many shoppers, as the server's per-address limits
   * see them, not one address holding every connection.
   */
  clients?: number;
};

/** The `i`-th of a bench's made-up client addresses (10.77.0.1, 10.77.0.2, …). */
export const clientAddress = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;

export function launch(port: number, spec: Spec): autocannon.Instance {
  let next = 0;
  let client = 0;
  const { bodies, nextPath, clients } = spec;
  return autocannon({
    url: `http://${HOST}:${port}`,
    title: spec.name,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 30,
    requests: [
      {
        method: spec.method,
        path: spec.path,
        headers: { ...(bodies ? { 'content-type': 'application/json' } : {}), ...spec.headers },
        ...((bodies || nextPath || clients) && {
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            // A different user on each request: the same path through the server as real logins.
            ...(bodies && { body: bodies[next++ % bodies.length] }),
            ...(nextPath && { path: nextPath() }),
            ...(clients && {
              headers: { ...req.headers, 'x-forwarded-for': clientAddress(client++ % clients) },
            }),
          }),
        }),
      },
    ],
  });
}

export function summarise(spec: Spec, r: autocannon.Result, cpu: CpuWindow): Bench {
  return {
    name: spec.name,
    what: spec.what,
    method: spec.method,
    path: spec.path,
    connections: spec.connections,
    seconds: round(r.duration, 2),
    requests: r.requests.total,
    reqPerSec: round(r.requests.average, 1),
    latencyMs: {
      avg: round(r.latency.average, 2),
      p50: r.latency.p50,
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    bytesPerSec: Math.round(r.throughput.average),
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count])),
    cpu,
  };
}

// ---------------------------------------------------------------------------------------------------
// Report

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');

export function fmtBytes(n: number): string {
  if (n >= 1024 * 1024) return `${round(n / 1024 / 1024, 1)} MB/s`;
  if (n >= 1024) return `${round(n / 1024, 1)} KB/s`;
  return `${Math.round(n)} B/s`;
}

/** Columns padded for a terminal: the first left-aligned, the others right-aligned. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(header),
    `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

let speedAtStart: MachineSpeed | undefined;

/**
 * Measures and prints the machine's speed (bench/machine.ts) before a benchmark starts its work;
 * writeJson keeps it with the results. Call it first in every benchmark's main.
 */
export function benchStart(): MachineSpeed {
  speedAtStart = machineSpeed();
  console.log(machineLine(speedAtStart));
  return speedAtStart;
}

/**
 * Writes a benchmark's results as JSON formatted the way the repository's prettier wants it (so
 * format:check passes), with the machine's speed beside them (`speed`: measured by benchStart, else
 * now) and printed again, so every figure is read next to the machine that made it.
 */
export async function writeJson(file: string, value: object): Promise<void> {
  const speed = speedAtStart ?? machineSpeed();
  console.log(machineLine(speed));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const options = (await prettier.resolveConfig(file)) ?? {};
  const text = JSON.stringify({ ...value, speed });
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}
