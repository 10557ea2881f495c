import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ProductBatches } from '@bazar/contracts/expiry';
import type { StockProduct } from '@bazar/contracts/stock';
import { expectAllBangla, shopTexts } from './support/bangla';
import { everyPage } from './support/pages';
import { expect, test } from './support/test';
import { expectSuccessToast, grouped, snap, speak } from './support/ui';
import { addProduct, adminAuth, type Auth } from './till-helpers';

/** Live stock shows 50 products a page, by title. */
const LIVE_STOCK_PAGE = 50;

/** Neither the page nor a table in it is wider than the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
    tables: Array.from(document.querySelectorAll('.table-responsive'))
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => box.querySelector('table')?.className ?? ''),
  }));
  expect(found.page, 'the page is no wider than the screen').toBeLessThanOrEqual(found.view);
  expect(found.tables, 'no table scrolls sideways').toEqual([]);
}

/** Pictures at a wide and a phone's width (`focus` in view, toasts gone), back to wide. */
async function snapBoth(page: Page, name: string, focus?: Locator): Promise<void> {
  await expect(page.locator('.toast-host .toast')).toHaveCount(0, { timeout: 10_000 });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page);
    await focus?.scrollIntoViewIfNeeded();
    await snap(page, test.info(), name);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Opens Live stock on the page that holds the product (50 a page by title). */
async function openLiveStockOf(page: Page, auth: Auth, id: number): Promise<Locator> {
  const row = page.locator(`tr[data-product-id="${id}"]`);
  await expect(async () => {
    const products = await everyPage<StockProduct>(page.request, '/api/live-stock?per_page=200', auth);
    const at = products.findIndex((p) => p.id === id);
    expect(at, 'the product is in Live stock').toBeGreaterThanOrEqual(0);
    const number = Math.floor(at / LIVE_STOCK_PAGE) + 1;
    await page.goto(number > 1 ? `/admin/live-stock?page=${number}` : '/admin/live-stock');
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  return row;
}

async function read<T>(request: APIRequestContext, auth: Auth, url: string): Promise<T> {
  const answer = await request.get(url, { headers: auth });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** A calendar day `n` days after `day` (YYYY-MM-DD; before it when negative). */
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A day as the back office writes it in English ("05 Mar 2026"). */
const shown = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));

/** A figure of the screen ("2,223 BDT") as a number. */
const amountIn = (text: string | null) => Number((text ?? '').replace(/[^\d-]/g, ''));

test('the owner tracks a product’s expiry, puts the batch expiring soon on offer and writes the expired one off', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).slice(-5);
  const auth = await adminAuth(page);
  const data = shopTexts(request, auth, page);
  const product = await addProduct(request, auth, {
    title: `E2E Expiry Milk ${stamp}`,
    attri: '1 L',
    title_bn: 'পরীক্ষার দুধ',
    attri_bn: '১ লিটার',
    price: 250,
    buyprice: 180,
  });
  const name = `${product.title} (1 L)`;

  // ---- Live stock: Track expiry, switched on from the product's row.
  const row = await openLiveStockOf(page, auth, product.id);
  const tracking = row.getByRole('switch', { name: `Track expiry of ${name}` });
  await expect(tracking).not.toBeChecked();
  await tracking.click();
  await expectSuccessToast(page, `${name} now tracks expiry dates`);
  await expect(tracking).toBeChecked();
  expect((await read<ProductBatches>(request, auth, `/api/product/${product.id}/batches`)).track_expiry).toBe(
    true,
  );
  await snapBoth(page, 'live-stock-track-en', row);
  await snapBoth(page, 'live-stock-top-en', page.getByRole('heading', { level: 1 }));

  // ---- A purchase brings two batches: one expires in 2 days, one expired 3 days ago.
  const today = (await read<{ today: string }>(request, auth, '/api/stock/expiring')).today;
  const soonDay = dayAfter(today, 2);
  const pastDay = dayAfter(today, -3);
  const code = `E2E-${stamp}`.toUpperCase();
  const supplier = await request.post('/api/supplier/add', {
    headers: auth,
    data: { name: `E2E Expiry Dairy ${stamp}` },
  });
  expect(supplier.status(), await supplier.text()).toBe(201);
  const supplierId = ((await supplier.json()) as { data: { id: number } }).data.id;
  const bought = await request.post('/api/purchase/add', {
    headers: auth,
    data: {
      supplier_id: supplierId,
      lines: [
        { product_id: product.id, quantity: 6, buyprice: 50, expiry: soonDay, batch: code },
        { product_id: product.id, quantity: 4, buyprice: 40, expiry: pastDay, batch: '' },
      ],
      paid: 0,
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const batches = (await read<ProductBatches>(request, auth, `/api/product/${product.id}/batches`)).batches;
  const soon = batches.find((b) => b.expiry === soonDay)!;
  const past = batches.find((b) => b.expiry === pastDay)!;
  expect([soon?.qty, past?.qty, past?.expired]).toEqual([6, 4, true]);
  // A batch is worth its quantity at the product's buy price (the purchase's last line set it).
  const { buyprice } = await read<{ buyprice: number }>(request, auth, `/api/product/${product.id}`);

  // ---- Expiring soon, from the menu: the expired batch marked in words, the other's days left.
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Expiring soon' })
    .click();
  await expect(page).toHaveURL('/admin/expiring');
  await expect(page.getByRole('heading', { level: 1, name: 'Expiring soon' })).toBeVisible();
  const soonRow = page.locator(`tr[data-batch-id="${soon.id}"]`);
  const pastRow = page.locator(`tr[data-batch-id="${past.id}"]`);
  await expect(soonRow.locator('th')).toHaveText(name);
  await expect(soonRow.locator('[data-label="Batch"]')).toHaveText(code);
  await expect(soonRow.locator('[data-label="Expires"]')).toHaveText(`${shown(soonDay)}2 days left`);
  await expect(soonRow.locator('[data-label="Quantity"]')).toHaveText('6 pcs');
  await expect(soonRow.locator('[data-label="Value"]')).toHaveText(`${grouped(6 * buyprice)} BDT`);
  await expect(soonRow.locator('[data-label="Price"]')).toHaveText('250');
  await expect(pastRow).toHaveAttribute('data-expired', '');
  await expect(pastRow.locator('[data-label="Batch"]')).toHaveText('No code');
  await expect(pastRow.getByText('Expired', { exact: true })).toBeVisible();
  await expect(pastRow.locator('[data-label="Expires"]')).toHaveText(`${shown(pastDay)}Expired 3 days ago`);
  await expect(pastRow.locator('[data-label="Value"]')).toHaveText(`${grouped(4 * buyprice)} BDT`);
  // Expired first: the past batch comes before the soon one.
  const order = await page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-batch-id')));
  expect(order.indexOf(String(past.id))).toBeLessThan(order.indexOf(String(soon.id)));
  expect(amountIn(await page.getByTestId('expiring-value').textContent())).toBeGreaterThanOrEqual(
    10 * buyprice,
  );
  expect(amountIn(await page.getByTestId('expiring-expired-value').textContent())).toBeGreaterThanOrEqual(
    4 * buyprice,
  );
  await snapBoth(page, 'expiring-en', page.getByRole('heading', { level: 1 }));
  await snapBoth(page, 'expiring-rows-en', soonRow);

  // ---- Put on offer: one click, 20 % off by default; the new price shows at once and is the product's.
  const percent = soonRow.getByRole('textbox', { name: `Percent off for ${name}` });
  await expect(percent).toHaveValue('20');
  await soonRow.getByRole('button', { name: `Put ${name} on offer` }).click();
  await expectSuccessToast(page, `${name} is on offer: 200 BDT instead of 250 BDT.`);
  await expect(soonRow.locator('[data-label="Price"]')).toHaveText('Old price 250200On offer');
  const offered = await read<{ price: number; offprice: number | null }>(
    request,
    auth,
    `/api/product/${product.id}`,
  );
  expect([offered.price, offered.offprice]).toEqual([250, 200]);

  // ---- Write off the expired batch, on a phone: asked first, then its row leaves.
  await page.setViewportSize({ width: 390, height: 844 });
  await pastRow
    .getByRole('button', { name: `Write off the batch of ${name} expiring ${shown(pastDay)}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Write off this batch?' });
  await expect(dialog).toContainText(`4 pcs of ${name} leave the stock with the reason Expired.`);
  await expect(dialog).toContainText(`Expires ${shown(pastDay)}.`);
  await snap(page, test.info(), 'expiring-write-off-en');
  await dialog.getByRole('button', { name: 'Write off' }).click();
  await expect(dialog).toBeHidden();
  await expectSuccessToast(page, `4 pcs of ${name} written off: Expired.`);
  await expect(pastRow).toHaveCount(0);
  await expect(soonRow).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  const left = await read<ProductBatches>(request, auth, `/api/product/${product.id}/batches`);
  expect(left.batches.map((b) => [b.id, b.qty])).toEqual([[soon.id, 6]]);
  // 100 from before it tracked expiry, 6 + 4 bought, 4 written off.
  expect(left.qty).toBe(106);

  // ---- Another number of days, typed.
  const days = page.getByLabel('Days ahead');
  await expect(days).toHaveValue('7');
  await days.click();
  await page.keyboard.press('ControlOrMeta+a');
  await days.pressSequentially('30');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/expiring?days=30');
  await expect(page.getByTestId('expiring-range')).toContainText('the next 30 days');
  await expect(soonRow).toBeVisible();

  // ---- The dashboard's card: this week's value, leading back here.
  await page.goto('/admin');
  const card = page.getByRole('region', { name: 'Expiring this week' });
  await expect(card).toBeVisible();
  expect(amountIn(await card.getByTestId('dash-expiring-soon').textContent())).toBeGreaterThanOrEqual(
    6 * buyprice,
  );
  await expect(card.getByTestId('dash-expired')).toContainText('BDT');
  await snapBoth(page, 'dashboard-expiring-en', card);
  await card.getByRole('link', { name: 'Expiring soon' }).click();
  await expect(page).toHaveURL('/admin/expiring?days=7');
  await expect(soonRow).toBeVisible();

  // ---- In Bangla: every word but the shop's data, the Bangla name, Bengali digits.
  await speak(page, 'bn');
  await expect(page.getByRole('heading', { level: 1, name: 'শীঘ্রই মেয়াদ শেষ' })).toBeVisible();
  await expect(soonRow.locator('th')).toHaveText('পরীক্ষার দুধ (১ লিটার)');
  await expect(soonRow.locator('[data-label="পরিমাণ"]')).toHaveText('৬ পিস');
  await expect(soonRow.locator('[data-label="মেয়াদ শেষ"]')).toContainText('আর ২ দিন');
  await expect(soonRow.locator('[data-label="দাম"]')).toContainText('২০০');
  await expect(soonRow.getByRole('textbox', { name: 'পরীক্ষার দুধ (১ লিটার)-এ কত শতাংশ ছাড়' })).toHaveValue(
    '২০',
  );
  await expectAllBangla(page.getByRole('main'), [...(await data()), code]);
  await snapBoth(page, 'expiring-bn', page.getByRole('heading', { level: 1 }));
  await snapBoth(page, 'expiring-rows-bn', soonRow);
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'এই সপ্তাহে মেয়াদ শেষ' })).toBeVisible();
  await snapBoth(page, 'dashboard-expiring-bn', page.getByRole('region', { name: 'এই সপ্তাহে মেয়াদ শেষ' }));
  const bnRow = await openLiveStockOf(page, auth, product.id);
  await expect(
    bnRow.getByRole('switch', { name: 'পরীক্ষার দুধ (১ লিটার)-এর মেয়াদের হিসাব রাখুন' }),
  ).toBeChecked();
  await snapBoth(page, 'live-stock-track-bn', bnRow);
  // The two settings, in Bangla.
  await page.goto('/admin/setting');
  const daysSetting = page.getByLabel('শীঘ্রই মেয়াদ শেষ: কত দিন সামনে');
  await expect(daysSetting).toHaveValue('7');
  await expect(page.getByRole('radio', { name: 'ম্যানেজার অনুমোদন দিলে বিক্রি হবে' })).toBeChecked();
  await snapBoth(page, 'settings-expiry-bn', daysSetting);
  await speak(page, 'en');
});
