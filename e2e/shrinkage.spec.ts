import type { Locator, Page } from '@playwright/test';
import type { StockProduct } from '@bazar/contracts/stock';
import { expectAllBangla, shopTexts } from './support/bangla';
import { everyPage } from './support/pages';
import { expect, test } from './support/test';
import { expectSuccessToast, grouped, snap, speak } from './support/ui';
import { addProduct, adminAuth, type Auth } from './till-helpers';

/** Live stock shows 50 products a page, by title. */
const LIVE_STOCK_PAGE = 50;

/** Pictures of what is on screen at a wide and a phone's width (`focus` in view), back to wide. */
async function snapBoth(page: Page, name: string, focus?: Locator): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await focus?.scrollIntoViewIfNeeded();
  await snap(page, test.info(), name);
  await page.setViewportSize({ width: 390, height: 844 });
  await focus?.scrollIntoViewIfNeeded();
  await snap(page, test.info(), name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Opens Live stock on the page that holds the product (50 a page by title). Other tests add
 * products at the same time, which can move it to the next page between the read and the visit:
 * then it reads again.
 */
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

test('the admin writes off 2 of a product as Damaged from Live stock and finds the loss in the shrinkage report', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36).slice(-5);
  const auth = await adminAuth(page);
  const data = shopTexts(request, auth, page);
  // A dear buy price: two of it are among the products that cost most whatever other tests write off.
  const buyPrice = 4321;
  const product = await addProduct(request, auth, {
    title: `E2E Shrink Ghee ${stamp}`,
    price: 5200,
    buyprice: buyPrice,
  });
  const lost = 2 * buyPrice;

  // ---- Live stock: the row's Adjust opens the dialog; all of it by keyboard.
  const row = await openLiveStockOf(page, auth, product.id);
  const qty = row.locator('[data-label="QTY"]');
  await expect(qty).toHaveText('100');
  await row.getByRole('button', { name: `Adjust stock of ${product.title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust stock: ${product.title}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('adjust-on-hand')).toHaveText('On hand now: 100 pcs');
  const quantity = dialog.getByLabel('Quantity (pcs)');
  // The quantity has the focus; taking out is where the dialog starts.
  await expect(quantity).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'Take out' })).toBeChecked();
  await quantity.pressSequentially('2');
  // Tab reaches the reasons (Damaged first); Space chooses it; Tab goes on to the note.
  await page.keyboard.press('Tab');
  const damaged = dialog.getByRole('radio', { name: 'Damaged' });
  await expect(damaged).toBeFocused();
  await page.keyboard.press('Space');
  await expect(damaged).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Note')).toBeFocused();
  await page.keyboard.type('Jar cracked');
  await snapBoth(page, 'adjust-dialog-en');
  // Enter in the note sends the form.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectSuccessToast(page, `2 pcs of ${product.title} written off: Damaged.`);
  await expect(qty).toHaveText('98');
  const after = (await everyPage<StockProduct>(request, '/api/live-stock?per_page=200', auth)).find(
    (p) => p.id === product.id,
  );
  expect(after?.qty).toBe(98);

  // ---- The report, from Live stock's link.
  await page.getByRole('link', { name: 'Shrinkage report' }).click();
  await expect(page).toHaveURL('/admin/shrinkage');
  await expect(page.getByRole('heading', { level: 1, name: 'Shrinkage' })).toBeVisible();
  const products = page.getByRole('region', { name: 'Products that cost most' });
  const mine = products.locator(`tr[data-product-id="${product.id}"]`);
  await expect(mine.locator('th')).toHaveText(product.title);
  await expect(mine.locator('td')).toHaveText(['2', `${grouped(lost)} BDT`]);
  // Other tests write off at the same time: the Damaged line holds at least this product's loss.
  const reasons = page.getByRole('region', { name: 'By reason' });
  const damagedLine = reasons.locator('tr[data-reason="damaged"]');
  await expect(damagedLine.locator('th')).toHaveText('Damaged');
  const value = await damagedLine.locator('[data-label="Value"]').textContent();
  expect(Number((value ?? '').replace(/[^\d-]/g, ''))).toBeGreaterThanOrEqual(lost);
  await expect(page.getByTestId('shrink-lost')).toContainText('BDT');
  // Without a sale in the days (a fresh shop) there is no share to give.
  await expect(page.getByTestId('shrink-share')).toHaveText(/%$|^No sales$/);
  await snapBoth(page, 'shrinkage-en');
  await snapBoth(page, 'shrinkage-products-en', products);

  // The days of the report are in its address: since yesterday (in any zone) still holds the write-off.
  const since = new Date(Date.now() - 36 * 3600_000).toISOString().slice(0, 10);
  await page.goto(`/admin/shrinkage?from=${since}`);
  await expect(page.getByTestId('shrink-range')).toHaveText(/^Since /);
  await expect(page.getByRole('form', { name: 'Days of the report' }).getByLabel('From')).toHaveValue(since);
  await expect(mine.locator('td')).toHaveText(['2', `${grouped(lost)} BDT`]);

  // ---- Analytics leads there too.
  await page.goto('/admin/analytics');
  await page.getByRole('link', { name: 'Shrinkage report' }).click();
  await expect(page).toHaveURL('/admin/shrinkage');
  await expect(mine).toBeVisible();

  // ---- In Bangla: every word but the shop's data, Bengali digits.
  await speak(page, 'bn');
  await expect(page.getByRole('heading', { level: 1, name: 'স্টক ক্ষতি' })).toBeVisible();
  const reasonsBn = page.getByRole('region', { name: 'কারণ অনুযায়ী' });
  await expect(reasonsBn.locator('tr[data-reason="damaged"] th')).toHaveText('নষ্ট');
  const productsBn = page.getByRole('region', { name: 'সবচেয়ে বেশি ক্ষতির পণ্য' });
  await expect(productsBn.locator(`tr[data-product-id="${product.id}"] td`)).toHaveText([
    '২',
    `${lost.toLocaleString('bn-BD')} টাকা`,
  ]);
  await expectAllBangla(page.getByRole('main'), [...(await data()), product.title]);
  await snapBoth(page, 'shrinkage-bn');
  await snapBoth(page, 'shrinkage-products-bn', productsBn);

  // The dialog in Bangla (closed without saving).
  const bnRow = await openLiveStockOf(page, auth, product.id);
  await bnRow.getByRole('button', { name: `${product.title}-এর স্টক সমন্বয়` }).click();
  const bnDialog = page.getByRole('dialog', { name: `স্টক সমন্বয়: ${product.title}` });
  await expect(bnDialog.getByTestId('adjust-on-hand')).toHaveText('এখন হাতে আছে: ৯৮ পিস');
  await bnDialog.getByLabel('পরিমাণ (পিস)').pressSequentially('১');
  await bnDialog.getByRole('radio', { name: 'মেয়াদ শেষ' }).press('Space');
  await snapBoth(page, 'adjust-dialog-bn');
  await page.keyboard.press('Escape');
  await expect(bnDialog).toBeHidden();
  await expect(bnRow.locator('[data-label="পরিমাণ"]')).toHaveText('৯৮');
  await speak(page, 'en');
});
