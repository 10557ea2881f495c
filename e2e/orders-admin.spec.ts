import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Order } from '@bazar/contracts/orders';
import { createCustomer, logInAsAdmin } from './support/accounts';
import { expectSuccessToast, grouped, snap } from './support/ui';

interface PopularProduct {
  id: number;
  title: string;
  qty: number;
  stock_out: string;
}

const rowOf = (page: Page, id: number) => page.locator(`tr[data-order-id="${id}"]`);

async function openRowMenu(page: Page, id: number, item: string) {
  await page.getByRole('button', { name: `Actions for order ${id}`, exact: true }).click();
  await page
    .getByRole('button', { name: item, exact: true })
    .or(page.getByRole('link', { name: item, exact: true }))
    .first()
    .click();
}

test.describe('back office orders', () => {
  test('the admin finds a new order, takes part of the payment, prints it and sends an SMS', async ({
    page,
    request,
  }, testInfo) => {
    // A long flow of many screens: about 25 s on a quiet 2-core machine, more when it is busy.
    test.setTimeout(60_000);
    // A verified customer orders two of a popular demo product through the API.
    const customer = await createCustomer(request, { name: 'E2E Orders Buyer' });
    const popular = await request.get('/api/productpopular');
    expect(popular.ok()).toBe(true);
    const products = ((await popular.json()) as { data: PopularProduct[] }).data;
    const product = products.find((item) => item.stock_out !== 'on' && item.qty >= 2);
    expect(product, 'a popular demo product in stock').toBeTruthy();
    const placed = await request.post('/api/order/add', {
      headers: { Authorization: `Bearer ${customer.token}` },
      data: {
        name: customer.name,
        phone: customer.phone,
        address: 'House 9, Road 4',
        area: 'Mirpur',
        carts: [{ product_id: product!.id, quantity: 2 }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as { data: Order }).data;
    expect(order.due).toBeGreaterThan(50);

    await logInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Orders', exact: true })
      .click();
    await expect(page).toHaveURL('/admin/orders');
    // The list opens on the newest 50 orders (other tests may be placing orders meanwhile).
    await expect(page.locator('tbody tr[data-order-id]').first()).toBeVisible();

    // Filter by Phone: only this customer's order is listed.
    await page.getByLabel('Search by').selectOption('Phone');
    await page.getByLabel('Search text').fill(customer.phone);
    const filtered = page.waitForResponse((answer) => answer.url().includes('/api/order-filter?'));
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    expect((await filtered).url()).toContain(`field=Phone&value=${customer.phone}`);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(rowOf(page, order.id)).toBeVisible();
    await expect(rowOf(page, order.id).getByText('Online')).toBeVisible();
    await expect(page.getByTestId('sum-due')).toHaveText(`${grouped(order.due)} BDT`);

    // Quick Pay with more than the due: refused on the spot, nothing sent.
    let payCalls = 0;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().includes(`/api/order/pay/${order.id}`)) payCalls += 1;
    });
    await openRowMenu(page, order.id, 'Quick Pay');
    const dialog = page.getByRole('dialog', { name: 'Order Edit' });
    await expect(dialog.getByLabel('Due', { exact: true })).toHaveValue(String(order.due));
    await dialog.getByLabel('Due Received Amount').fill(String(order.due + 1));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Amount is large')).toBeVisible();
    expect(payCalls).toBe(0);
    await snap(page, testInfo, 'orders-quick-pay');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'orders-quick-pay');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Part of it: the row takes the answer's paid and due.
    await dialog.getByLabel('Order Status').selectOption({ label: 'Out for Delivery' });
    await dialog.getByLabel('Due Received Amount').fill('50');
    await dialog.getByLabel('Payment method').selectOption('bkash');
    await dialog.getByLabel('Reference (optional)').fill('E2ETX1');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    expect(payCalls).toBe(1);
    const cells = rowOf(page, order.id).getByRole('cell');
    await expect(cells.nth(6)).toHaveText('50');
    await expect(cells.nth(7)).toHaveText(grouped(order.due - 50));
    await expect(page.getByTestId('sum-paid')).toHaveText('50 BDT');

    // The invoice: rider token and totals; printing hides the admin frame.
    await openRowMenu(page, order.id, 'Print');
    await expect(page).toHaveURL(`/admin/print-order/${order.id}`);
    const invoice = page.getByRole('article', { name: 'Invoice' });
    await expect(invoice.getByRole('heading', { name: 'Rider Token' })).toBeVisible();
    await expect(invoice.getByText(`Pay to rider: ${grouped(order.due - 50)} BDT`)).toBeVisible();
    const billing = invoice.getByLabel('Billing');
    await expect(billing).toContainText(
      `Subtotal${grouped(order.subtotal + order.ship - order.discount)} BDT`,
    );
    await expect(billing).toContainText('Advance50 BDT');
    await expect(billing).toContainText(`Due${grouped(order.due - 50)} BDT`);
    await expect(invoice.getByText('Check the product before receiving')).toBeVisible();
    await expect(invoice.getByRole('cell', { name: product!.title })).toBeVisible();
    // The "Payment saved" toast goes after 3 s; the pictures show the invoice without it.
    await expect(page.locator('.toast-host .toast')).toHaveCount(0);
    await snap(page, testInfo, 'print-order');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'print-order');
    await page.setViewportSize({ width: 1280, height: 800 });

    await expect(page.locator('.admin-sidebar-wrap')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.admin-sidebar-wrap')).toBeHidden();
    await expect(page.locator('.admin-top-bar')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(invoice.getByRole('heading', { name: 'Rider Token' })).toBeVisible();
    await snap(page, testInfo, 'print-order-print-media');
    await page.emulateMedia({ media: 'screen' });

    // The Print button prints, then reloads the page.
    // A mark on this document: gone once the page has reloaded. (Not the "load" event, which
    // also waits for every picture and font: on a busy CI machine it once never came in 60 s.)
    await page.evaluate(() => {
      window.print = () => sessionStorage.setItem('printed', '1');
      document.documentElement.dataset.beforePrint = '1';
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect
      .poll(() =>
        page
          .evaluate(() => ({
            printed: sessionStorage.getItem('printed'),
            reloaded: document.documentElement.dataset.beforePrint === undefined,
          }))
          // While the page reloads its old document is gone: ask again.
          .catch(() => null),
      )
      .toEqual({ printed: '1', reloaded: true });
    await expect(page).toHaveURL(`/admin/print-order/${order.id}`);
    await expect(page.getByRole('heading', { name: 'Rider Token' })).toBeVisible();

    // Back to the list, then an SMS to the customer.
    await page.getByRole('link', { name: 'Back to orders' }).click();
    await expect(page).toHaveURL('/admin/orders');
    // The list opens on its newest 50 orders: other tests' orders may have pushed this one to a
    // later page, so find it again by phone.
    await page.getByLabel('Search by').selectOption('Phone');
    await page.getByLabel('Search text').fill(customer.phone);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await openRowMenu(page, order.id, 'Send SMS');
    await expect(page).toHaveURL(`/admin/order/send-sms/${order.id}`);
    await expect(page.getByRole('heading', { name: `Send SMS for order #${order.id}` })).toBeVisible();
    await page.getByLabel('SMS text').fill(`Your order #${order.id} is on the way.`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expectSuccessToast(page, 'SMS sent');
    await expect(page).toHaveURL('/admin/orders');
    await page.getByLabel('Search by').selectOption('Phone');
    await page.getByLabel('Search text').fill(customer.phone);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(rowOf(page, order.id)).toBeVisible();
  });
});
