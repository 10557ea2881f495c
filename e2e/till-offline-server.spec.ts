import { expect, test } from './support/test';
import { ShopServer } from './support/shop-server';
import {
  expectOnServer,
  expectReceiptsMapped,
  openTillForOffline,
  sellThreeOffline,
} from './till-offline-helpers';
import { addProduct, adminAuth, stubPrint } from './till-helpers';

/**
 * Issue 10, the other outage: the network is up but the shop's server process is stopped. The till
 * reloads from its service worker, sells from its store, and syncs each sale once when the server
 * runs again. The test starts a server of its own (own port, own database) to stop it.
 */
test.describe('the till while the server is stopped', () => {
  const server = new ShopServer(7);

  test.afterAll(async () => {
    await server.stop();
    await server.drop().catch(() => undefined);
  });

  test('reloads, sells three sales with provisional numbers, and syncs each once when the server is back', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    await server.create();
    await server.start();
    const context = await browser.newContext({ baseURL: server.url });
    try {
      const page = await context.newPage();
      const request = context.request;
      await stubPrint(page);
      const auth = await adminAuth(page);
      const tag = Date.now().toString(36);
      const products = [
        await addProduct(request, auth, { title: `Stopped Flour ${tag}`, price: 65, attri: '1 kg' }),
        await addProduct(request, auth, { title: `Stopped Salt ${tag}`, price: 38, attri: '1 kg' }),
      ] as const;
      await openTillForOffline(page, products);

      await server.stop();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'New sale' })).toBeVisible();
      await expect(page.getByTestId('till-connection')).toHaveText('Offline');
      const { sales, customer } = await sellThreeOffline(page, products);
      await expect(page.getByTestId('till-waiting')).toHaveText('3 sales waiting to sync');

      // The till notices the server is back on its own (it asks /api/health every 3 s).
      await server.start();
      await expect(page.getByTestId('till-waiting')).toHaveText('Every sale is synced', { timeout: 60_000 });
      await expect(page.getByTestId('till-connection')).toHaveText('Online');
      const orders = await expectOnServer(request, auth, sales, customer);
      await expectReceiptsMapped(page, sales, orders);
    } finally {
      await context.close();
    }
  });
});
