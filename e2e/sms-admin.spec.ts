import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { logInAsAdmin } from './support/accounts';
import { uniquePhone } from './support/phones';
import { messagesTo } from './support/sms';
import { snap } from './support/ui';

/** Through the admin menu, as the owner goes there. */
const openSmsMarketing = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'SMS Marketing', exact: true })
    .click();

test.describe('SMS marketing', () => {
  test('the admin makes a list, adds a number, sends it an SMS, then deletes the list', async ({
    page,
  }, testInfo) => {
    // A long flow with screenshots at two widths: ~20 s alone, past 30 s beside another worker.
    test.setTimeout(60_000);
    const phone = uniquePhone();
    const title = `E2E list ${phone.slice(-5)}`;
    await logInAsAdmin(page);
    await openSmsMarketing(page);
    await expect(page.getByRole('heading', { name: 'All SMS List' })).toBeVisible();
    await page.getByLabel('List title').fill(title);
    await page.getByRole('button', { name: 'Add List' }).click();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await snap(page, testInfo, 'sms-lists');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'sms-lists');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('E2E Listener');
    await page.getByLabel('Phone', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(phone)).toBeVisible();
    await snap(page, testInfo, 'sms-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'sms-list');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('link', { name: 'Send SMS', exact: true }).click();
    await page.getByLabel('SMS Text').fill('E2E: fresh mangoes today');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'send-sms');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page).toHaveURL('/admin');
    await expect.poll(() => messagesTo(phone)).toEqual(['E2E: fresh mangoes today']);

    await openSmsMarketing(page);
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('button', { name: 'Delete Entire List' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL('/admin');
    await openSmsMarketing(page);
    await expect(page.getByRole('heading', { name: 'All SMS List' })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  });
});
