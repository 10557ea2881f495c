/**
 * `npm run bench`: HTTP benchmarks of the shop server and its cold start, on 127.0.0.1 only.
 *
 * Starts bench/server.ts as its own process on a scratch DATA_DIR (.data-test/bench-<pid>, removed at the
 * end), seeds a customer and a few users, then runs autocannon against:
 *   memory, memory-object  the HTTP stack alone (in-memory ~30 KB JSON, pre-serialized / per request)
 *   profile                one authenticated read (token lookup + user row: two queries)
 *   login                  scrypt-bound (at most 2 KDF runs at once in the server), from 64 client
 *                          addresses in turn (X-Forwarded-For; the server trusts one proxy)
 *   starvation             GET /api/profile (5 connections) during a login burst (20 connections)
 * and times three cold starts of apps/server/src/main.ts on the same, initialised DATA_DIR.
 *
 * Prints a table, a markdown table for docs/performance.md and writes bench/results/latest.json.
 * BENCH_SECONDS (default 10) sets each run's length. Exits non-zero when the server does not start,
 * a benchmark sees errors or non-2xx answers, the server logs an error during the runs, or a cold
 * start fails.
 */
import { scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  call,
  cpuMeter,
  fmtBytes,
  fmtInt,
  freePort,
  Harness,
  HOST,
  isErrorLine,
  launch,
  markdownTable,
  positiveInt,
  ROOT,
  round,
  serverMemory,
  sleep,
  summarise,
  textTable,
  writeJson,
  benchStart,
  type Bench,
  type CpuWindow,
  type Spec,
} from './lib';

const SECONDS = positiveInt('BENCH_SECONDS', process.env.BENCH_SECONDS, 10, 120);
const DATA_DIR = path.join(ROOT, '.data-test', `bench-${process.pid}`);
const RESULTS = path.join(ROOT, 'bench', 'results', 'latest.json');
const COLD_STARTS = 3;
const COLD_START_GOAL_MS = 3000;
const KDF_SLOTS = 2; // passwordQueue's slots in apps/server/src/lib/crypto.ts
/**
 * The login runs' requests come from this many client addresses in turn (X-Forwarded-For, the
 * server trusting one proxy): the server takes two logins at once from one address (503 `busy` for
 * a third), so one address holding every connection would measure its refusals, not logins.
 */
const LOGIN_CLIENTS = 64;
// Generous: the first start runs initdb; each benchmark is SECONDS long (the starvation one a bit more).
const BUDGET_MS = 300_000 + SECONDS * 1000 * 10;

const h = new Harness(DATA_DIR);
const notes = h.notes;
const drains: number[] = [];

/** One scrypt run with the server's parameters (lib/crypto.ts), alone, in this process: median of 5, ms. */
function kdfAloneMs(): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    scryptSync('bench-password-1', 'sixteen-byte-slt', 32, {
      N: 131072,
      r: 8,
      p: 1,
      maxmem: 256 * 1024 * 1024,
    });
    times.push(performance.now() - t0);
  }
  return round(times.sort((a, b) => a - b)[2] ?? 0, 1);
}

// ---------------------------------------------------------------------------------------------------
// Benchmarks

/**
 * Logins whose client has gone (autocannon stops at the deadline) may still be hashing in the
 * server: wait until its password queue is empty (GET /api/bench/password-queue), so the backlog
 * cannot bleed into the next run or into the shutdown.
 */
async function drainLogins(port: number): Promise<void> {
  const t0 = performance.now();
  for (let i = 0; ; i++) {
    const { json } = await call(port, 'GET', '/api/bench/password-queue');
    if (json.running === 0 && json.waiting === 0) break;
    if (i > 600) {
      notes.push(`the password queue did not empty within 60 s: ${JSON.stringify(json)}`);
      break;
    }
    await sleep(100);
  }
  await sleep(300);
  drains.push(Math.round(performance.now() - t0));
}

async function runOne(port: number, serverPid: number, spec: Spec): Promise<Bench> {
  process.stdout.write(`  ${spec.name.padEnd(16)} ${spec.connections} connections, ${spec.seconds} s ... `);
  const meter = cpuMeter(serverPid);
  const result = await launch(port, spec);
  const bench = summarise(spec, result, meter(result.requests.total));
  console.log(
    `${bench.reqPerSec} req/s, p99 ${bench.latencyMs.p99} ms, other load ${bench.cpu.otherCores ?? '-'} cores`,
  );
  if (spec.bodies) await drainLogins(port);
  return bench;
}

/** Profile reads (5 connections) during a login burst (20 connections); the reads start 1 s into the burst. */
async function runStarvation(port: number, serverPid: number, token: string, bodies: string[]) {
  const burst: Spec = {
    name: 'login burst',
    what: 'POST /api/login while profile is read',
    method: 'POST',
    path: '/api/login',
    connections: 20,
    seconds: SECONDS + 2,
    bodies,
    clients: LOGIN_CLIENTS,
  };
  const reads: Spec = {
    name: 'profile in burst',
    what: 'GET /api/profile during the login burst',
    method: 'GET',
    path: '/api/profile',
    connections: 5,
    seconds: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  };
  process.stdout.write(`  ${'starvation'.padEnd(16)} login 20 + profile 5 connections, ${SECONDS} s ... `);
  const burstMeter = cpuMeter(serverPid);
  const burstRun = launch(port, burst);
  await sleep(1000);
  const readsMeter = cpuMeter(serverPid);
  const readsResult = await launch(port, reads);
  const readsCpu = readsMeter(readsResult.requests.total);
  const burstResult = await burstRun;
  // Both kinds of request share the server's CPU here: a per-request figure would mix them.
  const mixed = (cpu: CpuWindow): CpuWindow => ({ ...cpu, serverMsPerReq: null, postgresMsPerReq: null });
  const login = summarise(burst, burstResult, mixed(burstMeter(burstResult.requests.total)));
  const profile = summarise(reads, readsResult, mixed(readsCpu));
  await drainLogins(port);
  console.log(
    `profile p50 ${profile.latencyMs.p50} ms, p99 ${profile.latencyMs.p99} ms; ${login.reqPerSec} logins/s`,
  );
  return { login, profile };
}

// ---------------------------------------------------------------------------------------------------
// Cold start of the real entry

async function coldStart(run: number): Promise<{ readyMs: number; stopMs: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = h.startNode(
    `main.ts (cold start ${run})`,
    'apps/server/src/main.ts',
    h.childEnv({ PORT: String(port) }),
  );
  let exited: number | string | undefined;
  void proc.exited.then((code) => (exited = code));
  const until = Date.now() + 60_000;
  for (;;) {
    if (exited !== undefined)
      return h.fail(`cold start ${run}: main.ts exited (${exited}) before answering.`, proc);
    if (Date.now() > until) return h.fail(`cold start ${run}: no answer from /api/health within 60 s.`, proc);
    try {
      const res = await fetch(`http://${HOST}:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const readyMs = performance.now() - t0;
  const stopMs = await h.stopProc(proc);
  const extra = proc.output.filter((l) => !/RATE_LIMIT=off|No admin yet|No built web app/.test(l));
  if (extra.length) notes.push(`cold start ${run} output: ${extra.slice(0, 5).join(' | ')}`);
  return { readyMs: round(readyMs, 0), stopMs: round(stopMs, 0) };
}

// ---------------------------------------------------------------------------------------------------
// Report

const HEADER = [
  'Benchmark',
  'Conn.',
  'Req/s',
  'p50 ms',
  'p97.5 ms',
  'p99 ms',
  'Throughput',
  'Err / non-2xx',
  'Server CPU ms/req',
  'Other load (cores)',
];

function row(b: Bench): string[] {
  return [
    b.name,
    String(b.connections),
    fmtInt(b.reqPerSec),
    String(b.latencyMs.p50),
    String(b.latencyMs.p97_5),
    String(b.latencyMs.p99),
    fmtBytes(b.bytesPerSec),
    `${b.errors + b.timeouts} / ${b.non2xx}`,
    b.cpu.serverMsPerReq === null ? '-' : String(b.cpu.serverMsPerReq),
    b.cpu.otherCores === null ? '-' : String(b.cpu.otherCores),
  ];
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  benchStart();
  const startedAt = new Date();
  const watchdog = h.guard(BUDGET_MS);

  const machine = {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadavgAtStart: os.loadavg().map((n) => round(n, 2)),
  };
  console.log(
    `bench: ${machine.nproc} CPUs (${machine.cpu}), node ${machine.node}, load ${machine.loadavgAtStart.join(' ')}`,
  );
  console.log(`bench: ${SECONDS} s per run, data in ${path.relative(ROOT, DATA_DIR)}`);

  fs.mkdirSync(DATA_DIR, { recursive: true });
  const t0 = performance.now();
  const server = h.startNode(
    'bench/server.ts',
    'bench/server.ts',
    h.childEnv({ PORT: '0', TRUST_PROXY: '1' }),
  );
  const ready = await h.waitReady(server, 180_000);
  const firstStartMs = round(performance.now() - t0, 0);
  const port = ready.port;
  console.log(
    `bench: server pid ${ready.pid} on ${HOST}:${port} in ${firstStartMs} ms (first start: initdb + migrations)`,
  );

  // Seed: one customer for authenticated reads and 20 users to log in with.
  const password = 'bench-password-1';
  const customer = await call(port, 'POST', '/api/register', {
    name: 'Bench Customer',
    phone: '01700000000',
    password,
  });
  if (customer.status !== 201 || typeof customer.json.token !== 'string') {
    return h.fail(
      `registering the customer answered ${customer.status}: ${JSON.stringify(customer.json)}`,
      server,
    );
  }
  const token = customer.json.token;
  const users = Array.from({ length: 20 }, (_, i) => ({
    name: `Bench User ${i + 1}`,
    phone: `0181${String(i).padStart(7, '0')}`,
    password,
  }));
  for (const user of users) {
    const res = await call(port, 'POST', '/api/register', user);
    if (res.status !== 201) {
      return h.fail(`registering ${user.phone} answered ${res.status}: ${JSON.stringify(res.json)}`, server);
    }
  }
  const bodies = users.map((u) => JSON.stringify({ phone: u.phone, password: u.password }));
  const checks = [
    await call(port, 'GET', '/api/bench/memory'),
    await call(port, 'GET', '/api/profile', undefined, token),
    await call(port, 'POST', '/api/login', { phone: users[0]?.phone, password }),
  ];
  if (checks.some((c) => c.status !== 200)) {
    return h.fail(`smoke check failed: ${checks.map((c) => c.status).join(', ')}`, server);
  }
  console.log(`bench: seeded 21 users; memory document is ${fmtInt(ready.memoryBytes)} bytes\n`);

  const auth = { authorization: `Bearer ${token}` };
  const specs: Spec[] = [
    {
      name: 'memory',
      what: 'in-memory JSON, pre-serialized',
      method: 'GET',
      path: '/api/bench/memory',
      connections: 50,
      seconds: SECONDS,
    },
    {
      name: 'memory-object',
      what: 'in-memory JSON, stringified per request',
      method: 'GET',
      path: '/api/bench/memory-object',
      connections: 50,
      seconds: SECONDS,
    },
    {
      name: 'profile',
      what: 'token lookup + user row',
      method: 'GET',
      path: '/api/profile',
      connections: 50,
      seconds: SECONDS,
      headers: auth,
    },
    {
      name: 'profile 5c',
      what: 'as profile, 5 connections (baseline of the starvation check)',
      method: 'GET',
      path: '/api/profile',
      connections: 5,
      seconds: SECONDS,
      headers: auth,
    },
    {
      name: 'login',
      what: 'scrypt N=131072, 20 users in turn',
      method: 'POST',
      path: '/api/login',
      connections: 10,
      seconds: SECONDS,
      bodies,
      clients: LOGIN_CLIENTS,
    },
  ];
  const kdf = kdfAloneMs();
  const benches: Bench[] = [];
  for (const spec of specs) benches.push(await runOne(port, ready.pid, spec));
  const starvation = await runStarvation(port, ready.pid, token, bodies);
  benches.push(starvation.login, starvation.profile);
  const memory = serverMemory(ready.pid);

  console.log('\nbench: stopping the bench server');
  const linesBeforeStop = server.output.length;
  await h.stopProc(server);
  const runErrors = server.output.slice(0, linesBeforeStop).filter(isErrorLine).length;
  const stopErrors = server.output.slice(linesBeforeStop).filter(isErrorLine).length;
  if (runErrors)
    notes.push(`The bench server logged ${runErrors} error(s) during the runs: see serverOutput.`);
  if (stopErrors)
    notes.push(`The bench server logged ${stopErrors} error(s) while stopping: see serverOutput.`);

  console.log(
    `bench: ${COLD_STARTS} cold starts of apps/server/src/main.ts (PostgreSQL already initialised)`,
  );
  const cold: Array<{ readyMs: number; stopMs: number }> = [];
  for (let i = 1; i <= COLD_STARTS; i++) {
    const c = await coldStart(i);
    cold.push(c);
    console.log(`  start ${i}: ready in ${c.readyMs} ms, stopped in ${c.stopMs} ms`);
  }
  const sorted = cold.map((c) => c.readyMs).sort((a, b) => a - b);
  const medianMs = sorted[Math.floor(sorted.length / 2)] ?? 0;

  // Derived numbers
  const byName = (name: string) => benches.find((b) => b.name === name);
  const mem = byName('memory');
  const prof = byName('profile');
  const prof5 = byName('profile 5c');
  const login = byName('login');
  const derived = {
    memoryToProfileRatio: mem && prof && prof.reqPerSec ? round(mem.reqPerSec / prof.reqPerSec, 2) : null,
    memoryObjectToMemoryRatio:
      mem && byName('memory-object')
        ? round((byName('memory-object')?.reqPerSec ?? 0) / mem.reqPerSec, 2)
        : null,
    login: login && {
      reqPerSec: login.reqPerSec,
      /** If both KDF slots were busy the whole run, each login held one for this long. */
      kdfSlotMsPerLogin: login.requests
        ? round((KDF_SLOTS * login.seconds * 1000) / login.requests, 1)
        : null,
      serverCpuMsPerLogin: login.cpu.serverMsPerReq,
      /** One scrypt run measured in the load generator's process while the server was idle. */
      kdfAloneMs: kdf,
      /** How long the backlog of abandoned logins took to drain after each login run. */
      backlogDrainMs: drains,
    },
    starvation: prof5 && {
      profileAloneP50: prof5.latencyMs.p50,
      profileAloneP99: prof5.latencyMs.p99,
      profileInBurstP50: starvation.profile.latencyMs.p50,
      profileInBurstP99: starvation.profile.latencyMs.p99,
      profile50cP50: prof?.latencyMs.p50 ?? null,
      profile50cP99: prof?.latencyMs.p99 ?? null,
      p99RatioVsAlone: prof5.latencyMs.p99
        ? round(starvation.profile.latencyMs.p99 / prof5.latencyMs.p99, 1)
        : null,
      throughputKeptVsAlone: prof5.reqPerSec
        ? round(starvation.profile.reqPerSec / prof5.reqPerSec, 2)
        : null,
      loginsPerSecInBurst: starvation.login.reqPerSec,
    },
  };

  const failures = benches.filter((b) => b.errors + b.timeouts + b.non2xx > 0).map((b) => b.name);
  if (runErrors) failures.push('server log');
  const coldFailures = cold.filter((c) => c.readyMs > COLD_START_GOAL_MS);
  const results = {
    date: startedAt.toISOString(),
    finished: new Date().toISOString(),
    machine: { ...machine, loadavgAtEnd: os.loadavg().map((n) => round(n, 2)) },
    settings: { seconds: SECONDS, host: HOST, rateLimit: 'off', logLevel: 'warn', kdfSlots: KDF_SLOTS },
    server: { firstStartMs, memoryDocumentBytes: ready.memoryBytes, memoryAfterRuns: memory },
    benchmarks: benches,
    derived,
    coldStart: { runs: cold, medianMs, goalMs: COLD_START_GOAL_MS },
    ok: failures.length === 0,
    notes,
    serverOutput: server.output
      .filter((l) => !l.startsWith('BENCH_READY '))
      .slice(0, 50)
      .map((l) => (l.length > 600 ? `${l.slice(0, 600)}…` : l)),
  };
  await writeJson(RESULTS, results);

  const rows = benches.map(row);
  console.log(`\n${textTable(HEADER, rows)}\n`);
  if (derived.login) {
    console.log(
      `login: ${derived.login.reqPerSec} req/s; ${derived.login.kdfSlotMsPerLogin} ms of KDF slot per login ` +
        `(${KDF_SLOTS} slots), ${derived.login.serverCpuMsPerLogin ?? '-'} ms of server CPU per login, ` +
        `${derived.login.kdfAloneMs} ms for one scrypt alone`,
    );
  }
  if (derived.starvation) {
    const s = derived.starvation;
    console.log(
      `starvation: profile p50/p99 ${s.profileInBurstP50}/${s.profileInBurstP99} ms during the login burst, ` +
        `${s.profileAloneP50}/${s.profileAloneP99} ms alone (5 conn.), ${s.profile50cP50}/${s.profile50cP99} ms at 50 conn.; ` +
        `kept ${Math.round((s.throughputKeptVsAlone ?? 0) * 100)}% of its req/s`,
    );
  }
  console.log(
    `cold start: ${cold.map((c) => `${c.readyMs} ms`).join(', ')}; median ${medianMs} ms (goal < ${COLD_START_GOAL_MS} ms)`,
  );
  const busy = benches.map((b) => b.cpu.otherCores).filter((n): n is number => n !== null);
  if (busy.length)
    console.log(`other load on the machine during the runs: up to ${Math.max(...busy)} busy cores`);
  for (const note of notes) console.log(`note: ${note}`);

  console.log(
    `\nMarkdown (${startedAt.toISOString().slice(0, 10)}, ${machine.nproc} CPUs, node ${machine.node}):\n`,
  );
  console.log(markdownTable(HEADER, rows));
  console.log(
    `\n| Cold start | ${cold.map((_, i) => `Run ${i + 1}`).join(' | ')} | Median |\n| --- |${cold.map(() => ' ---: |').join('')} ---: |\n` +
      `| spawn → first 200 of /api/health | ${cold.map((c) => `${c.readyMs} ms`).join(' | ')} | ${medianMs} ms |`,
  );
  console.log(`\nbench: results in ${path.relative(ROOT, RESULTS)}`);

  await h.cleanup();
  clearTimeout(watchdog);
  if (failures.length) {
    console.error(`bench: errors or non-2xx answers in: ${failures.join(', ')}`);
    process.exit(1);
  }
  if (coldFailures.length)
    console.warn(`bench: ${coldFailures.length} cold start(s) over the ${COLD_START_GOAL_MS} ms goal`);
}

main().catch(async (err: unknown) => {
  await h.fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
});
