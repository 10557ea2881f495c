/**
 * One place for what the browser tests and playwright.config.ts agree on: where the test server
 * listens, where its data lives and which admin it creates at start. `E2E_PORT` moves the whole
 * set (server, its PostgreSQL, the SMS gateway, the data folder), and `WEB_DIST` the built app, so
 * two runs can share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
if (!Number.isInteger(port) || port < 1024 || port > 60000) throw new Error(`E2E_PORT ${port} is not a port`);

export const E2E = {
  host: '127.0.0.1',
  port,
  baseURL: `http://127.0.0.1:${port}`,
  /** Fixed per run, so the tests can read the SMS outbox of the embedded PostgreSQL (messagesTo). */
  pgPort: port + 51229,
  /** Relative to the repository root; removed and created again before every run. */
  dataDir: port === 3100 ? '.data-test/e2e' : `.data-test/e2e-${port}`,
  /** The fake SMS gateway (e2e/support/sms-gateway.mjs) the server's http driver sends to. */
  smsGatewayPort: port + 1,
  smsGatewayURL: `http://127.0.0.1:${port + 1}`,
  /** The fake bKash (apps/server/test/fakes/bkash.ts, started by e2e/support/bkash-gateway.ts). */
  bkashPort: port + 2,
  bkashURL: `http://127.0.0.1:${port + 2}`,
  /** The fake SSLCommerz (apps/server/test/fakes/sslcommerz.ts, by e2e/support/sslcommerz-gateway.ts). */
  sslcommerzPort: port + 3,
  sslcommerzURL: `http://127.0.0.1:${port + 3}`,
  adminPhone: '01700000000',
  adminPassword: 'admin-pass-1',
} as const;
