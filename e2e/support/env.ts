/**
 * One place for what the browser tests and playwright.config.ts agree on: where the test server
 * listens, where its data lives and which admin it creates at start.
 */
export const E2E = {
  host: '127.0.0.1',
  port: 3100,
  baseURL: 'http://127.0.0.1:3100',
  /** Fixed, so the tests can read the SMS outbox of the embedded PostgreSQL (messagesTo). */
  pgPort: 54329,
  /** Relative to the repository root; removed and created again before every run. */
  dataDir: '.data-test/e2e',
  /** The fake SMS gateway (e2e/support/sms-gateway.mjs) the server's http driver sends to. */
  smsGatewayPort: 3101,
  smsGatewayURL: 'http://127.0.0.1:3101',
  adminPhone: '01700000000',
  adminPassword: 'admin-pass-1',
} as const;
