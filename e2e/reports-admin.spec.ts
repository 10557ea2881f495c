import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { linesTotal } from '@bazar/contracts/money';
import { logInAsAdmin, stored } from './support/accounts';
import { expectSuccessToast, snap, grouped } from './support/ui';

interface PopularProduct {
  id: number;
  title: string;
  stock_out: string;
}

interface SaleRow {
  name: string;
  attri: string;
  price: number;
  buyprice: number;
  qty: number;
}

/** Today in the shop's time zone (the server's SHOP_TZ default), as the date inputs take it. */
const shopToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dhaka',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The number on a figure card, once it has loaded ("650 BDT" → 650, "1,250 BDT" → 1250). */
async function figure(page: Page, testId: string): Promise<number> {
  const card = page.getByTestId(testId);
  await expect(card).toHaveText(/^[\d,]+( BDT)?$/);
  return Number((await card.textContent())?.replace(/\D/g, ''));
}

/** Screenshots at the desktop width and a phone's, then back to the desktop. */
async function snapBoth(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('reports and expenses', () => {
  test('adds an expense that the dashboard counts, and finds a till sale in the product sale report', async ({
    page,
    request,
  }, testInfo) => {
    await logInAsAdmin(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const expanceBefore = await figure(page, 'dash-expance');
    await expect(page.getByRole('link', { name: 'Total Invested' })).toHaveAttribute(
      'href',
      '/admin/live-stock',
    );

    // An expense through the screen: the confirmation, then the row in the list.
    const details = `E2E expense ${Date.now()}`;
    await main.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL('/admin/expance');
    await page.getByLabel('Details').fill(details);
    await page.getByLabel('Amount').fill('137');
    await page.getByRole('button', { name: 'Add Expance' }).click();
    await expectSuccessToast(page, 'Expance added');
    const listed = page
      .getByRole('table', { name: 'Expance list' })
      .getByRole('row')
      .filter({ hasText: details });
    await expect(listed).toHaveCount(1);
    await expect(listed.getByRole('cell').last()).toHaveText('137');
    await expect(page.getByLabel('Details')).toHaveValue('');
    await snapBoth(page, testInfo, 'expenses');

    // Back on the dashboard, today's Total Expance includes it, and so does Today's Expance.
    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page).toHaveURL('/admin');
    // (Another test may add an expense at the same time: at least ours is counted.)
    await expect.poll(() => figure(page, 'dash-expance')).toBeGreaterThanOrEqual(expanceBefore + 137);
    await expect(
      page.getByRole('table', { name: "Today's Expance" }).getByRole('row').filter({ hasText: details }),
    ).toHaveText(`${details}137`);

    // A till sale through the API, as the admin.
    const token = await stored(page, 'info');
    const headers = { Authorization: `Bearer ${token}` };
    const popular = ((await (await request.get('/api/productpopular')).json()) as { data: PopularProduct[] })
      .data;
    const product = popular.find((p) => p.stock_out !== 'on');
    expect(product, 'a popular demo product').toBeTruthy();
    const sale = await request.post('/api/order/add', {
      headers,
      data: { terminal: 1, carts: [{ product_id: product!.id, quantity: 2 }], paid: 0 },
    });
    expect(sale.status(), await sale.text()).toBe(201);

    await page.reload();
    await expect(page.getByRole('table', { name: 'Top selling products' })).toBeVisible();
    await snapBoth(page, testInfo, 'dashboard');
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('heading', { name: 'Low Stock Products' })
      .evaluate((el) =>
        window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 80, behavior: 'instant' }),
      );
    await snap(page, testInfo, 'dashboard-low-stock');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The report for today lists the product; its cards are the sums of the rows the server gives.
    await main.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL('/admin/product-sale');
    const today = shopToday();
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    const search = page.getByRole('button', { name: 'Search', exact: true });
    await search.click();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: product!.title, exact: true }) });
    await expect(row.first()).toBeVisible();

    // The cards are the sums of the rows the server gives (asked again with Search, in case another
    // test sold something in between).
    await expect(async () => {
      const answer = await request.get(`/api/product-sale?from=${today}&to=${today}`, { headers });
      const rows = (await answer.json()) as SaleRow[];
      const sold = rows.filter((r) => r.name === product!.title);
      expect(sold.reduce((sum, r) => sum + r.qty, 0)).toBeGreaterThanOrEqual(2);
      const total = linesTotal(rows.map((r) => ({ price: r.price, quantity: r.qty })));
      const cost = linesTotal(rows.map((r) => ({ price: r.buyprice, quantity: r.qty })));
      await search.click();
      const quick = { timeout: 2_000 };
      await expect(page.getByTestId('sale-total')).toHaveText(`${grouped(total)} BDT`, quick);
      await expect(page.getByTestId('sale-cost')).toHaveText(`${grouped(cost)} BDT`, quick);
      await expect(page.getByTestId('sale-profit')).toHaveText(`${grouped(total - cost)} BDT`, quick);
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(rows.length + 1, quick);
    }).toPass({ timeout: 20_000 });
    await snapBoth(page, testInfo, 'product-sale');

    // What prints: the report without the admin frame or the search tools.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.admin-top-bar')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByTestId('sale-total')).toBeVisible();
    await snap(page, testInfo, 'product-sale-print');
    await page.emulateMedia({ media: 'screen' });
  });
});
