import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { logInAsAdmin } from './support/accounts';

// Issue 26: the till's copy of the catalogue is kept from every back-office page, not only the
// till, so a till opened during an outage is ready even if nobody had it open before.

/** Products in this browser's till store (IndexedDB `bazar-till`), 0 before it exists. */
function storedProducts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('bazar-till');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('products')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('products').objectStore('products').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => resolve(0);
        };
      }),
  );
}

test('the dashboard keeps the till ready for an outage; the till says so', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/admin/orders');
  // Nobody opened the till: the back office copied the catalogue all the same.
  await expect.poll(() => storedProducts(page), { timeout: 20_000 }).toBeGreaterThan(10);
  const products = await storedProducts(page);
  await page.goto('/admin/pos');
  await expect(page.getByTestId('till-readiness')).toHaveText(
    new RegExp(
      `^Ready offline: ${new Intl.NumberFormat('en-IN').format(products)} products, updated \\d{2}:\\d{2}$`,
    ),
  );
});
