/**
 * The bKash account of the browser tests' server: the fake bKash's own (apps/server/test/fakes/bkash.ts),
 * kept here without importing the fake, so playwright.config.ts stays light.
 */
export const bkashEnv = (url: string): Record<string, string> => ({
  BKASH_BASE_URL: `${url}/v1.2.0-beta`,
  BKASH_APP_KEY: 'bkash-app-key-fake',
  BKASH_APP_SECRET: 'bkash-app-secret-fake',
  BKASH_USERNAME: 'sandboxTokenizedUser',
  BKASH_PASSWORD: 'sandbox-password',
});
