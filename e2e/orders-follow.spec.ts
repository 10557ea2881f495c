import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createCustomer, logIn, logInAsAdmin, stored } from './support/accounts';
import { deliveredTo } from './support/sms';
import { snap } from './support/ui';

// Following an order and buying it again (issue 15), against the demo data (SEED_DEMO=1):
// "Chicken Broiler" is in stock and Mirpur is a demo area.

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

test('a customer follows an order the shop sends out, gets its SMS and buys it again', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two people's screens one after the other: about 20 s on a quiet 2-core machine.
  test.setTimeout(90_000);
  const customer = await createCustomer(request, { name: 'Follow Tester' });
  await logIn(page, customer.phone, customer.password);
  await expect(page).toHaveURL('/');

  // The customer orders one product.
  const banner = page.getByRole('banner');
  await banner.getByRole('searchbox', { name: 'Search products' }).fill('chiken');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Result' })).toBeVisible();
  await card(page, 'Chicken Broiler').getByRole('button', { name: 'Add to cart' }).click();
  await banner.getByRole('button', { name: 'Cart(1)' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/user/checkout');
  await page.getByLabel('Area').selectOption('Mirpur');
  await page.getByLabel('Address').fill('House 4, Road 2');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL('/user/success');
  await expect(banner.getByRole('button', { name: 'Cart(0)' })).toBeVisible();
  const mine = await request.get(`/api/orders/${customer.phone}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  const id = ((await mine.json()) as { data: Array<{ id: number }> }).data[0]?.id;
  expect(id).toBeTruthy();

  // The admin, on another screen, sends it out for delivery.
  const office = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await logInAsAdmin(office);
  await office.goto('/admin/orders');
  await office.getByLabel('Search by').selectOption('Phone');
  await office.getByLabel('Search text').fill(customer.phone);
  await office.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(office.locator(`tr[data-order-id="${id}"]`)).toBeVisible();
  await expect(office.locator('tbody tr')).toHaveCount(1);
  await office.getByRole('button', { name: `Actions for order ${id}`, exact: true }).click();
  await office.getByRole('button', { name: 'Quick Pay', exact: true }).click();
  const dialog = office.getByRole('dialog', { name: 'Order Edit' });
  await dialog.getByLabel('Order Status').selectOption({ label: 'Out for Delivery' });
  await dialog.getByLabel('Due Received Amount').fill('0');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await office.close();

  // The customer's phone gets the SMS (through the outbox and the gateway) …
  await expect
    .poll(async () => (await deliveredTo(customer.phone)).filter((m) => m.includes('out for delivery')), {
      timeout: 15_000,
    })
    .toEqual([
      expect.stringMatching(
        new RegExp(`^Your order #${id} is out for delivery\\. Please keep \\d+ BDT ready\\.$`),
      ),
    ]);

  // … and the order's View follows it.
  await page.goto('/user/orders');
  const order = page.getByRole('article', { name: `Order #${id}`, exact: true });
  await expect(order.getByText('Out for Delivery', { exact: true })).toBeVisible();
  await order.getByRole('button', { name: 'View' }).click();
  const modal = page.getByRole('dialog', { name: `Order #${id}`, exact: true });
  const timeline = modal.getByRole('region', { name: 'Following your order' });
  const steps = timeline.getByRole('listitem');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('Processing');
  await expect(steps.nth(1)).toContainText('Out for Delivery');
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await snap(page, testInfo, 'order-timeline');

  // Buy again: the product is back in the cart at today's price.
  await modal.getByRole('button', { name: `Buy order #${id} again` }).click();
  await expect(modal.getByRole('status')).toContainText("1 product is in your cart at today's price.");
  await expect(banner.getByRole('button', { name: 'Cart(1)' })).toBeVisible();
  const cart = JSON.parse((await stored(page, 'carts')) ?? '[]') as Array<{ title: string; qty: number }>;
  expect(cart.map((line) => [line.title, line.qty])).toEqual([['Chicken Broiler', 1]]);
});
