import { expect, test } from './support/test';
import type { Order } from '@bazar/contracts/orders';
import { uniquePhone } from './support/phones';
import { snap, grouped } from './support/ui';
import { addProduct, adminAuth } from './till-helpers';

/**
 * The orders screen pages through a filter longer than a page, and its cards are the server's
 * totals over the whole filter (not the page's sum). At phone width the rows are cards and a row's
 * menu opens beside it.
 */
test('the orders list pages through 55 sales of one customer; the cards count all 55', async ({
  page,
  request,
}, testInfo) => {
  const auth = await adminAuth(page);
  const product = await addProduct(request, auth, { title: `E2E Paging Tea ${Date.now()}`, price: 37 });
  const phone = uniquePhone();
  const sales: Order[] = [];
  for (let i = 0; i < 55; i++) {
    const answer = await request.post('/api/order/add', {
      headers: auth,
      data: {
        terminal: 1,
        ship: 0,
        name: 'Paging Customer',
        phone,
        carts: [{ product_id: product.id, quantity: 1 + (i % 3) }],
        paid: i % 2 === 0 ? 37 : 0,
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    sales.push(((await answer.json()) as { data: Order }).data);
  }
  const total = sales.reduce((sum, o) => sum + o.subtotal + o.ship - o.discount, 0);
  const paid = sales.reduce((sum, o) => sum + o.paid, 0);
  const due = sales.reduce((sum, o) => sum + o.due, 0);

  await page.goto(`/admin/orders?field=Phone&value=${phone}`);
  const rows = page.locator('tbody tr[data-order-id]');
  await expect(rows).toHaveCount(50);
  await expect(page.getByTestId('sum-total')).toHaveText(`${grouped(total)} BDT`);
  await expect(page.getByTestId('sum-paid')).toHaveText(`${grouped(paid)} BDT`);
  await expect(page.getByTestId('sum-due')).toHaveText(`${grouped(due)} BDT`);
  // Newest first: the last sale heads page 1, the first five are on page 2.
  await expect(rows.first()).toHaveAttribute('data-order-id', String(sales.at(-1)?.id));

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toHaveAttribute('data-order-id', String(sales[0]?.id));
  await expect(page.getByTestId('sum-total')).toHaveText(`${grouped(total)} BDT`);

  // A phone: the order is a card that fits, its figures and its menu in view; the menu opens beside it.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = rows.nth(3);
  const box = await card.boundingBox();
  expect(box, 'the card is on screen').toBeTruthy();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  // Total, Paid and Due under their names (the names are the cells' data-label), all in view.
  for (const name of ['Total', 'Paid', 'Due']) {
    const cell = card.locator(`td[data-label="${name}"]`);
    await expect(cell).toBeVisible();
    const at = await cell.boundingBox();
    expect((at?.x ?? 0) + (at?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  const toggle = card.getByRole('button', { name: /Actions for order/ });
  await toggle.click();
  const menu = page.locator('.dropdown-menu.show');
  await expect(menu).toBeVisible();
  const [t, m] = [await toggle.boundingBox(), await menu.boundingBox()];
  expect(t && m, 'toggle and menu are laid out').toBeTruthy();
  // Beside its row: the menu's top is at the toggle (just below it or just above it), not at the window's top.
  expect(Math.abs((m?.y ?? 0) - ((t?.y ?? 0) + (t?.height ?? 0)))).toBeLessThan(40 + (m?.height ?? 0));
  expect(m?.x ?? 0).toBeGreaterThanOrEqual(0);
  expect((m?.x ?? 0) + (m?.width ?? 0)).toBeLessThanOrEqual(390);
  await snap(page, testInfo, 'orders-paging-phone');
});
