import { type Page, type Request } from '@playwright/test';
import { expect, test } from './support/test';
import type { Order } from '@bazar/contracts/orders';
import {
  expectOnServer,
  expectReceiptsMapped,
  openTillForOffline,
  ordersFor,
  sellOffline,
  sellThreeOffline,
  tillStoreValue,
} from './till-offline-helpers';
import { addProduct, adminAuth, stubPrint, type Auth } from './till-helpers';

/**
 * Issue 10: the till sells with no network, keeps each sale in the browser and syncs it exactly
 * once: after an outage, after a lost answer, and with two tabs syncing the same queue.
 */

async function twoProducts(request: Parameters<typeof addProduct>[0], auth: Auth) {
  const tag = Date.now().toString(36);
  return [
    await addProduct(request, auth, { title: `Offline Lentils ${tag}`, price: 140, attri: '1 kg' }),
    await addProduct(request, auth, { title: `Offline Sugar ${tag}`, price: 115, attri: '1 kg' }),
  ] as const;
}

const isSale = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/order/add';
const saleId = (request: Request) => String((request.postDataJSON() as { client_id?: string }).client_id);

/** The client_id of every `POST /api/order/add` the page sends (`answered`: that the server answered). */
function watchSends(page: Page, { answered = false } = {}): string[] {
  const sent: string[] = [];
  if (answered) {
    page.on('response', (response) => {
      if (isSale(response.request())) sent.push(saleId(response.request()));
    });
  } else {
    page.on('request', (request) => {
      if (isSale(request)) sent.push(saleId(request));
    });
  }
  return sent;
}

test.describe('the till offline', () => {
  test('sells three sales with no network, prints provisional numbers, and syncs each once when back online', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    await stubPrint(page);
    const auth = await adminAuth(page);
    const products = await twoProducts(request, auth);
    await openTillForOffline(page, products);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'New sale' })).toBeVisible();
    await expect(page.getByTestId('till-connection')).toHaveText('Offline');
    // Meanwhile on the server: the lentils cost more, the sugar is gone. The till sells as it knew them.
    const [lentils, sugar] = products;
    const edited = await request.post(`/api/product/edit-quick/${lentils.id}`, {
      headers: auth,
      data: { price: 150, offprice: null, qty: 100 },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    expect((await request.delete(`/api/product/delete/${sugar.id}`, { headers: auth })).status()).toBe(200);
    const { sales, customer } = await sellThreeOffline(page, products);
    expect(sales.map((s) => s.provisional.replace(/\d+$/, ''))).toEqual(
      sales.map(() => sales[0]!.provisional.replace(/\d+$/, '')),
    );
    await expect(page.getByTestId('till-waiting')).toHaveText('3 sales waiting to sync');
    const kept = (await tillStoreValue(page, 'sales', sales[1]!.clientId)) as {
      state: string;
      offline: boolean;
    };
    expect(kept).toMatchObject({ state: 'waiting', offline: true });

    await context.setOffline(false);
    await expect(page.getByTestId('till-waiting')).toHaveText('Every sale is synced', { timeout: 20_000 });
    await expect(page.getByTestId('till-connection')).toHaveText('Online');
    const orders = await expectOnServer(request, auth, sales, customer);
    await expectReceiptsMapped(page, sales, orders);

    // The owner sees each line sold at a price other than the shop's, or of a deleted product.
    await page.goto('/admin/orders?view=differences');
    const list = page.getByRole('region', { name: 'Sales synced with differences' });
    const expected = [
      [`${lentils.title} (1 kg)`, '140 BDT', '150 BDT', '-10 BDT'],
      [`${sugar.title} (1 kg)`, '115 BDT', 'deleted', ''],
    ];
    const linesOf = (sale: (typeof sales)[number]) => {
      const order = orders.find((o) => o.provisional === sale.provisional);
      return list
        .locator(`tbody[data-order-id="${order?.id}"] tr:not(.differences-order)`)
        .evaluateAll((rows) =>
          rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent)),
        );
    };
    await expect(list.getByText(`Till number ${sales[0]!.provisional}`)).toBeVisible();
    expect(await linesOf(sales[0]!)).toEqual(expected);
    expect(await linesOf(sales[1]!)).toEqual([expected[0]]);
    expect(await linesOf(sales[2]!)).toEqual([expected[1]]);
  });

  test('sends a sale again when the answer was lost on the way, and the server keeps one order', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await stubPrint(page);
    const auth = await adminAuth(page);
    const [lentils] = await twoProducts(request, auth);
    await openTillForOffline(page, [lentils]);
    const sent = watchSends(page);

    // The server stores the sale; its answer never reaches the till.
    let lost = 0;
    await page.route('**/api/order/add', async (route) => {
      if (lost > 0) return route.continue();
      lost += 1;
      const response = await route.fetch();
      expect(response.status()).toBe(201);
      await route.abort('connectionreset');
    });
    const sale = await sellOffline(page, [{ product: lentils, qty: 1 }]);
    // Back on the till, the outbox sends it again: the server answers with the order it stored.
    await expect(page.getByTestId('till-waiting')).toHaveText('Every sale is synced', { timeout: 30_000 });
    expect(sent.filter((id) => id === sale.clientId).length).toBeGreaterThanOrEqual(2);
    const orders = await ordersFor(request, auth, [sale.provisional]);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.client_id).toBe(sale.clientId);
    const synced = (await tillStoreValue(page, 'sales', sale.clientId)) as { state: string; order: Order };
    expect(synced).toMatchObject({ state: 'synced', order: { id: orders[0]?.id } });
  });

  for (const withLock of [true, false]) {
    test(`two tabs sync the same queue at once${withLock ? '' : ' (no Web Locks: the server alone keeps it once)'}: one order per sale`, async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(90_000);
      if (!withLock) {
        await context.addInitScript(() => Object.defineProperty(navigator, 'locks', { value: undefined }));
      }
      await stubPrint(page);
      const auth = await adminAuth(page);
      const products = await twoProducts(request, auth);
      await openTillForOffline(page, products);
      const other = await context.newPage();
      await stubPrint(other);
      await openTillForOffline(other, products);
      // The cashier's tab in front (a background tab draws no frames: its receipt would not print).
      await page.bringToFront();
      const sent = [page, other].map((tab) => watchSends(tab, { answered: true }));

      await context.setOffline(true);
      const sales = [
        await sellOffline(page, [{ product: products[0], qty: 1 }]),
        await sellOffline(page, [{ product: products[1], qty: 2 }]),
        await sellOffline(page, [{ product: products[0], qty: 3 }]),
      ];
      await expect(other.getByTestId('till-waiting')).toHaveText('3 sales waiting to sync');
      // Both tabs hear the network come back at the same moment and sync the one queue.
      await context.setOffline(false);
      for (const tab of [page, other]) {
        await expect(tab.getByTestId('till-waiting')).toHaveText('Every sale is synced', { timeout: 20_000 });
      }
      const orders = await ordersFor(
        request,
        auth,
        sales.map((s) => s.provisional),
      );
      expect(orders.map((o) => o.provisional).sort()).toEqual(sales.map((s) => s.provisional).sort());
      const sends = sent.flat();
      for (const sale of sales) {
        const times = sends.filter((id) => id === sale.clientId).length;
        // With the lock one tab sends each sale once; without it both may, and one order stays.
        if (withLock) expect(times).toBe(1);
        else expect(times).toBeGreaterThanOrEqual(1);
      }
    });
  }
});
