import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAllBangla, latinDigits } from './support/bangla';
import { snap } from './support/ui';
import { addProduct, adminAuth, printCount, receiptRows, stubPrint, type Auth } from './till-helpers';

// The back office in Bangla: the dashboard, a till sale by keyboard to its receipt, the orders list.
// Other tests write English-only products, orders and expenses at the same time: their texts are
// data, read from the API just before each check. Runs at 1280 px; each screen also at 390 px.

async function snapBoth(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function pages<T>(request: APIRequestContext, auth: Auth, url: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await request.get(`${url}${url.includes('?') ? '&' : '?'}page=${page}&per_page=100`, {
      headers: auth,
    });
    expect(answer.status(), url).toBe(200);
    const body = (await answer.json()) as { data: T[]; meta: { last_page: number } };
    rows.push(...body.data);
    if (page >= body.meta.last_page) return rows;
  }
}

/** The texts of the shop's data the back office shows: products, orders' people, expenses, the shop. */
async function readShopData(request: APIRequestContext, auth: Auth): Promise<string[]> {
  type Product = {
    title: string;
    title_bn: string;
    attri: string;
    attri_bn: string;
    brand: { title: string; title_bn: string } | null;
  };
  type Order = { name: string; phone: string; address: string; area: string; note: string };
  const products = await pages<Product>(request, auth, '/api/products');
  const orders = await pages<Order>(request, auth, '/api/orders');
  const expenses = await pages<{ details: string }>(request, auth, '/api/expances');
  const areas = (
    (await (await request.get('/api/areas')).json()) as { data: Array<{ title: string; title_bn: string }> }
  ).data;
  const shop = ((await (await request.get('/api/shop-info')).json()) as { data: Record<string, string> })
    .data;
  const me = (await (await request.get('/api/profile', { headers: auth })).json()) as { name?: string };
  return [
    // A product's English names only where it has no Bangla one: a Bangla screen shows the Bangla.
    ...products.flatMap((p) => [
      p.title_bn ? '' : p.title,
      p.attri_bn ? '' : p.attri,
      p.brand && !p.brand.title_bn ? p.brand.title : '',
    ]),
    ...orders.flatMap((o) => [o.name, o.phone, o.address, o.area, o.note]),
    ...expenses.map((e) => e.details),
    // Areas other tests add have no Bangla name: their English one is what a Bangla screen shows.
    ...areas.filter((a) => !a.title_bn).map((a) => a.title),
    shop.name ?? '',
    shop.address ?? '',
    me.name ?? '',
  ]
    .filter((text) => text.length > 1)
    .sort((a, b) => b.length - a.length); // longest first: a name is taken out before its parts
}

test('the back office in Bangla: dashboard, a till sale by keyboard, its receipt, the orders list', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await stubPrint(page);
  const auth = await adminAuth(page);
  // Data seen at any read stays data: another test may delete what a screen loaded (an area it
  // added) between the screen's load and the check. Read before each screen loads and at each check.
  const seen = new Set<string>();
  const shopData = async (): Promise<string[]> => {
    for (const text of await readShopData(request, auth)) seen.add(text);
    return [...seen].sort((a, b) => b.length - a.length);
  };
  const rice = await addProduct(request, auth, {
    title: 'E2E Bangla Rice',
    title_bn: 'ই২ই কাটারিভোগ চাল',
    attri: '5 kg',
    attri_bn: '৫ কেজি',
    price: 1250,
  });

  await shopData();
  await page.goto('/admin');
  const bar = page.locator('.admin-top-bar');
  await bar.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const main = page.getByRole('main');

  // The dashboard: its figures with Bengali digits and every label in Bangla.
  await expect(main.getByRole('heading', { name: 'ড্যাশবোর্ড' })).toBeVisible();
  await expect(main.getByText('মোট অর্ডার').first()).toBeVisible();
  await expect(main.getByTestId('dash-orders')).toHaveText(/^[০-৯,]+$/);
  await expect(main.getByTestId('dash-amount')).toHaveText(/^[০-৯,]+ টাকা$/);
  await expectAllBangla(page.locator('body'), await shopData());
  await snapBoth(page, testInfo, 'dashboard-bn');

  // The till, by keyboard: scan, Bengali digits typed for the quantity, cash tendered, F9.
  await shopData();
  await page.goto('/admin/pos');
  const box = page.getByRole('combobox', { name: 'পণ্য' });
  await expect(box).toBeFocused();
  await page.keyboard.type(rice.barcode);
  await page.keyboard.press('Enter');
  const rows = page.getByTestId('till-cart').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('ই২ই কাটারিভোগ চাল');
  await expect(rows.first()).toContainText('৫ কেজি');
  // Two bags: the quantity button, ২ typed, Enter.
  await rows
    .first()
    .getByRole('button', { name: /পরিমাণ বদলান/ })
    .click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('২');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('till-total')).toHaveText('২,৫০০ টাকা');
  await page.keyboard.press('F4');
  await expect(page.getByLabel('টাকা', { exact: true })).toBeFocused();
  // The delivery charge the till adds (Setting) is read from the screen: due = total + it.
  const owed = await page.getByTestId('till-subtotal').textContent();
  expect(latinDigits(owed)).toEqual([]);
  await page.keyboard.type('৫০০০');
  await expect(page.getByTestId('till-due')).toHaveText('০ টাকা');
  await expect(page.getByTestId('till-change')).toHaveText(/^[০-৯,]+ টাকা$/);
  await expectAllBangla(page.locator('body'), await shopData());
  await snapBoth(page, testInfo, 'till-bn');

  // F9: saved; the walk-in's receipt prints in the till's language.
  await page.keyboard.press('F9');
  await expect(page).toHaveURL(/\/admin\/receipt\/\d+\?then=pos$/);
  const id = Number(/receipt\/(\d+)/.exec(page.url())?.[1]);
  const sold = (
    (await (await request.get(`/api/order/${id}`, { headers: auth })).json()) as {
      data: { provisional: string | null; subtotal: number; ship: number; discount: number };
    }
  ).data;
  // What the orders list shows as the sale's total, in Bengali digits.
  const total = new Intl.NumberFormat('bn-BD').format(sold.subtotal + sold.ship - sold.discount);
  // The till's provisional number (T-…-1) is a reference, written as it is.
  const references = sold.provisional ? [sold.provisional] : [];
  // "অর্ডার #12-এর রসিদ", or with the till's provisional number: "অর্ডার #12 · T-…-1-এর রসিদ".
  const receipt = page.getByRole('article', { name: new RegExp(`^অর্ডার #${id}\\b.*-এর রসিদ$`) });
  await expect(receipt).toBeVisible();
  expect(await printCount(page)).toBe(1);
  const printed = await receiptRows(page);
  expect(printed).toEqual(expect.arrayContaining(['মোট | ২,৫০০', 'বাকি | ০']));
  await expect(receipt).toContainText('ই২ই কাটারিভোগ চাল');
  // Amounts and quantities in Bengali digits; the order's number and the till's reference as they are.
  expect(latinDigits(printed.filter((row) => !row.includes(`#${id}`)).join(' '))).toEqual([]);
  await expectAllBangla(receipt, [...references, ...(await shopData())]);
  await snapBoth(page, testInfo, 'receipt-bn');

  // The orders list: this sale among them, its figures in Bengali digits.
  await shopData();
  await page.goto('/admin/orders');
  await expect(main.getByRole('heading', { name: 'অর্ডার', exact: true })).toBeVisible();
  const row = page.locator(`tr[data-order-id="${id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(total);
  await expect(row).toContainText('সাধারণ কাস্টমার');
  await expect(page.getByTestId('sum-total')).toHaveText(/^[০-৯,]+ টাকা$/);
  await expectAllBangla(page.locator('body'), await shopData());
  await snapBoth(page, testInfo, 'orders-bn');

  // English again: the spec's words.
  await bar.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(row).toContainText('Walk-in customer');
});
