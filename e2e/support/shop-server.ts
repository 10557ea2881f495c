import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E } from './env';

/**
 * A second shop server that a test starts and stops itself (the till's "server process stopped"
 * case): its own port and its own database, on the PostgreSQL the test run's server started (so the
 * database outlives the server, as a real shop's does).
 */
export class ShopServer {
  readonly port: number;
  readonly url: string;
  readonly database: string;
  readonly dataDir: string;
  private child: ChildProcess | null = null;
  private log = '';

  /** `demo: false` starts without the demo catalogue (SEED_DEMO=0): a faster start. */
  constructor(
    offset: number,
    private readonly options: { demo?: boolean } = {},
  ) {
    this.port = E2E.port + offset;
    this.url = `http://${E2E.host}:${this.port}`;
    this.database = `shop_e2e_${this.port}`;
    this.dataDir = path.resolve('.data-test', `e2e-server-${this.port}`);
  }

  private adminUrl(database: string) {
    const password = fs.readFileSync(path.join(E2E.dataDir, 'pg-password'), 'utf8').trim();
    return `postgres://postgres:${encodeURIComponent(password)}@${E2E.host}:${E2E.pgPort}/${database}`;
  }

  private async admin(sql: string) {
    const client = new pg.Client({ connectionString: this.adminUrl('postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  /** Creates the database (empty: the server migrates it and loads the demo data at its first start). */
  async create(): Promise<void> {
    await this.admin(`DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
    await this.admin(`CREATE DATABASE ${this.database}`);
  }

  /** Removes the database and the server's files (its pictures). */
  async drop(): Promise<void> {
    await this.admin(`DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Starts the server and waits until it answers `/api/health`. */
  async start(timeoutMs = 120_000): Promise<void> {
    fs.mkdirSync(this.dataDir, { recursive: true });
    this.log = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: E2E.host,
        DATA_DIR: this.dataDir,
        DATABASE_URL: this.adminUrl(this.database),
        RATE_LIMIT: 'off',
        SEED_DEMO: this.options.demo === false ? '0' : '1',
        PUBLIC_URL: this.url,
        ADMIN_PHONE: E2E.adminPhone,
        ADMIN_PASSWORD: E2E.adminPassword,
        SMS_DRIVER: 'http',
        SMS_HTTP_URL: `${E2E.smsGatewayURL}/sms`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`The second shop server stopped at start:\n${this.log}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await this.stop();
    throw new Error(`The second shop server did not answer in ${timeoutMs} ms:\n${this.log}`);
  }

  /** Stops the server process (SIGTERM: it closes its connections) and waits for it to exit. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(late);
  }
}
