import { expect, test } from './support/test';
import type { DayClose } from '@bazar/contracts/money.api';
import type { Shift } from '@bazar/contracts/shifts';
import { createCustomer, logIn, makeAdmin } from './support/accounts';
import { grouped, snap } from './support/ui';
import { addProduct, adminAuth, printCount, shipSetting, stubPrint } from './till-helpers';

/** The figure after a label in a "name: amount" list or a cell, as a number ("1,205 BDT" → 1205). */
const taka = (text: string | null) => Number((text ?? '').replace(/[^\d−-]/g, '').replace('−', '-'));

test.describe('a day that closes to the taka', () => {
  test('cash with change, bKash, a return, an expense and a supplier paid from the drawer: the till, Analytics and the day close expect the same cash', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const adminPage = await browser.newPage();
    const auth = await adminAuth(adminPage);
    const oil = await addProduct(request, auth, { title: 'E2E Day Close Oil', attri: '1 L', price: 150 });
    const ship = await shipSetting(request, auth);
    await adminPage.close();

    // A cashier of their own (an owner's rights), so this test's shift is theirs alone.
    const cashier = await createCustomer(request, { name: 'E2E Day Close Cashier' });
    await makeAdmin(cashier.phone);
    await stubPrint(page, { closes: true });
    await logIn(page, cashier.phone, cashier.password);
    await expect(page).toHaveURL('/admin');
    const as = { Authorization: `Bearer ${cashier.token}` };

    // The till: a float of 500, then two bottles of oil, 100 by bKash and 500 handed over in cash.
    await page.goto('/admin/pos');
    const box = page.getByRole('combobox', { name: 'Product' });
    await expect(box).toBeFocused();
    await page.getByRole('button', { name: 'Open shift' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('500');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('shift-drawer')).toHaveText('Cash in the drawer should be 500 BDT');
    await box.focus();
    for (let i = 0; i < 2; i++) {
      await page.keyboard.type(oil.barcode);
      await page.keyboard.press('Enter');
    }
    await expect(page.getByTestId('till-total')).toHaveText('300 BDT');
    const owed = 300 + ship;
    await page.keyboard.press('F4');
    await page.keyboard.type('100');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Payment Method')).toHaveValue('bkash');
    await page.keyboard.press('Tab');
    await page.keyboard.type('TRXDAY01');
    await page.keyboard.press('Enter');
    await page.keyboard.type('500');
    const change = 500 - (owed - 100);
    await expect(page.getByTestId('till-change')).toHaveText(`${grouped(change)} BDT`);
    await page.keyboard.press('F9');
    await expect(page).toHaveURL('/admin/pos');
    const saved = page.getByText(/^Sale #\d+ saved\.$/);
    await expect(saved).toBeVisible();
    const saleId = Number(/#(\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
    const cashKept = owed - 100;
    await expect(page.getByTestId('shift-drawer')).toHaveText(
      `Cash in the drawer should be ${grouped(500 + cashKept)} BDT`,
    );

    // One bottle comes back (150 in cash), then the screens' own calls: an expense of 60 and a
    // supplier paid 120 in cash, both by the cashier while the shift is open.
    const back = await request.post(`/api/order/return/${saleId}`, {
      headers: as,
      data: {
        lines: [{ product_id: oil.id, quantity: 1 }],
        refund: { method: 'cash', amount: 150 },
        reason: 'Leaking',
      },
    });
    expect(back.status(), await back.text()).toBe(201);
    expect(
      (
        await request.post('/api/expance/add', { headers: as, data: { detail: 'Bags', amount: 60 } })
      ).status(),
    ).toBe(201);
    const supplier = await request.post('/api/supplier/add', {
      headers: as,
      data: { name: `E2E Day Close Wholesale ${Date.now()}` },
    });
    const supplierId = ((await supplier.json()) as { data: { id: number } }).data.id;
    const bought = await request.post('/api/purchase/add', {
      headers: as,
      data: {
        supplier_id: supplierId,
        lines: [{ product_id: oil.id, quantity: 2, buyprice: 100 }],
        paid: 0,
        method: 'cash',
      },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const paid = await request.post(`/api/supplier/pay/${supplierId}`, {
      headers: as,
      data: { amount: 120, method: 'cash' },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    // The till counts all of it.
    const expected = 500 + cashKept - 150 - 60 - 120;
    await page.goto('/admin/pos');
    await expect(page.getByTestId('shift-drawer')).toHaveText(
      `Cash in the drawer should be ${grouped(expected)} BDT`,
    );
    const shift = (
      (await (await request.get('/api/shift/current', { headers: as })).json()) as { data: Shift }
    ).data;

    // Analytics: the shift's row expects the same.
    await page.goto('/admin/analytics');
    const analyticsShift = page.locator(`[data-shift-id="${shift.id}"]`);
    await expect(analyticsShift.locator('[data-label="Expected"]')).toHaveText(grouped(expected));
    await snap(page, testInfo, 'analytics-drawer');

    // The day close: the shift's row, and by method this day's bKash and cash include this sale.
    await page.getByRole('link', { name: 'Day close' }).click();
    await expect(page).toHaveURL(/\/admin\/day-close/);
    const dayShift = page.locator(`[data-shift-id="${shift.id}"]`);
    await expect(dayShift.locator('[data-label="Expected"]')).toHaveText(`${grouped(expected)} BDT`);
    await expect(dayShift.locator('[data-label="Float"]')).toHaveText('500 BDT');
    await expect(page.locator('[data-method="bkash"]')).toBeVisible();
    await expect(page.locator('[data-method="cash"]')).toBeVisible();
    await snap(page, testInfo, 'day-close');

    // The day's expected cash is one figure on Analytics and on the day close, and the page shows
    // what the ledger says per method (other tests sell today too: read until both agree at once).
    await expect(async () => {
      await page.goto('/admin/analytics');
      const analytics = taka(await page.getByTestId('today-drawer').textContent());
      await page.goto('/admin/day-close');
      const dayClose = taka(await page.getByTestId('day-close-expected').textContent());
      const answer = (
        (await (await request.get('/api/day-close', { headers: as })).json()) as { data: DayClose }
      ).data;
      expect(dayClose).toBe(analytics);
      expect(answer.cash.expected).toBe(dayClose);
      for (const m of answer.methods)
        await expect(page.locator(`[data-method="${m.method}"] [data-label="Net"]`)).toHaveText(
          `${grouped(m.net)} BDT`,
          { timeout: 1000 },
        );
    }).toPass({ timeout: 40_000 });

    // Printed as an 80 mm slip, with the shift on it.
    await page.getByRole('button', { name: 'Print 80 mm' }).click();
    await expect(page.getByText('Cash in drawer (expected)').first()).toBeVisible();
    await expect.poll(() => printCount(page)).toBe(1);
    await snap(page, testInfo, 'day-close-80mm');

    // Close the shift counted 10 short: the day close shows it against this shift.
    await page.goto('/admin/pos');
    await page.getByRole('button', { name: 'Close shift' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Close the shift' })).toContainText(
      'Count the cash in the drawer and enter it.',
    );
    await page.keyboard.type(String(expected - 10));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Shift closed' }).getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('shift-state')).toHaveText('No shift open');
    await page.goto('/admin/day-close');
    await expect(dayShift.locator('[data-label="Difference"]')).toContainText('10');
    await expect(dayShift.locator('[data-label="Counted"]')).toHaveText(`${grouped(expected - 10)} BDT`);
  });
});
