import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { DailyReportRow, ProfitLoss } from '@bazar/contracts/cash';
import type { AdminProduct } from '@bazar/contracts/catalog';
import type { Customer } from '@bazar/contracts/customers';
import type { Order } from '@bazar/contracts/orders';
import { logInAsAdmin, stored } from './support/accounts';
import { uniquePhone } from './support/phones';
import { deliveredTo } from './support/sms';
import { grouped, snap } from './support/ui';

type Headers = Record<string, string>;

const rowOf = (page: Page, id: number) => page.locator(`tr[data-order-id="${id}"]`);

async function adminHeaders(page: Page): Promise<Headers> {
  await logInAsAdmin(page);
  const token = await stored(page, 'info');
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/** Two demo products with stock, as the back office lists them. */
async function twoProducts(
  request: APIRequestContext,
  headers: Headers,
): Promise<[AdminProduct, AdminProduct]> {
  const answer = await request.get('/api/products?page=1&per_page=50', { headers });
  expect(answer.ok()).toBe(true);
  const products = ((await answer.json()) as { data: AdminProduct[] }).data.filter(
    // Not the popular products or rice, which other browser tests sell meanwhile.
    (p) => p.stock_out !== 'on' && p.popular !== 'on' && !/rice/i.test(p.title) && p.qty >= 5 && p.price > 0,
  );
  expect(products.length, 'two demo products in stock').toBeGreaterThanOrEqual(2);
  return [products[0]!, products[1]!];
}

async function productQty(request: APIRequestContext, headers: Headers, id: number): Promise<number> {
  const answer = await request.get(`/api/product/${id}`, { headers });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: AdminProduct }).data.qty;
}

/** A till sale through the API, as the till sends it: lines, and the money handed over. */
async function tillSale(
  request: APIRequestContext,
  headers: Headers,
  body: { phone?: string; carts: { product_id: number; quantity: number }[]; cash: number },
): Promise<Order> {
  const answer = await request.post('/api/order/add', {
    headers,
    data: {
      terminal: 1,
      ship: 0,
      discount: 0,
      ...(body.phone && { phone: body.phone, name: 'E2E Baki Customer' }),
      carts: body.carts,
      ...(body.cash > 0 && { payments: [{ method: 'cash', amount: body.cash }] }),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: Order }).data;
}

async function addCustomer(request: APIRequestContext, headers: Headers, name: string): Promise<Customer> {
  const answer = await request.post('/api/customer/add', {
    headers,
    data: { phone: uniquePhone(), name, area: 'Mirpur', address: 'House 2' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: Customer }).data;
}

async function customerNow(request: APIRequestContext, headers: Headers, phone: string): Promise<Customer> {
  const answer = await request.get(`/api/customer/search/${phone}`, { headers });
  expect(answer.ok()).toBe(true);
  const found = ((await answer.json()) as { data: Customer[] }).data[0];
  expect(found).toBeTruthy();
  return found!;
}

/**
 * Refunds given today as the daily report has them now: a day another test closed (Close Cash)
 * shows its frozen figures, and what came after as `after_close`.
 */
async function refundsToday(request: APIRequestContext, headers: Headers): Promise<number> {
  const { day } = (await (await request.get('/api/profit-loss', { headers })).json()) as ProfitLoss;
  const answer = await request.get(`/api/daily-report?from=${day}&to=${day}`, { headers });
  const row = ((await answer.json()) as { data: DailyReportRow[] }).data[0];
  return (row?.refunds ?? 0) + (row?.after_close?.refunds ?? 0);
}

async function openRowMenu(page: Page, id: number, item: string) {
  await page.getByRole('button', { name: `Actions for order ${id}`, exact: true }).click();
  await rowOf(page, id)
    .locator('.dropdown-menu.show')
    .getByRole(item === 'Print' || item === 'Reprint' ? 'link' : 'button', { name: item, exact: true })
    .click();
}

test.describe('returns, refunds and dues in the back office', () => {
  test('return one line from the orders list: the stock comes back and the refund is in the day report', async ({
    page,
    request,
  }, testInfo) => {
    // Three screens and six screenshots at two widths: on a busy CI machine this runs past 30 s.
    test.setTimeout(90_000);
    const headers = await adminHeaders(page);
    const [first, second] = await twoProducts(request, headers);
    const sale = await tillSale(request, headers, {
      carts: [
        { product_id: first.id, quantity: 2 },
        { product_id: second.id, quantity: 1 },
      ],
      cash: 100_000,
    });
    const charged = sale.subtotal + sale.ship - sale.discount;
    expect(sale.paid).toBe(charged);
    const qtyBefore = await productQty(request, headers, first.id);
    const refundsBefore = await refundsToday(request, headers);
    const unitPrice = sale.carts.find((line) => line.product_id === first.id)!.price;

    await page.goto('/admin/orders');
    const row = rowOf(page, sale.id);
    await expect(row.getByText('Delivered')).toBeVisible();
    await expect(row.getByText('Offline')).toBeVisible();
    await snap(page, testInfo, 'orders-badges');

    await openRowMenu(page, sale.id, 'Return');
    const dialog = page.getByRole('dialog', { name: 'Return' });
    const quantity = dialog.getByLabel(`Quantity of ${`${first.title} ${first.attri}`.trim()} to return`);
    // The cashier types the quantity straight away (the first line has the focus) and saves with Enter.
    await expect(quantity).toBeFocused();
    await page.keyboard.type('1');
    await expect(dialog.getByTestId('return-value')).toHaveText(`${grouped(unitPrice)} BDT`);
    await expect(dialog.getByTestId('return-refund')).toHaveText(`${grouped(unitPrice)} BDT`);
    await expect(dialog.getByLabel('Refund method')).toHaveValue('cash');
    await dialog.getByLabel('Reason (optional)').fill('Torn bag');
    await snap(page, testInfo, 'return-dialog');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'return-dialog');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByLabel('Reason (optional)').press('Enter');

    await expect(dialog.getByText(`Give back ${grouped(unitPrice)} BDT by Cash.`)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Print return receipt' })).toHaveAttribute(
      'href',
      new RegExp(`^/admin/receipt/${sale.id}\\?print=1&return=\\d+$`),
    );
    await expect(dialog.getByRole('button', { name: 'Close' }).last()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row.getByText(`Returned ${unitPrice}`)).toBeVisible();
    await expect(row.getByRole('cell').nth(6)).toHaveText(grouped(charged - unitPrice));

    // The stock is back, and the refund is counted on today's report.
    expect(await productQty(request, headers, first.id)).toBeCloseTo(qtyBefore + 1, 2);
    // The order carries the refund of this return; the day's report counts it. Other tests run at
    // the same time on the same shop and may refund too (a bKash refund test does), so the day's
    // figure grows by at least this refund; the report's exact sum is the API tests' (reports).
    const refunded = (await (await request.get(`/api/order/${sale.id}`, { headers })).json()) as {
      data: Order;
    };
    expect(
      refunded.data.payments
        .filter((p) => p.amount < 0 && p.return_id !== null)
        .map((p) => [p.method, p.amount]),
    ).toEqual([['cash', -unitPrice]]);
    expect(await refundsToday(request, headers)).toBeGreaterThanOrEqual(refundsBefore + unitPrice);

    // The invoice of the sale: the method actually used, its payments and the return, no rider.
    await openRowMenu(page, sale.id, 'Print');
    await expect(page).toHaveURL(`/admin/print-order/${sale.id}`);
    const invoice = page.getByRole('article', { name: 'Invoice' });
    await expect(invoice.getByTestId('invoice-methods')).toHaveText('Payment method: Cash');
    await expect(invoice.getByRole('heading', { name: 'Rider Token' })).toHaveCount(0);
    await expect(invoice.getByText(/^Address:/)).toHaveCount(0);
    await expect(invoice.getByRole('table', { name: 'Payments' })).toContainText('Refund');
    await expect(invoice.getByRole('region', { name: 'Returns' })).toContainText('Torn bag');
    await snap(page, testInfo, 'invoice-till-sale');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'invoice-till-sale');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The Analytics screen shows it too: refunds, and the cash in the drawer beside the spec's rows.
    await page.goto('/admin/analytics');
    // What the day's report says now: other tests running beside this one refund too (the till's
    // return test does), so the screen must show the report's figure, which holds this refund.
    await expect(async () => {
      const shown = (await page.getByTestId('today-refunds').textContent()) ?? '';
      const now = await refundsToday(request, headers);
      expect(now).toBeGreaterThanOrEqual(refundsBefore + unitPrice);
      expect(shown).toBe(`${grouped(now)} BDT`);
    }).toPass();
    await expect(page.getByTestId('today-drawer')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shifts' })).toBeVisible();
    await snap(page, testInfo, 'analytics-money');
  });

  test("cancelling a paid order and keeping the money as advance grows the customer's balance", async ({
    page,
    request,
  }, testInfo) => {
    const headers = await adminHeaders(page);
    const [product] = await twoProducts(request, headers);
    const customer = await addCustomer(request, headers, 'E2E Advance Customer');
    const sale = await tillSale(request, headers, {
      phone: customer.phone,
      carts: [{ product_id: product.id, quantity: 1 }],
      cash: 100_000,
    });
    expect(sale.paid).toBeGreaterThan(0);
    const before = (await customerNow(request, headers, customer.phone)).balance;

    await page.goto('/admin/orders');
    await openRowMenu(page, sale.id, 'Quick Pay');
    const dialog = page.getByRole('dialog', { name: 'Order Edit' });
    await dialog.getByLabel('Order Status').selectOption({ label: 'Canceled' });
    await expect(
      dialog.getByText(`Money paid: ${grouped(sale.paid)} BDT. How does it go back?`),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Choose how the money goes back.')).toBeVisible();
    await dialog.getByLabel("Keep it as the customer's advance balance").check();
    await snap(page, testInfo, 'cancel-refund');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, sale.id).getByText('Canceled')).toBeVisible();

    expect((await customerNow(request, headers, customer.phone)).balance).toBe(before + sale.paid);
  });

  test("a customer's dues page takes a payment against the oldest dues, with an SMS receipt", async ({
    page,
    request,
  }, testInfo) => {
    const headers = await adminHeaders(page);
    const [product, other] = await twoProducts(request, headers);
    const customer = await addCustomer(request, headers, 'E2E Baki Customer');
    // Two sales on credit: the first paid 10, the second nothing.
    const older = await tillSale(request, headers, {
      phone: customer.phone,
      carts: [{ product_id: product.id, quantity: 1 }],
      cash: 10,
    });
    const newer = await tillSale(request, headers, {
      phone: customer.phone,
      carts: [{ product_id: other.id, quantity: 1 }],
      cash: 0,
    });
    const owed = older.due + newer.due;

    await page.goto('/admin/customers');
    const row = page.locator(`tr[data-customer-id="${customer.id}"]`);
    await expect(row.locator('td').nth(4)).toHaveText(String(owed));
    await page.getByRole('button', { name: `Actions for ${customer.name} (${customer.phone})` }).click();
    await page.getByRole('link', { name: 'Dues', exact: true }).click();
    await expect(page).toHaveURL(`/admin/customer/${customer.id}`);
    await expect(page.getByTestId('customer-owes')).toHaveText(`${grouped(owed)} BDT`);
    const dues = page.getByRole('table', { name: 'Open dues' });
    await expect(dues.locator('tbody tr')).toHaveCount(2);
    await expect(dues.locator('tbody tr').first()).toContainText(`Order #${older.id}`);

    // Pay the whole first due and 1 taka of the second, by keyboard, with an SMS receipt.
    const amount = older.due + 1;
    await page.getByLabel('Amount').fill(String(amount));
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Method')).toBeFocused();
    await page.keyboard.press('End'); // Card, the last method
    await page.keyboard.press('Tab');
    await page.keyboard.type('CARD77');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Send the customer an SMS receipt')).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save payment' })).toBeFocused();
    await page.keyboard.press('Enter');
    const toast = page.locator('.toast-host .toast').filter({
      hasText: `Payment of ${grouped(amount)} BDT saved; still due ${grouped(owed - amount)} BDT`,
    });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveClass(/\bbg-success\b/);
    await expect(page.getByTestId('dues-settled')).toContainText(
      `Paid ${grouped(older.due)} BDT on order #${older.id}`,
    );
    await expect(page.getByTestId('dues-settled')).toContainText(`Paid 1 BDT on order #${newer.id}`);
    await expect(page.getByTestId('customer-owes')).toHaveText(`${grouped(owed - amount)} BDT`);
    await expect(dues.locator('tbody tr')).toHaveCount(1);
    await snap(page, testInfo, 'customer-dues');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'customer-dues');
    await page.setViewportSize({ width: 1280, height: 800 });

    const order = (await (await request.get(`/api/order/${newer.id}`, { headers })).json()) as {
      data: Order;
    };
    expect(order.data.payments.map((p) => [p.method, p.amount, p.reference])).toEqual([
      ['card', 1, 'CARD77'],
    ]);
    await expect
      .poll(async () =>
        (await deliveredTo(customer.phone)).some((text) => text.includes(`received ${amount} BDT`)),
      )
      .toBe(true);
  });
});
