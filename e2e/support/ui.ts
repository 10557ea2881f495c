import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * The toast with this text. A person tells success from error by the colour, a screen reader by
 * the role (success: status, polite; error: alert), so the helpers below check both.
 */
export const toast = (page: Page, text: string) =>
  page.locator('.toast-host .toast').filter({ hasText: text });

/** Waits for a green (success) toast with this text. */
export async function expectSuccessToast(page: Page, text: string): Promise<void> {
  // One look for the role, the text and the colour together: a toast hides itself after a few
  // seconds, so a second look on a busy machine could find it gone.
  await expect(
    page.getByRole('status').filter({ hasText: text }).and(page.locator('.bg-success')).first(),
  ).toBeVisible();
}

/** Waits for a red (error) toast with this text; errors are also announced (role alert). */
export async function expectErrorToast(page: Page, text: string): Promise<void> {
  await expect(
    page.getByRole('alert').filter({ hasText: text }).and(page.locator('.bg-danger')).first(),
  ).toBeVisible();
}

/**
 * Saves a screenshot of the viewport as <name>-<width>.png in the test's output folder; nothing
 * compares pixels, the pictures are for people to look at. Running transitions (a panel sliding
 * in) are finished first, so the picture shows where things end up.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const file = testInfo.outputPath(`${name}-${width}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
  return file;
}

/**
 * A number as the English screens write it: grouped the Bangladeshi way (12,540; 1,00,000), at
 * most two decimals — what formatNumber in the web app writes in English mode.
 */
export const grouped = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(n);

/** The back office's language switch in its top bar, then the page in that language. */
export async function speak(page: Page, lang: 'en' | 'bn'): Promise<void> {
  await page
    .locator('.admin-top-bar')
    .getByRole('button', { name: lang === 'bn' ? 'বাংলা' : 'English' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}
