import { expect, test } from './support/test';
import type { FoundProduct } from '@bazar/contracts/catalog';
import { logInAsAdmin, stored } from './support/accounts';
import { snap, grouped } from './support/ui';

test.describe('analytics', () => {
  test("today's sale and expense show in the report and the cash card; Close Cash records the day", async ({
    page,
    request,
  }, testInfo) => {
    await logInAsAdmin(page);
    const token = await stored(page, 'info');
    const auth = { Authorization: `Bearer ${token}` };
    const found = ((await (await request.get('/api/product/find/rice')).json()) as { data: FoundProduct[] })
      .data;
    expect(found.length, 'a demo rice product').toBeGreaterThan(0);
    const sale = await request.post('/api/order/add', {
      headers: auth,
      data: { terminal: 1, ship: 0, paid: 50, carts: [{ product_id: found[0]!.id, quantity: 1 }] },
    });
    expect(sale.status(), await sale.text()).toBe(201);
    const expense = await request.post('/api/expance/add', {
      headers: auth,
      data: { detail: 'E2E tea', amount: 30 },
    });
    expect(expense.status()).toBe(201);
    const sums = (await (await request.get('/api/profit-loss', { headers: auth })).json()) as {
      received: number;
      expance: number;
    };

    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Analytics', exact: true })
      .click();
    await expect(page).toHaveURL('/admin/analytics');
    await expect(page.getByRole('heading', { name: 'Date Wise Sale Amount' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Date Wise Orders' })).toBeVisible();
    await expect(page.getByTestId('today-cash')).toHaveText(`${grouped(sums.received - sums.expance)} BDT`);
    await expect(page.getByTestId('today-expense')).toHaveText(`${grouped(sums.expance)} BDT`);
    const todayRow = page.locator('tbody tr').first();
    await expect(todayRow.getByRole('cell').nth(3)).not.toHaveText('0');

    // Close Cash asks first; "Not yet" leaves the day open, the dialog's own button closes it.
    await page.getByRole('button', { name: 'Close Cash' }).click();
    const confirm = page.getByRole('dialog', { name: "Close today's cash?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Not yet' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Cash updated')).toBeHidden();
    await page.getByRole('button', { name: 'Close Cash' }).click();
    await confirm.getByRole('button', { name: 'Close Cash' }).click();
    await expect(page.getByText('Cash updated')).toBeVisible();
    await expect(todayRow.getByText('Cash closed')).toBeVisible();
    await snap(page, testInfo, 'analytics');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'analytics');
  });
});
