import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { linesTotal } from '@bazar/contracts/money';
import type { Purchase, Supplier } from '@bazar/contracts/purchases';
import type { Expense } from '@bazar/contracts/cash';
import { expectAllBangla } from './support/bangla';
import { expectSuccessToast, grouped, snap } from './support/ui';
import { addProduct, adminAuth, type Auth, type MadeProduct } from './till-helpers';

/** A shop day (YYYY-MM-DD) in Dhaka, `daysAgo` days before now. */
const dhakaDay = (daysAgo = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date(Date.now() - daysAgo * 864e5));

/** A day as the English screens write it ("05 Mar 2025"). */
const readDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));

async function product(request: APIRequestContext, auth: Auth, id: number) {
  const answer = await request.get(`/api/product/${id}`, { headers: auth });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { qty: number; buyprice: number } }).data;
}

async function supplierOf(request: APIRequestContext, auth: Auth, name: string): Promise<Supplier> {
  const answer = await request.get('/api/suppliers', { headers: auth });
  const found = ((await answer.json()) as { data: Supplier[] }).data.find((s) => s.name === name);
  expect(found, name).toBeTruthy();
  return found!;
}

/**
 * What the purchases and suppliers screens show as written (other tests add suppliers and
 * purchases at the same time): names, addresses, phones, invoices, notes, and product names that
 * have no Bangla one. Longest first: a name is taken out before its parts.
 */
async function purchaseData(request: APIRequestContext, auth: Auth): Promise<string[]> {
  const suppliers = (
    (await (await request.get('/api/suppliers', { headers: auth })).json()) as { data: Supplier[] }
  ).data;
  const purchases = (
    (await (await request.get('/api/purchases?per_page=200', { headers: auth })).json()) as {
      data: Purchase[];
    }
  ).data;
  return [
    ...suppliers.flatMap((s) => [s.name, s.address, s.phone]),
    ...purchases.flatMap((p) => [
      p.supplier,
      p.invoice,
      p.note,
      ...p.lines.flatMap((l) => [l.title_bn ? '' : l.title, l.attri_bn ? '' : l.attri]),
    ]),
  ]
    .filter((text) => text.length > 1)
    .sort((a, b) => b.length - a.length);
}

/** Both widths of a screen, wide first. */
async function snapBoth(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Picks a product in the New purchase form by its title, and answers its line. */
async function pickLine(form: Locator, item: MadeProduct): Promise<Locator> {
  await form.getByLabel('Add a product').fill(item.title);
  await form
    .getByRole('list', { name: 'Matching products' })
    .getByRole('button', { name: new RegExp(item.title) })
    .click();
  return form.locator(`.purchase-lines-table tr[data-product-id="${item.id}"]`);
}

test('the admin adds a supplier, enters a purchase of two products with a part paid, pays the supplier off and writes a dated expense', async ({
  page,
  request,
}, testInfo) => {
  // About 20 s on a quiet 2-core machine: two products, a supplier, screenshots in two languages.
  test.setTimeout(60_000);
  const auth = await adminAuth(page);
  const stamp = Date.now() % 1_000_000;
  const rice = await addProduct(request, auth, {
    title: `E2E Purchase Rice ${stamp}`,
    title_bn: `ই২ই মিনিকেট চাল ${stamp}`,
    attri: '1 kg',
    attri_bn: '১ কেজি',
    unit: 'kg',
    price: 90,
    buyprice: 70,
  });
  const oil = await addProduct(request, auth, {
    title: `E2E Purchase Oil ${stamp}`,
    price: 200,
    buyprice: 150,
  });
  const riceBefore = await product(request, auth, rice.id);
  const oilBefore = await product(request, auth, oil.id);
  const supplier = `E2E Supplier ${stamp}`;
  const invoice = `INV-${stamp}`;

  // The menu leads to the purchases, and from there to the suppliers.
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await menu.getByRole('link', { name: 'Purchases' }).click();
  await expect(page).toHaveURL('/admin/purchases');
  await expect(page.getByRole('heading', { level: 1, name: 'Purchases' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Suppliers' }).click();
  await expect(page).toHaveURL('/admin/suppliers');

  await page.getByRole('button', { name: 'Add supplier' }).click();
  const add = page.getByRole('dialog', { name: 'Add supplier' });
  await add.getByLabel('Name').fill(supplier);
  await add.getByLabel('Phone').fill('01711000222');
  await add.getByLabel('Address').fill('Kawran Bazar, Dhaka');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expectSuccessToast(page, 'Supplier added');
  const { id: supplierId } = await supplierOf(request, auth, supplier);
  const supplierRow = page.locator(`tr[data-supplier-id="${supplierId}"]`);
  await expect(supplierRow).toContainText('Kawran Bazar, Dhaka');

  // A purchase: two products, each at its own quantity and buy price; a part paid by bKash.
  await page.getByRole('main').getByRole('link', { name: 'Purchases' }).click();
  await page.getByRole('button', { name: 'New purchase' }).click();
  const form = page.getByRole('form', { name: 'New purchase' });
  await form.getByLabel('Supplier').selectOption({ label: supplier });
  await form.getByLabel('Invoice number').fill(invoice);
  await expect(form.getByLabel('Date')).toHaveValue(dhakaDay());
  const riceLine = await pickLine(form, rice);
  const ricePrice = riceLine.getByLabel(/^Buy price of/);
  // The product's buy price now, until another is typed.
  await expect(ricePrice).toHaveValue('70');
  await riceLine.getByLabel(/^Quantity of/).fill('12.5');
  await ricePrice.fill('68');
  const oilLine = await pickLine(form, oil);
  await expect(oilLine.getByLabel(/^Buy price of/)).toHaveValue('150');
  await oilLine.getByLabel(/^Quantity of/).fill('6');
  await oilLine.getByLabel(/^Buy price of/).fill('155');
  const total = linesTotal([
    { price: 68, quantity: 12.5 },
    { price: 155, quantity: 6 },
  ]);
  const paid = 500;
  await expect(form.getByTestId('purchase-form-total')).toHaveText(`${grouped(total)} BDT`);
  await form.getByLabel('Amount paid').fill(String(paid));
  await form.getByLabel('Payment method').selectOption('bkash');
  await expect(form.getByTestId('purchase-form-due')).toHaveText(`${grouped(total - paid)} BDT`);
  await snapBoth(page, testInfo, 'purchase-form');
  await form.getByRole('button', { name: 'Save purchase' }).click();
  await expectSuccessToast(page, 'Purchase saved');
  await expect(form).toBeHidden();

  const row = page.locator('table.purchases-table tbody tr').filter({ hasText: invoice });
  await expect(row).toContainText(supplier);
  await expect(row).toContainText(rice.title);
  await expect(row.locator('td.num')).toHaveText([grouped(total), grouped(paid), grouped(total - paid)]);
  const purchaseId = Number(await row.getAttribute('data-purchase-id'));
  const saved = (await (await request.get(`/api/purchase/${purchaseId}`, { headers: auth })).json()) as {
    data: Purchase;
  };
  expect(saved.data).toMatchObject({ supplier_id: supplierId, invoice, total, paid, due: total - paid });
  await snapBoth(page, testInfo, 'purchases');

  // The stock came in at the new buy prices: the products list shows the new quantity.
  expect(await product(request, auth, rice.id)).toMatchObject({ qty: riceBefore.qty + 12.5, buyprice: 68 });
  expect(await product(request, auth, oil.id)).toMatchObject({ qty: oilBefore.qty + 6, buyprice: 155 });
  await menu.getByRole('link', { name: 'Product', exact: true }).click();
  await page.getByLabel('Search products').fill(rice.title);
  const productRow = page.locator('tbody tr').filter({ hasText: rice.title });
  await expect(productRow.locator('td[data-label="QTY"]')).toHaveText(grouped(riceBefore.qty + 12.5));
  await expect(productRow.locator('td[data-label="Buy Price"]')).toHaveText('68');

  // The supplier owes what was not paid; paying more is "Amount is large"; then it is paid off.
  await menu.getByRole('link', { name: 'Suppliers' }).click();
  await expect(supplierRow.getByTestId('supplier-due')).toHaveText(grouped(total - paid));
  await snapBoth(page, testInfo, 'suppliers');
  await supplierRow.getByRole('button', { name: `Pay ${supplier}` }).click();
  const pay = page.getByRole('dialog', { name: 'Pay supplier' });
  await pay.getByLabel('Amount').fill(String(total - paid + 1));
  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(pay.getByText('Amount is large')).toBeVisible();
  await snap(page, testInfo, 'supplier-pay');
  await pay.getByLabel('Amount').fill(String(total - paid));
  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(pay).toBeHidden();
  await expectSuccessToast(page, `paid to ${supplier}`);
  await expect(supplierRow.getByTestId('supplier-due')).toHaveText('0');
  await expect(supplierRow.getByRole('button', { name: `Pay ${supplier}` })).toHaveCount(0);
  expect((await supplierOf(request, auth, supplier)).due).toBe(0);

  // An expense for yesterday, as Transport.
  const yesterday = dhakaDay(1);
  const details = `E2E van hire ${stamp}`;
  await menu.getByRole('link', { name: 'Expance' }).click();
  await expect(page.getByLabel('Category')).toHaveValue('Other');
  await page.getByLabel('Details').fill(details);
  await page.getByLabel('Amount').fill('650');
  await page.getByLabel('Category').selectOption('Transport');
  await page.getByLabel('Date', { exact: true }).fill(yesterday);
  await page.getByRole('button', { name: 'Add Expance' }).click();
  await expectSuccessToast(page, 'Expance added');
  const expenseRow = page.locator('table.expenses-table tbody tr').filter({ hasText: details });
  await expect(expenseRow).toContainText('Transport');
  await expect(expenseRow).toContainText(readDay(yesterday));
  const day = (await (
    await request.get(`/api/expances?from=${yesterday}&to=${yesterday}&per_page=200`, { headers: auth })
  ).json()) as { data: Expense[] };
  expect(day.data.find((e) => e.details === details)).toMatchObject({ amount: 650, category: 'Transport' });
  await snapBoth(page, testInfo, 'expance');

  // The same screens in Bangla: the shop's own words all Bangla, the data as it was written.
  await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const menuBn = page.getByRole('navigation', { name: 'অ্যাডমিন মেনু' });
  await expect(expenseRow).toContainText('যাতায়াত');
  await snapBoth(page, testInfo, 'expance-bn');
  await menuBn.getByRole('link', { name: 'কেনাকাটা' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'কেনাকাটা' })).toBeVisible();
  await expect(row).toContainText(`ই২ই মিনিকেট চাল ${stamp}`);
  await page.getByRole('button', { name: 'নতুন কেনাকাটা' }).click();
  await expectAllBangla(page.getByRole('main'), await purchaseData(request, auth));
  await snapBoth(page, testInfo, 'purchases-bn');
  await menuBn.getByRole('link', { name: 'সাপ্লায়ার' }).click();
  await expect(supplierRow.getByTestId('supplier-due')).toHaveText('০');
  await expectAllBangla(page.getByRole('main'), await purchaseData(request, auth));
  await snapBoth(page, testInfo, 'suppliers-bn');
  await page.locator('.admin-top-bar').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
