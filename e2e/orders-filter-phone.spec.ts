import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Order } from '@bazar/contracts/orders';
import { createCustomer, logInAsAdmin } from './support/accounts';

/**
 * The back office's orders list on a 390 px phone (issue 29): the filter bar folds into one Filter
 * button with the number of active filters, opening the bar in a side panel, and the active
 * filters are chips under it, each taking its filter away; the list starts on the first screen.
 * From md up the bar stays inline.
 */
const SHOTS = '/tmp/shots-orders';
test.use({ viewport: { width: 390, height: 844 } });

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, animations: 'disabled' });
}

interface PopularProduct {
  id: number;
  qty: number;
  stock_out: string;
}

test('on a phone the orders filters fold into a Filter button with chips; wide screens keep the bar', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // An online order still due, so the list has a row and the Due filter finds it.
  const customer = await createCustomer(request, { name: 'E2E Phone Filter Buyer' });
  const popular = await request.get('/api/productpopular');
  const product = ((await popular.json()) as { data: PopularProduct[] }).data.find(
    (item) => item.stock_out !== 'on' && item.qty >= 1,
  );
  expect(product, 'a popular demo product in stock').toBeTruthy();
  const placed = await request.post('/api/order/add', {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: {
      name: customer.name,
      phone: customer.phone,
      address: 'House 3, Road 7',
      area: 'Mirpur',
      carts: [{ product_id: product!.id, quantity: 1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { data: Order }).data;

  await logInAsAdmin(page);
  await page.goto('/admin/orders');
  const rows = page.locator('tbody tr[data-order-id]');
  await expect(rows.first()).toBeVisible();
  // The list starts on the first screen: its first card's top is within the window.
  const first = await rows.first().boundingBox();
  expect(first, 'the first order is laid out').toBeTruthy();
  expect(first!.y).toBeLessThan(844);
  // No inline bar: its fields are in the closed panel.
  await expect(page.getByLabel('Search text')).toBeHidden();
  await shot(page, 'orders-en');

  const open = page.getByRole('button', { name: 'Filter', exact: true });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  const panel = page.getByRole('dialog', { name: 'Filter orders' });
  await expect(panel).toBeVisible();
  // Focus went into the panel.
  await expect.poll(() => panel.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  // Esc closes it, focus back on the button.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();

  // Open it again from the keyboard and filter as a person does.
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await panel.getByLabel('Search by').selectOption('Phone');
  await panel.getByLabel('Search text').pressSequentially(customer.phone);
  // On the month, the first part of the field (mm/dd/yyyy).
  await panel.getByLabel('From date').click({ position: { x: 16, y: 12 } });
  await panel.getByLabel('From date').pressSequentially('01012020');
  await panel.getByLabel('Payment').selectOption('1');
  await shot(page, 'orders-panel-en');
  await panel.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/status=1/);
  await expect(page).toHaveURL(/from=2020-01-01/);
  await expect(page.getByRole('button', { name: 'Filter (3)', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter (3)', exact: true })).toBeFocused();
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('button')).toHaveText([
    `Phone: ${customer.phone}×`,
    'From 01 Jan 2020×',
    'Payment: Due×',
  ]);
  await expect(page.locator(`tr[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await shot(page, 'orders-chips-en');

  // A chip takes its filter away, from the address too.
  await chips.getByRole('button', { name: 'Remove filter Payment: Due', exact: true }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page.getByRole('button', { name: 'Filter (2)', exact: true })).toBeVisible();
  await expect(chips.getByRole('button')).toHaveCount(2);
  await expect(page.locator(`tr[data-order-id="${order.id}"]`)).toBeVisible();

  // Bangla: the button and the chips in Bangla.
  await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('button', { name: 'ফিল্টার (২)', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'চালু ফিল্টার' }).getByRole('button')).toHaveCount(2);
  await shot(page, 'orders-bn');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByLabel('যা খুঁজবেন')).toHaveValue(customer.phone);
  await expect(page.getByRole('button', { name: /^ফিল্টার \(/ })).toHaveCount(0);
  await shot(page, 'orders-bn');
  await page.locator('.admin-top-bar').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // From md up: the bar inline as before, no Filter button, no chips.
  await expect(page.getByLabel('Search text')).toBeVisible();
  await expect(page.getByLabel('Search text')).toHaveValue(customer.phone);
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Filter \(/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, 'orders-en');

  // Back on a phone, the last chips go and so does the filter from the address.
  await page.setViewportSize({ width: 390, height: 844 });
  await chips.getByRole('button', { name: /^Remove filter From / }).click();
  await expect(page).not.toHaveURL(/from=/);
  await chips.getByRole('button', { name: `Remove filter Phone: ${customer.phone}`, exact: true }).click();
  await expect(page).not.toHaveURL(/value=/);
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await expect(chips).toHaveCount(0);
});
