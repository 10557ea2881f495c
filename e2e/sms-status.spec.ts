import { expect, test } from './support/test';
import { logInAsAdmin } from './support/accounts';
import { uniquePhone } from './support/phones';
import { messagesTo } from './support/sms';
import { snap } from './support/ui';

test.describe('SMS gateway on Setting', () => {
  test('the admin sees the gateway and sends a test SMS, which reaches the phone and is counted', async ({
    page,
  }, testInfo) => {
    const phone = uniquePhone();
    await logInAsAdmin(page);
    await page.goto('/admin/setting');
    const card = page.getByRole('region', { name: 'SMS gateway' });
    await expect(card.getByTestId('sms-driver')).toHaveText('Gateway: your own HTTP gateway');
    const sentBefore = Number((await card.getByTestId('sms-sent').innerText()).replace(/\D/g, '') || '0');

    // A wrong number is refused before anything is queued.
    await card.getByLabel('Phone number for a test SMS').fill('12345');
    await card.getByRole('button', { name: 'Send test SMS' }).click();
    await expect(card.getByText('Enter a mobile number like 01712345678.')).toBeVisible();

    await card.getByLabel('Phone number for a test SMS').fill(phone);
    await card.getByRole('button', { name: 'Send test SMS' }).click();
    await expect(page.getByText('Test SMS queued. Its state shows here in a few seconds.')).toBeVisible();
    await expect.poll(() => messagesTo(phone)).toHaveLength(1);
    // The card looks again while a message waits: the test SMS shows among today's sent.
    await expect
      .poll(async () => Number((await card.getByTestId('sms-sent').innerText()).replace(/\D/g, '') || '0'), {
        timeout: 15_000,
      })
      .toBeGreaterThan(sentBefore);
    await card.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'sms-gateway-card');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'sms-gateway-card');
  });
});
