import { expect, test } from './support/test';
import { logInAsAdmin, stored } from './support/accounts';
import { snap } from './support/ui';

// Runs at 1280 px (project desktop) and 390 px (project phone).

test.describe('language', () => {
  test('the storefront switches to Bangla at once, keeps it after a reload, and back', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const bar = page.getByRole('banner');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(bar.getByRole('link', { name: 'Login' })).toBeVisible();

    await bar.getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(bar.getByRole('link', { name: 'লগইন' })).toBeVisible();
    await expect(bar.getByRole('searchbox', { name: 'পণ্য খুঁজুন' })).toHaveAttribute(
      'placeholder',
      'পণ্যের নাম লিখুন',
    );
    await expect(bar.getByRole('button', { name: 'কার্ট(০)' })).toBeVisible();
    expect(await stored(page, 'lang')).toBe('bn');
    await snap(page, testInfo, 'home-bn');

    // Remembered on this browser: a reload opens in Bangla from the first frame.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(bar.getByRole('link', { name: 'লগইন' })).toBeVisible();

    await bar.getByRole('button', { name: 'English' }).click();
    await expect(bar.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await stored(page, 'lang')).toBe('en');
  });

  test('a first visit from a browser that prefers Bangla opens in Bangla', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'bn-BD' });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(page.getByRole('banner').getByRole('link', { name: 'লগইন' })).toBeVisible();
      // Nothing was chosen yet, so nothing is remembered.
      expect(await stored(page, 'lang')).toBeNull();
    } finally {
      await context.close();
    }
  });

  test('the back office switches too', async ({ page }, testInfo) => {
    await logInAsAdmin(page);
    await page.goto('/admin');
    const bar = page.locator('.admin-top-bar');
    await bar.getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(bar.getByRole('button', { name: 'English' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'লগআউট' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'পিওএস' })).toBeVisible();
    await snap(page, testInfo, 'dashboard-bn');
    await bar.getByRole('button', { name: 'English' }).click();
    await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});
