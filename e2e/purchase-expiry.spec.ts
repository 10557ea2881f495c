import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { ProductBatches } from '@bazar/contracts/expiry';
import { expect, test } from './support/test';
import { expectSuccessToast } from './support/ui';
import { addProduct, adminAuth } from './till-helpers';

// Issue 28 in the back office: a purchase of a product that tracks expiry needs the expiry date
// printed on the pack; typed by keyboard into the line's date field, with the batch code, it puts
// the stock into that batch. In English and in Bangla.

const SHOTS = '/tmp/shots-till-expiry';

// The date field's keys follow the browser's language: month, day, year in US English.
test.use({ locale: 'en-US' });

/** The shop day (Dhaka) `n` days from today. */
const dhakaDay = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date(Date.now() + n * 864e5));

/** The viewport as a picture in SHOTS, at 1280 and at 390 px wide. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a purchase of a product that tracks expiry asks for the date on the pack and puts it in its batch', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const auth = await adminAuth(page);
  const stamp = Date.now() % 1_000_000;
  const yogurt = await addProduct(request, auth, {
    title: `E2E Expiry Yogurt ${stamp}`,
    title_bn: `ই২ই দই ${stamp}`,
    attri: '500 g',
    attri_bn: '৫০০ গ্রাম',
    price: 120,
    buyprice: 90,
  });
  const tracking = await request.post(`/api/product/${yogurt.id}/expiry`, {
    headers: auth,
    data: { track: true },
  });
  expect(tracking.status(), await tracking.text()).toBe(200);
  const supplierName = `E2E Expiry Supplier ${stamp}`;
  const made = await request.post('/api/supplier/add', { headers: auth, data: { name: supplierName } });
  expect(made.status(), await made.text()).toBe(201);
  const expiry = dhakaDay(45);
  const [year, month, day] = expiry.split('-');

  await page.goto('/admin/purchases');
  await page.getByRole('button', { name: 'New purchase' }).click();
  const form = page.getByRole('form', { name: 'New purchase' });
  await form.getByLabel('Supplier').selectOption({ label: supplierName });
  await form.getByLabel('Add a product').pressSequentially(yogurt.title);
  await form
    .getByRole('list', { name: 'Matching products' })
    .getByRole('button', { name: new RegExp(yogurt.title) })
    .click();
  // The line by its product (the form's name changes with the language).
  const line = page.locator(`.purchase-lines-table tr[data-product-id="${yogurt.id}"]`);
  await expect(line).toContainText('Tracks expiry: enter the date on the pack.');
  const date = line.getByLabel(/^Expiry date of/);
  await expect(date).toHaveAttribute('required', '');
  await expect(line.getByLabel(/^Buy price of/)).toHaveValue('90');
  await line.getByLabel(/^Quantity of/).pressSequentially('6');

  // Saved with no date: asked for under the field, nothing saved.
  await form.getByRole('button', { name: 'Save purchase' }).click();
  await expect(date).toHaveAccessibleDescription(
    'This product tracks expiry: enter the expiry date on the pack.',
  );
  await expect(date).toBeFocused();

  // The date as printed on the pack, typed key by key (month, day, year), and the batch code.
  await date.pressSequentially(`${month}${day}${year}`);
  await expect(date).toHaveValue(expiry);
  await line.getByLabel(/^Batch code of/).pressSequentially(`B-${stamp}`);
  await expect(date).not.toHaveAttribute('aria-invalid');
  await shots(page, 'purchase-expiry-en');
  await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(line).toContainText('মেয়াদের হিসাব রাখা হয়: প্যাকেটের তারিখটি দিন।');
  await expect(line.getByLabel(`ই২ই দই ${stamp} (৫০০ গ্রাম)-এর মেয়াদ শেষের তারিখ`)).toHaveValue(expiry);
  await shots(page, 'purchase-expiry-bn');
  await page.locator('.admin-top-bar').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await form.getByRole('button', { name: 'Save purchase' }).click();
  await expectSuccessToast(page, 'Purchase saved');
  await expect(form).toBeHidden();

  // The stock came in as its batch: that date, that code, that quantity.
  const answer = await request.get(`/api/product/${yogurt.id}/batches`, { headers: auth });
  expect(answer.status()).toBe(200);
  const batches = ((await answer.json()) as { data: ProductBatches }).data;
  expect(batches.track_expiry).toBe(true);
  expect(batches.batches.map((b) => [b.expiry, b.code, b.qty, b.expired])).toEqual([
    [expiry, `B-${stamp}`, 6, false],
  ]);
});
