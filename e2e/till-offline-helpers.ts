import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Order } from '@bazar/contracts/orders';
import { everyPage } from './support/pages';
import { uniquePhone } from './support/phones';
import type { Auth, MadeProduct } from './till-helpers';
import { grouped } from './support/ui';

/** What the offline till's browser tests share: the till's store, selling with no server, the orders. */

/** A value of the till's IndexedDB (`bazar-till`), or null while the store or the row is not there. */
export function tillStoreValue(page: Page, store: 'meta' | 'products' | 'sales', key: string | number) {
  return page.evaluate(
    ([name, id]) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('bazar-till');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction(name).objectStore(name).get(id);
          get.onsuccess = () => {
            db.close();
            resolve(get.result ?? null);
          };
          get.onerror = () => {
            db.close();
            resolve(null);
          };
        };
      }),
    [store, key] as const,
  );
}

/**
 * Opens the till and waits until this browser can sell with no server: the service worker holds
 * the app, the till's store holds the catalogue with `products`, and the shop's details for receipts.
 */
export async function openTillForOffline(page: Page, products: readonly MadeProduct[]): Promise<void> {
  await page.goto('/admin/pos');
  await expect(page.getByRole('heading', { name: 'New sale' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The back office's worker (sw.js, the whole app): the storefront's small one (shop-sw.js, only the
  // offline page) may have come first from the login page, and is replaced once sw.js is installed.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 20_000 })
    .toMatch(/\/sw\.js$/);
  for (const product of products) {
    await expect.poll(() => tillStoreValue(page, 'products', product.id), { timeout: 20_000 }).not.toBeNull();
  }
  await expect.poll(() => tillStoreValue(page, 'meta', 'shop-info')).not.toBeNull();
}

export interface OfflineSale {
  provisional: string;
  clientId: string;
  /** Before Save was pressed and after its receipt showed: the sale's time lies between. */
  from: number;
  to: number;
  total: number;
  phone: string;
}

/**
 * Scans a code into the till's product box as a USB scanner does: it types the digits one key at a
 * time (a few ms apart), then presses Enter. Never `fill`: a scanner cannot paste.
 */
export async function scanInto(page: Page, code: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Product' });
  await box.click();
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('');
}

/**
 * Rings up `lines` (a product scanned `qty` times), pays the total in cash, presses F9 and checks
 * the till's own receipt (provisional number, lines); then goes back to the till for the next sale.
 */
export async function sellOffline(
  page: Page,
  lines: readonly { product: MadeProduct; qty: number }[],
  customer?: { phone: string; name: string },
): Promise<OfflineSale> {
  if (customer) {
    await page.getByLabel('Phone').fill(customer.phone);
    await page.getByLabel('Phone').press('Enter');
    await expect(page.getByText(/Offline and not on this till/)).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(customer.name);
    await page.getByRole('button', { name: 'Save Customer' }).click();
    await expect(page.getByText(/Customer kept on this till/)).toBeVisible();
  }
  const rows = page.getByTestId('till-cart').locator('tbody tr');
  let count = 0;
  for (const { product, qty } of lines) {
    for (let i = 0; i < qty; i++) await scanInto(page, product.barcode);
    count += 1;
    await expect(rows).toHaveCount(count);
  }
  const total = lines.reduce((sum, { product, qty }) => sum + product.price * qty, 0);
  await expect(page.getByTestId('till-total')).toHaveText(`${grouped(total)} BDT`);
  await page.getByLabel('Shipping cost').uncheck();
  await page.getByLabel('Pay', { exact: true }).fill(String(total));
  const from = Date.now();
  await page.getByRole('combobox', { name: 'Product' }).press('F9');
  await expect(page).toHaveURL(/\/admin\/receipt\/local\/[0-9a-f-]{36}\?then=pos$/);
  // The till's own receipt, by its provisional number; when the outbox has already synced the sale
  // (a lost answer sent again at once) the page names the order beside it.
  const receipt = page.getByRole('article', {
    name: /^Receipt of (?:sale|order #\d+ ·) T-[A-Z0-9]{6}-\d+$/,
  });
  await expect(receipt).toBeVisible();
  const to = Date.now();
  const provisional = /T-[A-Z0-9]{6}-\d+$/.exec((await receipt.getAttribute('aria-label')) ?? '')?.[0] ?? '';
  await expect(receipt.getByText(new RegExp(`(Sale|Order #\\d+ ·) ${provisional}`))).toBeVisible();
  for (const { product } of lines) await expect(receipt.getByText(product.title)).toBeVisible();
  if (customer) await expect(receipt.getByText(`Customer: ${customer.name}`)).toBeVisible();
  const clientId = /local\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(page).toHaveURL('/admin/pos');
  return { provisional, clientId, from, to, total, phone: customer?.phone ?? '' };
}

/** Three sales with no server, the second for a customer added on the till meanwhile. */
export async function sellThreeOffline(page: Page, [a, b]: readonly [MadeProduct, MadeProduct]) {
  const customer = { phone: uniquePhone(), name: 'Offline Customer' };
  const sales = [
    await sellOffline(page, [
      { product: a, qty: 2 },
      { product: b, qty: 1 },
    ]),
    await sellOffline(page, [{ product: a, qty: 1 }], customer),
    await sellOffline(page, [{ product: b, qty: 3 }]),
  ];
  return { sales, customer };
}

/** Every till order on the server that carries one of these provisional numbers. */
export async function ordersFor(
  request: APIRequestContext,
  auth: Auth,
  provisionals: readonly string[],
): Promise<Order[]> {
  const all = await everyPage<Order>(request, '/api/orders?type=0&per_page=200', auth);
  return all.filter((order) => order.provisional !== null && provisionals.includes(order.provisional));
}

/**
 * The server holds exactly one order per sale, dated when the sale was made, priced as the till
 * sold it; the customer added offline exists and their sale is theirs.
 */
export async function expectOnServer(
  request: APIRequestContext,
  auth: Auth,
  sales: readonly OfflineSale[],
  customer: { phone: string; name: string },
): Promise<Order[]> {
  const orders = await ordersFor(
    request,
    auth,
    sales.map((s) => s.provisional),
  );
  expect(orders).toHaveLength(sales.length);
  const byProvisional = new Map(orders.map((o) => [o.provisional, o]));
  for (const sale of sales) {
    const order = byProvisional.get(sale.provisional);
    expect(order, sale.provisional).toBeTruthy();
    expect(order?.client_id).toBe(sale.clientId);
    expect(order?.subtotal).toBe(sale.total);
    expect(order?.paid).toBe(sale.total);
    const at = Date.parse(order?.created ?? '');
    expect(at).toBeGreaterThanOrEqual(sale.from - 1000);
    expect(at).toBeLessThanOrEqual(sale.to + 1000);
    expect(order?.phone).toBe(sale.phone);
  }
  const found = await request.get(`/api/customer/search/${customer.phone}`, { headers: auth });
  const people = ((await found.json()) as { data: Array<{ phone: string; name: string }> }).data;
  expect(people.filter((c) => c.phone === customer.phone)).toEqual([
    expect.objectContaining({ phone: customer.phone, name: customer.name }),
  ]);
  return orders;
}

/** The till's own receipt of each sale now names its order too (Reprint maps one to the other). */
export async function expectReceiptsMapped(
  page: Page,
  sales: readonly OfflineSale[],
  orders: readonly Order[],
) {
  for (const sale of sales) {
    const order = orders.find((o) => o.provisional === sale.provisional);
    await page.goto(`/admin/receipt/local/${sale.clientId}`);
    await expect(
      page.getByRole('article', {
        name: `Receipt of order #${order?.id} · ${sale.provisional}`,
        exact: true,
      }),
    ).toBeVisible();
  }
}
