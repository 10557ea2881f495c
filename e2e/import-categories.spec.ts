import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { stringify } from 'csv-stringify/sync';
import type { AdminProduct } from '@bazar/contracts/catalog';
import { expect, test } from './support/test';
import { logInAsAdmin, stored } from './support/accounts';

// Issue 29, an import that asks before creating: a typo in a category path is listed with the
// nearest category the shop has; the owner picks it by keyboard and the product goes there.
// The check step is photographed at 1280 and 390 px, in English and Bangla, into /tmp/shots-import/.

const SHOTS = '/tmp/shots-import';

async function shoot(page: Page, dialog: Locator, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await dialog.locator('.import-categories').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function typoFile(page: Page, request: APIRequestContext) {
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  const headers = { Authorization: `Bearer ${await stored(page, 'info')}` };
  const add = async (title: string, parent: number | null) =>
    (
      (await (await request.post('/api/category/add', { data: { title, parent }, headers })).json()) as {
        data: { id: number };
      }
    ).data.id;
  const food = `E2E Cat Food ${stamp}`;
  const foodId = await add(food, null);
  const riceId = await add('Rice', foodId);
  await add('Oil', foodId);
  const title = `E2E Typo Rice ${stamp}`;
  // No tags column: tags are optional in an import.
  const csv = stringify(
    [
      ['title', 'price', 'brand', 'category'],
      [title, '75', `E2E Cat Brand ${stamp}`, `${food} > Rce`],
    ],
    { bom: true },
  );
  return { food, riceId, title, csv: Buffer.from(csv), headers };
}

async function checkFile(page: Page, dialog: Locator, csv: Buffer, checkLabel: string) {
  await dialog
    .locator('#import-file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: csv });
  const check = dialog.getByRole('button', { name: checkLabel });
  await check.focus();
  await page.keyboard.press('Enter');
}

test.describe('import: category paths the shop does not have', () => {
  test('the owner picks the suggested category for a typo by keyboard, and the product is in it', async ({
    page,
    request,
  }) => {
    await logInAsAdmin(page);
    const { food, riceId, title, csv, headers } = await typoFile(page, request);
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await checkFile(page, dialog, csv, 'Check file');

    const group = dialog.getByRole('group', { name: `${food} > Rce` });
    await expect(group).toBeVisible();
    const create = group.getByLabel('Create this category');
    const use = group.getByLabel('Or use a category the shop has');
    await expect(create).not.toBeChecked();
    await expect(use).toHaveValue('');
    await expect(use.locator('option').nth(1)).toHaveText(`Use ${food} > Rice`);
    const row = dialog.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(`New category ${food} > Rce: needs a decision`);
    const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
    await expect(importButton).toBeDisabled();
    await shoot(page, dialog, 'check-en');

    // By keyboard: the box, Tab to the choice, the first suggestion by arrow.
    await create.focus();
    await page.keyboard.press('Tab');
    await expect(use).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(use).toHaveValue(String(riceId));
    await expect(group).toContainText(`Will use ${food} > Rice`);
    await expect(row).toContainText(`${food} > Rce: will use ${food} > Rice`);
    await expect(importButton).toBeEnabled();
    await importButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Imported: 1 new, 0 updated, 0 without change.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The list finds it by what is typed, key by key.
    await page.getByLabel('Search products').pressSequentially(title);
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();

    // What the server keeps: the product in the chosen category, and no "Rce" made.
    const found = (await (
      await request.get(`/api/products?q=${encodeURIComponent(title)}`, { headers })
    ).json()) as { data: AdminProduct[] };
    expect(found.data).toHaveLength(1);
    expect(found.data[0]?.category.map((c) => c.id)).toEqual([riceId]);
    const categories = (await (await request.get('/api/categories', { headers })).json()) as {
      data: Array<{ title: string }>;
    };
    expect(JSON.stringify(categories)).not.toContain('"Rce"');
  });

  test('the check step in Bangla', async ({ page, request }) => {
    await logInAsAdmin(page);
    const { food, csv } = await typoFile(page, request);
    await page.goto('/admin/products');
    await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await page.getByRole('button', { name: 'ইমপোর্ট', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await checkFile(page, dialog, csv, 'ফাইল যাচাই করুন');
    const group = dialog.getByRole('group', { name: `${food} > Rce` });
    await expect(group.getByLabel('এই ক্যাটাগরি তৈরি করুন')).not.toBeChecked();
    await expect(group.locator('option').nth(1)).toHaveText(`${food} > Rice ব্যবহার করুন`);
    await shoot(page, dialog, 'check-bn');
  });
});
