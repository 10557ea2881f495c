import { expect, test } from './support/test';
import { createCustomer, logIn, stored } from './support/accounts';
import { ShopServer } from './support/shop-server';
import { expectSuccessToast } from './support/ui';
import { addProduct, adminAuth } from './till-helpers';

/**
 * Issue 15: the owner sets a delivery slot in Setting, a shopper books it at checkout, and the order
 * shows it. On a server of its own (own port, own database): while the shop has slots every order
 * needs one, which the other tests' orders on the shared server do not send. No demo catalogue (a
 * faster start): the test makes its brand, product and area.
 */
test.describe('delivery slots', () => {
  const server = new ShopServer(8, { demo: false });

  test.afterAll(async () => {
    await server.stop();
    await server.drop().catch(() => undefined);
  });

  test('the owner sets a slot in Setting; a shopper chooses it at checkout; the order shows it', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await server.create();
    await server.start();
    const owner = await browser.newContext({ baseURL: server.url });
    const shopper = await browser.newContext({ baseURL: server.url });
    try {
      // The owner: one slot, 08:00–10:00, for three orders; tomorrow's is always open.
      const admin = await owner.newPage();
      const auth = await adminAuth(admin);
      expect(
        (await owner.request.post('/api/brand/add', { headers: auth, data: { title: 'Slot Brand' } })).ok(),
      ).toBe(true);
      await addProduct(owner.request, auth, { title: 'Slot Rice', price: 100, attri: '1 kg' });
      const area = { title: 'Outside Dhaka', charge: 90 };
      expect((await owner.request.post('/api/area/add', { headers: auth, data: area })).status()).toBe(201);
      await admin.goto('/admin/setting');
      const card = admin.getByRole('region', { name: 'Delivery slots' });
      await card.getByRole('button', { name: 'Add slot' }).click();
      await expect(card.getByLabel('Start of slot 1')).toHaveValue('08:00');
      await expect(card.getByLabel('End of slot 1')).toHaveValue('10:00');
      await card.getByLabel('Orders slot 1 takes').fill('3');
      await card.getByLabel('Days ahead').fill('1');
      await card.getByRole('button', { name: 'Save slots' }).click();
      await expectSuccessToast(admin, 'Delivery slots saved');

      // The shopper: a product into the cart, then checkout with the slot.
      const customer = await createCustomer(shopper.request, { name: 'Slot Shopper' });
      const page = await shopper.newPage();
      await logIn(page, customer.phone, customer.password);
      await expect(page).toHaveURL('/');
      const banner = page.getByRole('banner');
      await banner.getByRole('searchbox', { name: 'Search products' }).fill('slot rice');
      await expect(page.getByRole('heading', { level: 1, name: 'Search Result' })).toBeVisible();
      await page
        .getByRole('article', { name: 'Slot Rice', exact: true })
        .getByRole('button', { name: 'Add to cart' })
        .click();
      await expect(banner.getByRole('button', { name: 'Cart(1)' })).toBeVisible();
      await page.goto('/user/checkout');
      await page.getByLabel('Area').selectOption('Outside Dhaka');
      await page.getByLabel('Address').fill('House 9, Road 1');
      // The area's own delivery charge: 100 + 90.
      await expect(page.getByRole('region', { name: 'Order summary' }).getByText('190 BDT')).toBeVisible();

      const slots = page.getByRole('group', { name: 'Delivery slot' });
      const tomorrow = slots.getByRole('group', { name: /^Tomorrow/ });
      const radio = tomorrow.getByRole('radio', { name: /08:00–10:00\s*3 left/ });
      await expect(radio).toBeEnabled();
      // Without a slot the order is not sent.
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(slots.getByText('Please choose a delivery slot.')).toBeVisible();
      await tomorrow.locator('label', { hasText: '08:00–10:00' }).click();
      await expect(radio).toBeChecked();
      // A picture of the slots on a phone, for people to look at.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
      await slots.screenshot({ path: testInfo.outputPath('checkout-slots-390.png'), animations: 'disabled' });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page).toHaveURL('/user/success');

      // The order keeps the slot: the API, the shopper's order list.
      const token = await stored(page, 'info');
      const list = await shopper.request.get(`/api/orders/${customer.phone}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const [order] = (
        (await list.json()) as { data: Array<{ id: number; ship: number; slot: { date: string } | null }> }
      ).data;
      expect(order).toMatchObject({ ship: 90, slot: { start: '08:00', end: '10:00' } });
      await page.goto('/user/orders');
      const placed = page.getByRole('article', { name: `Order #${order?.id}` });
      await expect(placed.getByText(/08:00–10:00/)).toBeVisible();

      // The place is taken: two left.
      const answer = await shopper.request.get('/api/delivery-slots');
      const days = (
        (await answer.json()) as { data: { days: Array<{ date: string; slots: Array<{ left: number }> }> } }
      ).data.days;
      expect(days.find((d) => d.date === order?.slot?.date)?.slots[0]?.left).toBe(2);
    } finally {
      await owner.close();
      await shopper.close();
    }
  });
});
