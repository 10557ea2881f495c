import type { Page, TestInfo } from '@playwright/test';

/** A success toast (role status) with this text. */
export const successToast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

/** An error toast (role alert) with this text. */
export const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * Saves a screenshot of the viewport as <name>-<width>.png in the test's output folder; nothing
 * compares pixels, the pictures are for people to look at.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const file = testInfo.outputPath(`${name}-${width}.png`);
  await page.screenshot({ path: file });
  return file;
}
