import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { logIn, logInAsAdmin, stored } from './support/accounts';
import { E2E } from './support/env';
import { snap } from './support/ui';

/**
 * Restore from the back office (issue 29). A restore replaces every table, so this spec runs in
 * its own Playwright project ("restore", playwright.config.ts) that starts once every other spec
 * has finished: nothing else runs against the shop while it is put back.
 */
const SHOTS = '/tmp/shots-restore';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = await snap(page, testInfo, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.copyFileSync(file, path.join(SHOTS, path.basename(file)));
}

/** A product added through the API (the admin's token of this browser), answered with its title. */
async function addProduct(page: Page, title: string): Promise<void> {
  const token = await stored(page, 'info');
  const brands = (await (await page.request.get('/api/brands')).json()) as { data: Array<{ id: number }> };
  const res = await page.request.post('/api/product/add', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title,
      price: '55',
      qty: '3',
      unit: 'pcs',
      tags: 'restore',
      brand_id: String(brands.data[0]!.id),
      image: {
        name: 'product.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/product.png')),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function productCount(page: Page, title: string): Promise<number> {
  const token = await stored(page, 'info');
  const res = await page.request.get(`/api/products?q=${encodeURIComponent(title)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: Array<{ title: string }> };
  return body.data.filter((p) => p.title === title).length;
}

test('the owner restores a backup from Setting: the product added after it is gone', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = `After Backup ${Date.now()}`;
  await logInAsAdmin(page);
  await page.goto('/admin/setting');
  const card = page.getByRole('region', { name: 'Backups' });
  // A fresh shop takes its daily backup soon after it starts: wait until none is running.
  await expect
    .poll(
      async () => {
        await page.reload();
        return card.getByRole('button', { name: 'Back up now' }).isVisible();
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  await card.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText(/^Backup saved/)).toBeVisible({ timeout: 60_000 });
  const shopName = (await (await page.request.get('/api/shop-info')).json()) as { data: { name: string } };

  await addProduct(page, title);
  expect(await productCount(page, title)).toBe(1);

  await page.reload();
  // The newest backup is the first row of the list: the one just taken.
  await card
    .getByRole('button', { name: /^Restore the backup of/ })
    .first()
    .click();
  const panel = page.getByTestId('restore-panel');
  await expect(panel.getByTestId('restore-holds')).toContainText('products');
  const confirm = panel.getByLabel(/^To confirm, type the shop’s name/);
  const restore = panel.getByRole('button', { name: 'Restore this backup' });
  await expect(restore).toBeDisabled();
  await confirm.pressSequentially(shopName.data.name);
  await expect(restore).toBeEnabled();
  await panel.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'restore-confirm-en');
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'restore-confirm-en');

  // Bangla: the same panel in the other language, at both widths.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
  await expect(panel.getByRole('heading', { name: 'এই ব্যাকআপটি ফিরিয়ে আনবেন?' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'restore-confirm-bn');
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'restore-confirm-bn');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.admin-top-bar').getByRole('button', { name: 'English' }).click();

  await panel.getByRole('button', { name: 'Restore this backup' }).click();
  await expect(page).toHaveURL('/login', { timeout: 120_000 });
  await expect(page.getByText(/The backup is restored/)).toBeVisible();
  await shot(page, testInfo, 'restore-done-en');

  await logIn(page, E2E.adminPhone, E2E.adminPassword);
  await expect(page).toHaveURL('/admin');
  expect(await productCount(page, title)).toBe(0);
});
