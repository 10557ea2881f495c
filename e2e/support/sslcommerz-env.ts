/**
 * The SSLCommerz store of the browser tests' server: the fake SSLCommerz's own
 * (apps/server/test/fakes/sslcommerz.ts), kept here without importing the fake, so
 * playwright.config.ts stays light.
 */
export const sslcommerzEnv = (url: string): Record<string, string> => ({
  SSLCOMMERZ_BASE_URL: url,
  SSLCOMMERZ_STORE_ID: 'bazar0fake',
  SSLCOMMERZ_STORE_PASSWORD: 'bazar0fake@ssl',
});
