import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../src/db/embedded';

// These tests run the real entry point (`npm start` runs the same file) as separate processes, on the
// embedded PostgreSQL, in a private 0700 temp folder like a root user's home.
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-embedded-'));
const started: ChildProcess[] = [];

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null>; port: number };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function start(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT: 'off',
      SEED_DEMO: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exited, port };
}

async function healthy(server: Server): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer:\n${server.output()}`);
}

const postgresPid = () =>
  Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    try {
      process.kill(postgresPid(), 'SIGINT');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL lifecycle', () => {
  it('starts on an empty folder, refuses a second server, recovers after kill -9, stops cleanly', async () => {
    const first = await start();
    await healthy(first);
    // PostgreSQL's log may show queries and names: readable by the shop's user only.
    expect(fs.statSync(path.join(dataDir, 'postgres.log')).mode & 0o777).toBe(0o600);
    const phone = '01812345678';
    const reg = await fetch(`http://127.0.0.1:${first.port}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Persisted', phone, password: 'secret123' }),
    });
    expect(reg.status).toBe(201);

    const second = await start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another shop server (pid ${first.child.pid}) is already running on DATA_DIR`,
    );

    const orphan = postgresPid();
    first.child.kill('SIGKILL');
    await first.exited;
    expect(isAlive(orphan)).toBe(true);

    const third = await start();
    await healthy(third);
    expect(third.output()).toContain(
      `Found PostgreSQL (pid ${orphan}) left running by a server that was killed`,
    );
    expect(isAlive(orphan)).toBe(false);
    const login = await fetch(`http://127.0.0.1:${third.port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, password: 'secret123' }),
    });
    expect(login.status).toBe(200);

    // `npm run admin` works while the shop is open, on the same embedded database.
    const admin = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/scripts/admin.ts',
        '--phone',
        '+8801912345678',
        '--password',
        'admin-pass',
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let adminOut = '';
    admin.stdout?.on('data', (d: Buffer) => (adminOut += d.toString()));
    admin.stderr?.on('data', (d: Buffer) => (adminOut += d.toString()));
    expect(await new Promise((r) => admin.once('exit', r))).toBe(0);
    expect(adminOut).toContain('Admin 01912345678 created.');
    const adminLogin = await fetch(`http://127.0.0.1:${third.port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '01912345678', password: 'admin-pass' }),
    });
    expect(((await adminLogin.json()) as { user: { role: number } }).user.role).toBe(23314);

    const pg = postgresPid();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(isAlive(pg)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 120_000);
});
