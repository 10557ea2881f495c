import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Order } from '@bazar/contracts/orders';
import { createCustomer, makeAdmin } from './support/accounts';
import { uniquePhone } from './support/phones';
import { grouped, snap } from './support/ui';
import { addProduct, adminAuth, type Auth } from './till-helpers';

/**
 * The back office's lists on a 390 px phone (the orders, products and requests lists have tests
 * of their own): the page never scrolls sideways, no table scrolls sideways inside it, and each
 * list's amounts, totals and row actions are on screen, the wide lists as cards whose figures
 * carry their column's name.
 */
const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

/** Neither the page nor a table in it is wider than the phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
    tables: Array.from(document.querySelectorAll('.table-responsive'))
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => `${box.querySelector('table')?.className}: ${box.scrollWidth} > ${box.clientWidth}`),
  }));
  expect(found.page, 'the page is no wider than the phone').toBeLessThanOrEqual(found.view);
  expect(found.tables, 'no table scrolls sideways').toEqual([]);
}

/** Visible, and from its left edge to its right edge on the phone's screen. */
async function expectOnScreen(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, 'laid out').toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
}

/** A card's figure: on screen, with this text, under its column's name (the heads are hidden). */
async function expectFigure(row: Locator, name: string, text: string | RegExp): Promise<void> {
  const cell = row.locator(`[data-label="${name}"]`);
  await expectOnScreen(cell);
  await expect(cell).toHaveText(text);
  const shown = await cell.evaluate((el) => getComputedStyle(el, '::before').content);
  expect(shown, `"${name}" is written above the figure`).toBe(JSON.stringify(name));
}

/** Screen check common to every list: no sideways scroll, then a picture for people to look at. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await expectNoSidewaysScroll(page);
  await snap(page, test.info(), `phone-${name}`);
}

async function post<T>(request: APIRequestContext, auth: Auth, url: string, data: object): Promise<T> {
  const answer = await request.post(url, { headers: auth, data });
  expect(answer.ok(), `${url}: ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

test('every back-office list fits a 390 px phone with its amounts and actions on screen', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const auth = await adminAuth(page);
  const tag = Date.now().toString(36).slice(-5);

  // What the lists show: a product, a customer owing on two sales, an expense, a stock entry, an
  // SMS list, a sale synced from an offline till at another price, and a cashier's closed shift.
  const product = await addProduct(request, auth, {
    title: `E2E Phone Basmati Rice ${tag}`,
    attri: '5 kg',
    price: 1234,
  });
  const customer = {
    name: 'Mohammad Kamrul Hasan Talukder',
    phone: uniquePhone(),
    area: 'Mirpur',
    address: 'House 12, Road 5',
  };
  const added = await post<{ id: number }>(request, auth, '/api/customer/add', customer);
  const sales: Order[] = [];
  for (const [quantity, paid] of [
    [3, 1000],
    [2, 0],
  ] as const) {
    const answer = await request.post('/api/order/add', {
      headers: auth,
      data: { terminal: 1, ship: 0, ...customer, carts: [{ product_id: product.id, quantity }], paid },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    sales.push(((await answer.json()) as { data: Order }).data);
  }
  const owed = sales.reduce((sum, sale) => sum + sale.due, 0);
  const expense = await post<{ id: number; amount: number }>(request, auth, '/api/expance/add', {
    detail: 'Electricity bill for November, paid at the DESCO office on Mirpur Road',
    amount: 12540,
  });
  const stock = await post<{ id: number }>(request, auth, '/api/stock/add', {
    price: 1100,
    qty: 12,
    items: [{ id: product.id, title: product.title }],
  });
  const list = await post<{ id: number; title: string }>(request, auth, '/api/sms-list/add', {
    title: `E2E regular rice buyers of the Mirpur branch ${tag}`,
  });
  await post(request, auth, '/api/sms-item/add', {
    name: customer.name,
    phone: customer.phone,
    list_id: list.id,
  });
  const synced = await post<Order>(request, auth, '/api/order/add', {
    terminal: 1,
    offline: true,
    client_id: randomUUID(),
    provisional: 'T-PHONE-1',
    paid: product.price + 5,
    carts: [{ product_id: product.id, quantity: 1, price: product.price + 5, title: product.title }],
  });
  const cashier = await createCustomer(request, { name: 'E2E Phone Cashier' });
  await makeAdmin(cashier.phone);
  const cashierAuth = { Authorization: `Bearer ${cashier.token}` };
  await post(request, cashierAuth, '/api/shift/open', { float: 500 });
  const shift = await post<{ id: number }>(request, cashierAuth, '/api/shift/close', {
    counted: 480,
    note: 'The cashier counts again tomorrow',
  });

  await test.step('customers: a card per customer, its menu beside it', async () => {
    await page.goto('/admin/customers');
    const row = page.locator(`tr[data-customer-id="${added.id}"]`);
    await expectFigure(row, 'Due', grouped(owed));
    await expectFigure(row, 'Balance', '0');
    await expectFigure(row, 'Phone', customer.phone);
    const toggle = row.getByRole('button', { name: `Actions for ${customer.name} (${customer.phone})` });
    await expectOnScreen(toggle);
    await checkScreen(page, 'customers');
    await toggle.click();
    const menu = page.locator('.dropdown-menu.show');
    await expectOnScreen(menu);
    await expectOnScreen(menu.getByRole('button', { name: 'Delete', exact: true }));
    await page.keyboard.press('Escape');
  });

  await test.step("a customer's dues: each order's due and the total", async () => {
    await page.goto(`/admin/customer/${added.id}`);
    for (const sale of sales) {
      const row = page.locator(`tr[data-order-id="${sale.id}"]`);
      await expectFigure(row, 'Due', grouped(sale.due));
      await expectFigure(row, 'Paid', grouped(sale.paid));
    }
    await expectOnScreen(page.locator('tfoot').getByText(grouped(owed), { exact: true }));
    await expectOnScreen(page.getByRole('button', { name: 'Save payment' }));
    await checkScreen(page, 'customer-dues');
  });

  await test.step('expenses: the amount and the total', async () => {
    await page.goto('/admin/expance');
    await expectOnScreen(page.locator(`tr[data-expense-id="${expense.id}"] td.num`));
    await expectOnScreen(page.getByTestId('expenses-total'));
    await checkScreen(page, 'expenses');
  });

  await test.step('advance stock: the entry total, its Delete and the total invested', async () => {
    await page.goto('/admin/stock');
    const row = page.locator(`tr[data-stock-id="${stock.id}"]`);
    await expectFigure(row, 'Total', grouped(1100 * 12));
    await expectFigure(row, 'QTY', '12');
    await expectOnScreen(row.getByRole('button', { name: `Delete stock entry ${stock.id}` }));
    await expectOnScreen(page.getByTestId('stock-invested'));
    await checkScreen(page, 'stock');
  });

  await test.step('live stock: each product with its total, and the total invested', async () => {
    await page.goto('/admin/live-stock');
    const row = page.locator('tbody tr[data-product-id]').first();
    await expectFigure(row, 'Total', /^[\d,]+$/);
    await expectFigure(row, 'Price', /\d/);
    await expectOnScreen(page.getByTestId('live-stock-invested'));
    await checkScreen(page, 'live-stock');
  });

  await test.step('product sale report: the product with its total and profit', async () => {
    await page.goto('/admin/product-sale');
    const row = page.locator('tbody tr').filter({ hasText: product.title }).first();
    await expectFigure(row, 'Total', /^[\d,]+$/);
    await expectFigure(row, 'Profit', /^-?[\d,]+$/);
    await expectOnScreen(page.getByTestId('sale-profit'));
    await checkScreen(page, 'product-sale');
  });

  await test.step('dashboard: the low stock list', async () => {
    await page.goto('/admin');
    const low = page.getByRole('region', { name: 'Low Stock Products' });
    await expect(low).toBeVisible();
    const row = low.locator('tbody tr').first();
    if ((await row.count()) > 0) await expectFigure(row, 'QTY', /\d/);
    await checkScreen(page, 'dashboard');
  });

  await test.step('analytics: the daily report and the shifts with their difference', async () => {
    await page.goto('/admin/analytics');
    const day = page.locator('tr[data-day]').first();
    await expectFigure(day, 'Cash in drawer (expected)', /\d/);
    await expectFigure(day, 'Total Recived', /\d/);
    const row = page.locator(`tr[data-shift-id="${shift.id}"]`);
    await expectFigure(row, 'Difference', /20 short/);
    await expectFigure(row, 'Counted', '480');
    await expectOnScreen(page.getByRole('button', { name: 'Close Cash' }));
    await checkScreen(page, 'analytics');
  });

  await test.step('orders synced with differences: each line with its difference', async () => {
    await page.goto('/admin/orders?view=differences');
    const line = page.locator(`tbody[data-order-id="${synced.id}"] tr:not(.differences-order)`).first();
    await expectFigure(line, 'Difference', '5 BDT');
    await expectFigure(line, 'Till price', `${grouped(product.price + 5)} BDT`);
    await checkScreen(page, 'differences');
  });

  await test.step('product list edit: each field of the product and the save button', async () => {
    await page.goto(`/admin/edit-product-option/${product.id}`);
    const title = `${product.title} (${product.attri})`;
    await expectOnScreen(page.getByRole('textbox', { name: `Attri. of ${title}`, exact: true }));
    for (const field of ['Before Price', 'Price', 'QTY']) {
      await expectOnScreen(page.getByRole('textbox', { name: `${field} of ${title}`, exact: true }));
    }
    await expectOnScreen(page.getByRole('button', { name: 'Update and Save' }));
    await checkScreen(page, 'option-edit');
  });

  await test.step('barcode labels: a picked product with its delete button', async () => {
    await page.goto('/admin/barcode');
    await page.getByLabel('Search product').fill(product.title);
    await page
      .getByRole('list', { name: 'Products found' })
      .getByRole('button', { name: new RegExp(product.title) })
      .click();
    // The quantity being typed in: its box and the delete button both fit.
    await page.getByRole('button', { name: `Change quantity of ${product.title}, now 1` }).click();
    await expectOnScreen(page.getByRole('textbox', { name: `Quantity of ${product.title}` }));
    await expectOnScreen(page.getByRole('button', { name: `Delete ${product.title}` }));
    await checkScreen(page, 'barcode');
  });

  await test.step('purchases and suppliers: the money of each, Delete, Pay, a new purchase line', async () => {
    const supplier = await post<{ id: number; name: string }>(request, auth, '/api/supplier/add', {
      name: `E2E Phone Meghna Wholesale Traders ${tag}`,
      phone: '01711000222',
      address: 'Shop 14, Kawran Bazar Kitchen Market, Dhaka',
    });
    const bought = await post<{ id: number; total: number; paid: number; due: number }>(
      request,
      auth,
      '/api/purchase/add',
      {
        supplier_id: supplier.id,
        invoice: `MW-${tag}-000123`,
        lines: [{ product_id: product.id, quantity: 25.5, buyprice: 1090 }],
        paid: 10000,
      },
    );
    await page.goto(`/admin/purchases?supplier_id=${supplier.id}`);
    const row = page.locator(`tr[data-purchase-id="${bought.id}"]`);
    await expectFigure(row, 'Total', grouped(bought.total));
    await expectFigure(row, 'Paid', grouped(bought.paid));
    await expectFigure(row, 'Due', grouped(bought.due));
    await expectOnScreen(row.getByRole('button', { name: `Delete purchase ${bought.id}` }));
    await expectOnScreen(page.getByTestId('purchases-due'));
    await checkScreen(page, 'purchases');
    await page.getByRole('button', { name: 'New purchase' }).click();
    const form = page.getByRole('form', { name: 'New purchase' });
    await form.getByLabel('Add a product').fill(product.title);
    await form
      .getByRole('list', { name: 'Matching products' })
      .getByRole('button', { name: new RegExp(product.title) })
      .click();
    const line = form.locator(`tr[data-product-id="${product.id}"]`);
    await expectOnScreen(line.getByRole('textbox', { name: /^Quantity of/ }));
    await expectOnScreen(line.getByRole('textbox', { name: /^Buy price of/ }));
    await expectOnScreen(line.getByRole('button', { name: /^Remove/ }));
    await expectOnScreen(form.getByRole('button', { name: 'Save purchase' }));
    await checkScreen(page, 'purchase-form');

    await page.goto('/admin/suppliers');
    const card = page.locator(`tr[data-supplier-id="${supplier.id}"]`);
    await expectFigure(card, 'Due', grouped(bought.due));
    await expectFigure(card, 'Purchases', '1');
    await expectOnScreen(card.getByRole('button', { name: `Pay ${supplier.name}` }));
    await expectOnScreen(card.getByRole('button', { name: `Actions for ${supplier.name}` }));
    await checkScreen(page, 'suppliers');
  });

  await test.step('SMS lists, a list with its numbers, and the areas', async () => {
    await page.goto('/admin/sms-marketing');
    await expectOnScreen(page.getByRole('link', { name: list.title }));
    await checkScreen(page, 'sms-lists');
    await page.goto(`/admin/sms-list/${list.id}`);
    await expectOnScreen(page.getByRole('button', { name: `Remove ${customer.name} (${customer.phone})` }));
    await expectOnScreen(page.getByRole('button', { name: 'Delete Entire List' }));
    await checkScreen(page, 'sms-list');
    await page.goto('/admin/areas');
    await expectOnScreen(page.getByRole('button', { name: 'Delete Mirpur', exact: true }));
    await checkScreen(page, 'areas');
  });
});
