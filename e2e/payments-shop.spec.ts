import { expect, test } from '@playwright/test';
import { createCustomer, logIn } from './support/accounts';
import { E2E } from './support/env';

// Checkout with bKash through the fake bKash's payment page (e2e/support/bkash-gateway.ts) and back
// to the success page: the server executes the payment and the order shows paid.

test('a customer pays an order with bKash and comes back to it paid', async ({ page, request }) => {
  const customer = await createCustomer(request, { name: 'Bkash Payer' });
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
  await payment.getByLabel('bKash').check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  // bKash's page, on the fake's own address.
  await expect(page).toHaveURL(new RegExp(`^${E2E.bkashURL}/checkout/`));
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/user\/success\?order=\d+&payment=paid$/);
  const id = new URL(page.url()).searchParams.get('order');
  await expect(page.getByTestId('success-order')).toHaveText(`Order number: #${id}`);
  await expect(
    page.getByText(/^Your payment of [\d,]+ BDT was received\. This order is paid\.$/),
  ).toBeVisible();
  await expect(page.getByTestId('success-due')).toHaveCount(0);

  // The order list says so too.
  await page.getByRole('link', { name: 'My orders' }).click();
  await expect(
    page.getByRole('article', { name: `Order #${id}` }).getByText('Paid', { exact: true }),
  ).toBeVisible();
});
