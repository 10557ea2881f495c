import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { stringify } from 'csv-stringify/sync';
import { zipSync } from 'fflate';
import type { AdminProduct } from '@bazar/contracts/catalog';
import { logInAsAdmin, stored } from './support/accounts';
import { snap } from './support/ui';

const PICTURE = fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/product.png'));

test.describe('back office import', () => {
  test('the owner checks a CSV with a pictures ZIP, skips the row with an error and imports the rest', async ({
    page,
    request,
  }, testInfo) => {
    const stamp = Date.now().toString(36);
    const rice = `E2E Import Rice ${stamp}`;
    const dal = `E2E Import Dal ${stamp}`;
    const csv = stringify(
      [
        ['title', 'title_bn', 'price', 'qty', 'tags', 'brand', 'category', 'flags', 'picture'],
        [
          rice,
          'ইমপোর্ট চাল',
          '৪২০',
          '12',
          'rice',
          `E2E Brand ${stamp}`,
          `E2E Food ${stamp} > Rice`,
          'offer',
          'rice.png',
        ],
        [dal, '', '95', '3.5', 'dal', `E2E Brand ${stamp}`, `E2E Food ${stamp} > Dal`, '', ''],
        [`E2E Import Bad ${stamp}`, '', 'ninety', '1', 'x', `E2E Brand ${stamp}`, '', '', ''],
      ],
      { bom: true },
    );
    await logInAsAdmin(page);
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('File (CSV or XLSX)').setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByLabel('Pictures (ZIP, optional)').setInputFiles({
      name: 'pictures.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zipSync({ 'rice.png': new Uint8Array(PICTURE) })),
    });
    await dialog.getByRole('button', { name: 'Check file' }).click();

    // The dry run: counts, what it adds, and each row; the refused one marked with its reason.
    await expect(dialog.getByText('What the file does')).toBeVisible();
    await expect(dialog.getByText(`Brands to add: E2E Brand ${stamp}`)).toBeVisible();
    const bad = dialog.getByRole('row').filter({ hasText: `E2E Import Bad ${stamp}` });
    await expect(bad).toHaveClass(/table-danger/);
    await expect(bad).toContainText('price: The price must be a number.');
    await expect(dialog.getByRole('row').filter({ hasText: rice })).toContainText('New');
    await snap(page, testInfo, 'import-checked');

    // The category paths are new to the shop: made only once ticked (issue 29).
    for (const leaf of ['Rice', 'Dal'])
      await dialog
        .getByRole('group', { name: `E2E Food ${stamp} > ${leaf}` })
        .getByLabel('Create this category')
        .check();
    const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
    await expect(importButton).toBeDisabled();
    await dialog.getByLabel('Skip the rows with errors and import the others').check();
    await importButton.click();
    await expect(dialog.getByText('Imported: 2 new, 0 updated, 0 without change.')).toBeVisible();
    await snap(page, testInfo, 'import-done');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    // The list has the new products, the picture among them.
    await page.getByLabel('Search products').fill(rice);
    const row = page.getByRole('row').filter({ hasText: rice });
    await expect(row).toBeVisible();
    await expect(row.locator('img')).toHaveAttribute('src', /\/uploads\/[0-9a-f]{32}-400\.webp$/);

    // What the server keeps: the Bangla digits read, the category path made, the quantity in the ledger.
    const headers = { Authorization: `Bearer ${await stored(page, 'info')}` };
    const found = (await (
      await request.get(`/api/products?q=${encodeURIComponent(rice)}`, { headers })
    ).json()) as {
      data: AdminProduct[];
    };
    expect(found.data[0]).toMatchObject({ price: 420, qty: 12, offer: 'on', title_bn: 'ইমপোর্ট চাল' });
    expect(found.data[0]?.category.map((c) => c.title)).toEqual(['Rice']);
    const check = await request.get('/api/stock/check', { headers });
    expect(await check.json()).toEqual({ data: [] });
  });
});
