import { defineConfig } from '@playwright/test';
import { bkashEnv } from './e2e/support/bkash-env';
import { sslcommerzEnv } from './e2e/support/sslcommerz-env';
import { E2E } from './e2e/support/env';

/**
 * Browser tests against the real server and its embedded PostgreSQL, on a fresh data folder each
 * run. Debian's Chromium is used as installed: never download Playwright's browsers.
 * Run with `npm run test:e2e` (builds the web app first).
 */
/** A fake payment gateway of apps/server/test/fakes, started by its e2e/support script on `port`. */
const fakeGateway = (script: string, port: number, url: string) => ({
  command: `node --import tsx e2e/support/${script} ${port}`,
  url: `${url}/health`,
  timeout: 20_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E.baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore: /restore-admin\.spec\.ts$/,
    },
    // The phone width only where the layout differs: top bar, side menu, cart panel.
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 } },
      testMatch: /(layout|language)\.spec\.ts$/,
    },
    // A restore from the back office replaces every table of the shared server: it runs alone, once
    // every other spec has finished (on its own: --project=restore --no-deps).
    {
      name: 'restore',
      use: { viewport: { width: 1280, height: 800 } },
      testMatch: /restore-admin\.spec\.ts$/,
      dependencies: ['desktop', 'phone'],
    },
  ],
  webServer: [
    {
      // The SMS gateway the server delivers to: it keeps every message, so the tests read the
      // codes a person would get by SMS (the outbox keeps them only until they are sent).
      command: `node e2e/support/sms-gateway.mjs ${E2E.smsGatewayPort}`,
      url: `${E2E.smsGatewayURL}/health`,
      timeout: 10_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // bKash for checkout's online payment: its token, create, execute and refund calls, and the
    // payment page (Pay, Cancel) the browser is sent to.
    fakeGateway('bkash-gateway.ts', E2E.bkashPort, E2E.bkashURL),
    // SSLCommerz: its session, validation and refund calls, and the hosted page (Pay, Fail,
    // Cancel) that posts the shopper back to the shop.
    fakeGateway('sslcommerz-gateway.ts', E2E.sslcommerzPort, E2E.sslcommerzURL),
    {
      command: `node e2e/support/fresh-data.mjs ${E2E.dataDir} && node --import tsx apps/server/src/main.ts`,
      url: `${E2E.baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      // The server stops its embedded PostgreSQL on SIGTERM; a SIGKILL would leave it running.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E.port),
        HOST: E2E.host,
        DATA_DIR: E2E.dataDir,
        EMBEDDED_PG_PORT: String(E2E.pgPort),
        RATE_LIMIT: 'off',
        SEED_DEMO: '1',
        // The gateways send the browser back here: the address the tests' browser uses.
        PUBLIC_URL: E2E.baseURL,
        ADMIN_PHONE: E2E.adminPhone,
        ADMIN_PASSWORD: E2E.adminPassword,
        SMS_DRIVER: 'http',
        SMS_HTTP_URL: `${E2E.smsGatewayURL}/sms`,
        SMS_POLL_MS: '200',
        // A lost gateway answer (payments-shop.spec) is waited for this long, not the 30 s default:
        // the local fakes answer in milliseconds, and the suite stays within its time.
        PAYMENT_TIMEOUT_MS: '8000',
        ...bkashEnv(E2E.bkashURL),
        ...sslcommerzEnv(E2E.sslcommerzURL),
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
