import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createCustomer } from './support/accounts';
import { answeredTexts, latinNumbers, latinWords } from './support/bangla';
import { uniquePhone } from './support/phones';
import { speak } from './support/ui';
import { addProduct, adminAuth, stubPrint, type Auth } from './till-helpers';

// Every screen of the shop in Bangla, one after the other as a person opens them: no word in Latin
// letters and no number in Latin digits is left, except the data the screen was sent (names,
// addresses, codes and phones as they were typed, by this test or by the others running beside
// it). The screens with a record open one this test makes. Each screen is read once its spinner is
// gone; dialogs and menus a screen opens are read by the specs of those screens.

/** What a screen shows of the shop's own in Latin letters or digits: [] when it is all Bangla. */
async function foreign(page: Page, data: () => Promise<string[]>): Promise<string[]> {
  const body = page.locator('body');
  const texts = await data();
  return [...(await latinWords(body, texts)), ...(await latinNumbers(body, texts))];
}

/** Opens `path` and waits until it has drawn its data (no spinner, no busy table, a heading). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1:visible, h2:visible, h3:visible').first()).toBeVisible();
  await expect(page.locator('.spinner-border:visible, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 15_000,
  });
}

async function created<T>(request: APIRequestContext, auth: Auth, url: string, data: object): Promise<T> {
  const answer = await request.post(url, { headers: auth, data });
  expect(answer.status(), `${url}: ${await answer.text()}`).toBe(201);
  return ((await answer.json()) as { data: T }).data;
}

async function firstId(request: APIRequestContext, auth: Auth, url: string): Promise<number | null> {
  const answer = await request.get(url, { headers: auth });
  expect(answer.status(), url).toBe(200);
  const rows = ((await answer.json()) as { data: Array<{ id: number }> }).data;
  return rows[0]?.id ?? null;
}

test('every back-office screen in Bangla shows no English word and no Latin digit', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await stubPrint(page);
  const data = answeredTexts(page);
  const auth = await adminAuth(page);
  // In Bangla, as a shop in Bangladesh types them: other specs read their own screens in Bangla
  // while these records show there too.
  const stamp = new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(Date.now() % 100_000);

  // The records the screens show: a product, a till sale, a customer, a supplier with a purchase and
  // a purchase order, a stock entry, an expense, a stock count and an SMS list.
  const product = await addProduct(request, auth, {
    title: `E2E Walk Lentils ${Date.now() % 100_000}`,
    title_bn: `ই২ই মসুর ডাল ${stamp}`,
    attri: '1 kg',
    attri_bn: '১ কেজি',
    price: 120,
    buyprice: 90,
  });
  const sale = await created<{ id: number }>(request, auth, '/api/order/add', {
    terminal: 1,
    ship: 0,
    paid: 120,
    carts: [{ product_id: product.id, quantity: 1 }],
  });
  const shopper = await createCustomer(request, { name: `ই২ই ক্রেতা ${stamp}` });
  const supplier = await created<{ id: number }>(request, auth, '/api/supplier/add', {
    name: `ই২ই সরবরাহকারী ${stamp}`,
    phone: uniquePhone(),
    address: 'মৌলভীবাজার, ঢাকা',
  });
  const order = await created<{ id: number }>(request, auth, '/api/purchase-orders', {
    supplier_id: supplier.id,
    lines: [{ product_id: product.id, qty: 10, buy_price: 90 }],
  });
  await created(request, auth, '/api/purchase/add', {
    supplier_id: supplier.id,
    lines: [{ product_id: product.id, quantity: 5, buyprice: 90 }],
  });
  const entry = await request.post('/api/stock/add', {
    headers: auth,
    data: { price: 90, qty: 3, items: [{ id: product.id }] },
  });
  expect(entry.status(), await entry.text()).toBeLessThan(300);
  await created(request, auth, '/api/expance/add', { detail: `ই২ই চা-নাস্তা ${stamp}`, amount: 1250 });
  const count = await created<{ id: number }>(request, auth, '/api/stocktakes', {
    product_ids: [product.id],
  });
  const list = await created<{ id: number }>(request, auth, '/api/sms-list/add', {
    title: `ই২ই তালিকা ${stamp}`,
  });
  const customers = (await (
    await request.get(`/api/customer/search/${shopper.phone}`, { headers: auth })
  ).json()) as { data: Array<{ id: number; phone: string }> };
  const customer = customers.data.find((c) => c.phone === shopper.phone);
  expect(customer, 'the new customer in the list').toBeTruthy();
  const rider = await firstId(request, auth, '/api/riders');
  const shift = await firstId(request, auth, '/api/shifts');

  await page.goto('/admin');
  await speak(page, 'bn');
  // The menu's every entry, then the screens a menu entry leads to, then those of one record.
  const menu = await page
    .getByRole('navigation')
    .locator('a.admin-nav-link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(menu.length).toBeGreaterThan(15);
  const screens = [
    ...menu,
    '/admin/day-close',
    '/admin/statements',
    '/admin/product-sale',
    '/admin/live-stock',
    '/admin/shrinkage',
    '/admin/barcode',
    '/admin/add-product',
    '/admin/pick-list',
    '/admin/reorder',
    '/admin/purchase-orders',
    '/admin/purchase-orders/new',
    `/admin/purchase-orders/${order.id}`,
    `/admin/stock-counts/${count.id}`,
    `/admin/stock-counts/${count.id}/count`,
    `/admin/edit-product/${product.id}`,
    `/admin/edit-product-option/${product.id}`,
    `/admin/customer/${customer?.id ?? 0}`,
    `/admin/print-order/${sale.id}`,
    `/admin/order/send-sms/${sale.id}`,
    `/admin/receipt/${sale.id}`,
    `/admin/sms-list/${list.id}`,
    `/admin/send-sms/${list.id}`,
    ...(rider ? [`/admin/riders/${rider}`] : []),
    ...(shift ? [`/admin/shift-report/${shift}`] : []),
    '/admin/pos',
    '/admin/pos/display',
  ];
  const found: Record<string, string[]> = {};
  for (const path of screens) {
    await open(page, path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    const left = await foreign(page, data);
    if (left.length > 0) found[path] = left;
  }
  // On a phone, where the top bar, the menu and the lists' filters fold into buttons.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/admin', '/admin/orders', '/admin/products', '/admin/pos']) {
    await open(page, path);
    const left = await foreign(page, data);
    if (left.length > 0) found[`${path} at 390 px`] = left;
  }
  expect(found, 'screens in Bangla that show English words or Latin digits').toEqual({});
});

test('every storefront screen in Bangla shows no English word and no Latin digit', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const data = answeredTexts(page);
  const shopper = await createCustomer(request, { name: 'E2E Walk Buyer' });
  const typed = async () => [shopper.name, shopper.phone, ...(await data())];

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const guest = [
    '/',
    '/about',
    '/terms',
    '/privacy',
    '/search/চাল',
    '/login',
    '/register',
    '/forgot',
    '/nowhere',
  ];
  // A product and a category of the demo data, as a shared link opens them.
  const products = (await (await request.get('/api/productpopular')).json()) as {
    data: Array<{ id: number }>;
  };
  const categories = (await (await request.get('/api/categories')).json()) as { data: Array<{ id: number }> };
  const productPath = `/product/${products.data[0]?.id ?? 0}`;
  const categoryPath = `/category/${categories.data[0]?.id ?? 0}`;
  const found: Record<string, string[]> = {};
  const read = async (path: string) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    const left = await foreign(page, typed);
    if (left.length > 0) found[path] = left;
  };
  for (const path of guest) {
    await open(page, path);
    await read(path);
  }
  for (const path of [productPath, categoryPath]) {
    await open(page, path);
    await read(path);
  }
  // Signed in, with a product in the cart: checkout, the profile, the orders and an invoice.
  await open(page, productPath);
  await page.getByRole('main').getByRole('button', { name: 'কার্টে যোগ করুন' }).first().click();
  await open(page, '/login');
  await page.getByLabel('ফোন').fill(shopper.phone);
  await page.getByLabel('পাসওয়ার্ড').fill(shopper.password);
  await page.getByRole('main').getByRole('button', { name: 'লগইন' }).click();
  await expect(page).toHaveURL('/');
  for (const path of ['/user/checkout', '/user/profile', '/user/orders']) {
    await open(page, path);
    await read(path);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/', productPath, '/user/checkout']) {
    await open(page, path);
    await read(`${path} at 390 px`);
  }
  expect(found, 'screens in Bangla that show English words or Latin digits').toEqual({});
});
