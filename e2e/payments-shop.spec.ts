import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createCustomer, logIn } from './support/accounts';
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
