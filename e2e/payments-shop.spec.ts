import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createCustomer, logIn, logInAsAdmin } from './support/accounts';
import { E2E } from './support/env';

// Checkout with an online payment through the fake gateways' own pages (e2e/support/bkash-gateway.ts,
// e2e/support/sslcommerz-gateway.ts) and back to the success page: the server confirms the payment
// with the gateway (bKash's execute, SSLCommerz's validation) and the order shows paid.

/** A signed-in customer with one chicken in the cart, at checkout with an address. */
async function toCheckout(page: Page, request: APIRequestContext, name: string) {
  const customer = await createCustomer(request, { name });
  await logIn(page, customer.phone, customer.password);
  await expect(page).toHaveURL('/');

  const banner = page.getByRole('banner');
  await banner.getByRole('searchbox', { name: 'Search products' }).fill('Deshi Chicken');
  await page
    .getByRole('article', { name: 'Deshi Chicken', exact: true })
    .getByRole('button', { name: 'Add to cart' })
    .click();
  await banner.getByRole('button', { name: 'Cart(1)' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/user/checkout');

  await page.getByLabel('Area').selectOption('Mirpur');
  await page.getByLabel('Address').fill('House 9, Road 1');
  const payment = page.getByRole('group', { name: 'Payment' });
  await expect(payment.getByLabel('Cash on delivery')).toBeChecked();
  return payment;
}

/** Back on the success page after paying: the order number, paid, nothing due; the order list says so too. */
async function expectPaid(page: Page, id: string | null) {
  await expect(page).toHaveURL(new RegExp(`/user/success\\?order=${id ?? '\\d+'}&payment=paid$`));
  const order = id ?? new URL(page.url()).searchParams.get('order');
  await expect(page.getByTestId('success-order')).toHaveText(`Order number: #${order}`);
  await expect(
    page.getByText(/^Your payment of [\d,]+ BDT was received\. This order is paid\.$/),
  ).toBeVisible();
  await expect(page.getByTestId('success-due')).toHaveCount(0);
  await page.getByRole('link', { name: 'My orders' }).click();
  await expect(
    page.getByRole('article', { name: `Order #${order}` }).getByText('Paid', { exact: true }),
  ).toBeVisible();
}

test('a customer pays an order with bKash and comes back to it paid', async ({ page, request }) => {
  const payment = await toCheckout(page, request, 'Bkash Payer');
  await payment.getByLabel('bKash').check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  // bKash's page, on the fake's own address.
  await expect(page).toHaveURL(new RegExp(`^${E2E.bkashURL}/checkout/`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await expectPaid(page, null);
});

test('a card payment through SSLCommerz fails, the order stays placed and unpaid, and paying again pays it', async ({
  page,
  request,
}) => {
  const payment = await toCheckout(page, request, 'Card Payer');
  await payment.getByLabel('Card / mobile banking (SSLCommerz)').check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  // SSLCommerz's hosted page, on the fake's own address: the card is refused.
  await expect(page).toHaveURL(new RegExp(`^${E2E.sslcommerzURL}/pay/`));
  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page).toHaveURL(/\/user\/success\?order=\d+&payment=failed$/);
  const id = new URL(page.url()).searchParams.get('order');
  await expect(page.getByTestId('success-order')).toHaveText(`Order number: #${id}`);
  await expect(page.getByRole('alert')).toContainText(
    'The payment did not go through. Your order is placed and not paid.',
  );
  await expect(page.getByTestId('success-due')).toHaveText(/^Amount to pay: [\d,]+ BDT$/);

  // Pay again, this time the card goes through: the shop validates it with SSLCommerz.
  await page.getByRole('button', { name: 'Pay again with Card / mobile banking (SSLCommerz)' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.sslcommerzURL}/pay/`));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectPaid(page, id);
});

test('a refund whose answer bKash never sends stays pending: the owner is told, cannot send it again, and finds it in Online payments', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const payment = await toCheckout(page, request, 'Refund Waiter');
  await payment.getByLabel('bKash').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.bkashURL}/checkout/`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/user\/success\?order=\d+&payment=paid$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expectPaid(page, String(orderId));
  expect(orderId).toBeGreaterThan(0);

  // bKash will make the next refund and its answer will be lost on the way back.
  expect((await request.post(`${E2E.bkashURL}/__test/refund-trouble`)).ok()).toBe(true);
  const owner = await (await browser.newContext()).newPage();
  await logInAsAdmin(owner);
  await owner.goto('/admin/orders');
  await owner.getByLabel('Search by').selectOption('ID');
  await owner.getByLabel('Search text').fill(String(orderId));
  await owner.getByRole('button', { name: 'Filter', exact: true }).click();
  const refundOnce = async () => {
    await owner.getByRole('button', { name: `Actions for order ${orderId}`, exact: true }).click();
    await owner.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: 'Refund an online payment' });
    await dialog.getByLabel('Amount (BDT)').fill('50');
    await dialog.getByLabel('Reason').fill('Bruised chicken');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    return dialog;
  };
  const dialog = await refundOnce();
  // The shop waits for bKash as long as PAYMENT_TIMEOUT_MS (8 s for these tests, playwright.config.ts)
  // before it says so.
  await expect(dialog.getByRole('alert')).toHaveText(
    'The payment gateway did not answer. The refund is pending: the shop asks the gateway how it stands. Do not refund it again.',
    { timeout: 20_000 },
  );
  // Sent again, it is refused before bKash is asked.
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'A refund of this payment is still pending: wait until the gateway says how it stands.',
  );
  await owner.keyboard.press('Escape');

  await owner
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Online payments', exact: true })
    .click();
  await expect(owner).toHaveURL('/admin/online-payments');
  await owner.getByLabel('State').selectOption('Refund pending');
  await owner.getByRole('button', { name: 'Search', exact: true }).click();
  const row = owner
    .getByRole('row')
    .filter({ has: owner.getByRole('link', { name: `#${orderId}`, exact: true }) });
  await expect(row.getByText('Refund pending', { exact: true })).toBeVisible();
  await expect(row).toContainText('50 BDT refund pending');
  await expect(owner.getByText(/need(s)? attention$/)).toBeVisible();
});
