import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import type { StockProduct } from '@bazar/contracts/stock';
import { logInAsAdmin, stored } from './support/accounts';
import { everyPage } from './support/pages';
import { expectSuccessToast, grouped, snap } from './support/ui';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function liveStock(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<StockProduct[]> {
  return everyPage<StockProduct>(request, '/api/live-stock?per_page=200', headers);
}

test.describe('back office stock', () => {
  test('the admin adds a stock entry for a product, sees its quantity and buy price change, then deletes it', async ({
    page,
    request,
  }, testInfo) => {
    await logInAsAdmin(page);
    const token = await stored(page, 'info');
    expect(token).toBeTruthy();
    const headers = { Authorization: `Bearer ${token}` };

    // A demo product whose title is its own, so the search and the badge point at it alone.
    const before = await liveStock(request, headers);
    const product = before.find(
      (p) =>
        p.qty >= 0 &&
        p.title.length >= 5 &&
        before.filter((q) => q.title.toLowerCase().includes(p.title.toLowerCase())).length === 1,
    );
    expect(product, 'a demo product with a title of its own').toBeTruthy();
    const { id, title, attri, qty } = product!;
    const buyPrice = product!.buyprice + 11;
    // A suggestion reads "title (attri)" and then the price.
    const suggestion = new RegExp(`^${escape(attri ? `${title} (${attri})` : title)}\\s*\\d`);
    const current = async () => (await liveStock(request, headers)).find((p) => p.id === id);

    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Stock Manage' })
      .click();
    await expect(page).toHaveURL('/admin/stock');
    await expect(page.getByRole('heading', { name: 'Advance Stock' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Stock' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Buy Price').fill(String(buyPrice));
    await dialog.getByLabel('Product', { exact: true }).fill(title);
    await dialog
      .getByRole('list', { name: 'Matching products' })
      .getByRole('button', { name: suggestion })
      .click();
    await expect(dialog.getByRole('list', { name: 'Products of this stock' })).toContainText(title);
    await dialog.getByLabel('QTY', { exact: true }).fill('3');
    await snap(page, testInfo, 'stock-add');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expectSuccessToast(page, 'Stock added');

    // The new entry is the first row.
    const row = page.locator('table tbody tr').first();
    await expect(row).toContainText(attri ? `${title}-${attri}` : title);
    const entryId = Number(await row.getAttribute('data-stock-id'));
    expect(entryId).toBeGreaterThan(0);
    await expect(row.locator('td.num')).toHaveText([grouped(buyPrice), '3', grouped(buyPrice * 3)]);

    const added = await current();
    expect(added?.qty).toBeCloseTo(qty + 3, 2);
    expect(added?.buyprice).toBe(buyPrice);

    await snap(page, testInfo, 'stock');
    // What Print puts on paper: the table only, without the admin frame and the buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Stock' })).toBeHidden();
    await snap(page, testInfo, 'stock-print');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'stock');

    // Live stock shows the new figures (phone width first, then wide).
    await page.getByRole('link', { name: 'Live stock' }).click();
    await expect(page).toHaveURL('/admin/live-stock');
    const liveRow = page.locator(`tr[data-product-id="${id}"]`);
    await expect(liveRow).toContainText(grouped(buyPrice));
    await snap(page, testInfo, 'live-stock');
    await page.getByTestId('live-stock-invested').scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'live-stock-end');
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, testInfo, 'live-stock');
    await page.emulateMedia({ media: 'print' });
    await snap(page, testInfo, 'live-stock-print');
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: 'Advance Stock' }).click();
    await expect(page).toHaveURL('/admin/stock');

    // Delete asks first; confirming takes the quantity back.
    await page.getByRole('button', { name: `Delete stock entry ${entryId}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText('Are you want to delete?');
    await snap(page, testInfo, 'stock-delete');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.locator(`tr[data-stock-id="${entryId}"]`)).toHaveCount(0);
    await expectSuccessToast(page, 'Stock entry deleted');

    const restored = await current();
    expect(restored?.qty).toBeCloseTo(qty, 2);
  });
});
