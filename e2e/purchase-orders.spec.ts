import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { PurchaseOrder, ReorderSuggestions } from '@bazar/contracts/reorder';
import type { Supplier } from '@bazar/contracts/purchases';
import { expect, test } from './support/test';
import { expectAllBangla, shopTexts } from './support/bangla';
import { uniquePhone } from './support/phones';
import { expectSuccessToast, grouped, snap, speak } from './support/ui';
import { addProduct, adminAuth, type Auth } from './till-helpers';

// Issue 28, what to order next: a product below its minimum (set through the API) shows under the
// supplier it was last bought from, with that supplier's lead time and the quantity up to its
// target; the admin turns the group into a purchase order, sends it (the text for the supplier is
// shown), receives part of it by typing in the dialog, then the rest. The product's quantity grew
// by what came. Every screen is pictured at 1280 and 390 px, in English and in Bangla.

async function productQty(request: APIRequestContext, auth: Auth, id: number): Promise<number> {
  const answer = await request.get(`/api/product/${id}`, { headers: auth });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { qty: number } }).data.qty;
}

/** A number as the Bangla screens write it: the English screens' grouping, in Bengali digits. */
const bengali = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

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

/** Pictures at 1280 and 390 px (where nothing may scroll sideways), `focus` scrolled into view. */
async function snapBoth(page: Page, name: string, focus: Locator): Promise<void> {
  // A toast of the step before would cover the screen's foot: the pictures wait until it is gone.
  await expect(page.locator('.toast-host .toast')).toHaveCount(0, { timeout: 10_000 });
  await focus.scrollIntoViewIfNeeded();
  await snap(page, test.info(), name);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await focus.scrollIntoViewIfNeeded();
  await snap(page, test.info(), name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the admin orders what runs low from its supplier, sends the order, and receives it in two parts', async ({
  page,
  request,
}) => {
  // About 40 s on a quiet 2-core machine: a dozen screens pictured at two widths in two languages.
  test.setTimeout(150_000);
  const auth = await adminAuth(page);
  const stamp = Date.now() % 1_000_000;
  const shopData = shopTexts(request, auth);

  // A supplier with a lead time of 4 days, and a product last bought from it at 70 (105 on the
  // shelf), whose minimum is 110 and target 150: 45 to order.
  const supplierName = `E2E PO Supplier ${stamp}`;
  const supplierPhone = uniquePhone();
  const made = await request.post('/api/supplier/add', {
    headers: auth,
    data: { name: supplierName, phone: supplierPhone, address: 'Moulvibazar, Dhaka', lead_days: 4 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const supplier = ((await made.json()) as { data: Supplier }).data;
  expect(supplier.lead_days).toBe(4);
  const product = await addProduct(request, auth, {
    title: `E2E PO Lentils ${stamp}`,
    title_bn: `ই২ই মসুর ডাল ${stamp}`,
    attri: '1 kg',
    attri_bn: '১ কেজি',
    price: 110,
    buyprice: 65,
  });
  const bought = await request.post('/api/purchase/add', {
    headers: auth,
    data: { supplier_id: supplier.id, lines: [{ product_id: product.id, quantity: 5, buyprice: 70 }] },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const levels = await request.post(`/api/product/${product.id}/reorder`, {
    headers: auth,
    data: { min: 110, target: 150 },
  });
  expect(levels.status(), await levels.text()).toBe(200);
  const before = await productQty(request, auth, product.id);
  expect(before).toBe(105);
  // A product never bought, below its minimum of 120 (100 on the shelf): under "No supplier yet".
  const unbought = await addProduct(request, auth, {
    title: `E2E PO Salt ${stamp}`,
    price: 40,
    buyprice: 30,
  });
  const unboughtLevels = await request.post(`/api/product/${unbought.id}/reorder`, {
    headers: auth,
    data: { min: 120, target: null },
  });
  expect(unboughtLevels.status(), await unboughtLevels.text()).toBe(200);

  /** What the screens show as it was typed: suppliers, products without a Bangla name, the orders' texts. */
  const data = async () => {
    const suggestions = (
      (await (await request.get('/api/reorder-suggestions', { headers: auth })).json()) as {
        data: ReorderSuggestions;
      }
    ).data;
    const orders = (
      (await (await request.get('/api/purchase-orders', { headers: auth })).json()) as {
        data: PurchaseOrder[];
      }
    ).data;
    const suppliers = (
      (await (await request.get('/api/suppliers', { headers: auth })).json()) as { data: Supplier[] }
    ).data;
    return [
      ...(await shopData()),
      ...suppliers.flatMap((s) => [s.name, s.phone, s.address]),
      ...suggestions.groups.flatMap((g) => [
        g.supplier?.name ?? '',
        g.supplier?.phone ?? '',
        ...g.products.flatMap((p) => [p.title_bn ? '' : p.title, p.attri_bn ? '' : p.attri]),
      ]),
      // An order's lines and its text for the supplier are in the words the products were entered in.
      ...orders.flatMap((o) => [o.message, o.supplier.name, ...o.lines.flatMap((l) => [l.title, l.attri])]),
    ]
      .filter((text) => text.length > 1)
      .sort((a, b) => b.length - a.length);
  };

  // The supplier's lead time is on its form.
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await menu.getByRole('link', { name: 'Suppliers' }).click();
  const supplierRow = page.locator(`tr[data-supplier-id="${supplier.id}"]`);
  await supplierRow.getByRole('button', { name: `Actions for ${supplierName}` }).click();
  await page.locator('.dropdown-menu.show').getByRole('button', { name: 'Edit' }).click();
  const supplierForm = page.getByRole('dialog', { name: 'Edit supplier' });
  await expect(supplierForm.getByLabel('Lead time (days)')).toHaveValue('4');
  await snapBoth(page, 'supplier-lead-time-en', supplierForm);
  await supplierForm.getByRole('button', { name: 'Close' }).first().click();
  await expect(supplierForm).toBeHidden();

  // What to order: from the Purchases page.
  await menu.getByRole('link', { name: 'Purchases' }).click();
  await page.getByRole('main').getByRole('link', { name: 'What to order' }).click();
  await expect(page).toHaveURL('/admin/reorder');
  const group = page.locator(`section[data-supplier-id="${supplier.id}"]`);
  await expect(group.getByRole('heading', { level: 2, name: supplierName })).toBeVisible();
  await expect(group.getByTestId('reorder-lead-days')).toHaveText('Lead time 4 days');
  const row = group.locator(`tr[data-product-id="${product.id}"]`);
  await expect(row).toContainText('Min 110 · target 150');
  await expect(row).toContainText('Below minimum');
  const qty = row.getByLabel(`Quantity to order of ${product.title} 1 kg`);
  await expect(qty).toHaveValue('45');
  await expect(row.getByTestId('reorder-cost')).toHaveText(grouped(45 * 70));
  // Never bought: twice its minimum less the shelf, the supplier to order from chosen here.
  const none = page.locator('section[data-supplier-id="none"]');
  await expect(none.getByRole('heading', { level: 2, name: 'No supplier yet' })).toBeVisible();
  await expect(
    none.locator(`tr[data-product-id="${unbought.id}"]`).getByLabel(`Quantity to order of ${unbought.title}`),
  ).toHaveValue('140');
  await expect(none.getByLabel('Order from')).toBeVisible();
  await snapBoth(page, 'reorder-en', group);
  await snapBoth(page, 'reorder-none-en', none);
  await speak(page, 'bn');
  await expect(group.getByTestId('reorder-lead-days')).toHaveText('পৌঁছাতে ৪ দিন');
  await expect(row).toContainText(`ই২ই মসুর ডাল ${stamp}`);
  await expectAllBangla(page.getByRole('main'), await data());
  await snapBoth(page, 'reorder-bn', group);
  await snapBoth(page, 'reorder-none-bn', none);
  await speak(page, 'en');

  // The group becomes a purchase order with the suggested quantity, which then opens.
  await group.getByRole('button', { name: 'Create purchase order' }).click();
  await expect(page).toHaveURL(/\/admin\/purchase-orders\/\d+$/);
  const orderId = Number(/(\d+)$/.exec(page.url())?.[1]);
  await expectSuccessToast(page, `Purchase order #${orderId} created`);
  const status = page.locator('h1 [data-status]');
  await expect(status).toHaveText('Draft');
  const line = page.locator(`.po-lines-table tr[data-product-id="${product.id}"]`);
  await expect(line.getByRole('cell')).toHaveText(['45', '0', '45', '70', grouped(45 * 70)]);
  await expect(page.getByTestId('po-total')).toHaveText(`${grouped(45 * 70)} BDT`);

  // Sent: the text for the supplier, with SMS and WhatsApp links to the supplier's phone.
  await page.getByRole('button', { name: 'Send to supplier' }).click();
  await expectSuccessToast(page, `Purchase order #${orderId} marked as sent`);
  await expect(status).toHaveText('Sent');
  const message = page.getByLabel('The message');
  await expect(message).toHaveValue(new RegExp(`purchase order #${orderId}\\n${product.title} 1 kg: 45$`));
  await expect(page.getByRole('main').getByRole('link', { name: 'SMS', exact: true })).toHaveAttribute(
    'href',
    new RegExp(`^sms:${supplierPhone}\\?body=`),
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/880${supplierPhone.slice(1)}\\?text=`),
  );
  const sheet = page.locator('.purchase-order-page');
  await snapBoth(page, 'purchase-order-sent-en', sheet);
  await speak(page, 'bn');
  await expect(status).toHaveText('পাঠানো হয়েছে');
  await expectAllBangla(page.getByRole('main'), await data());
  await snapBoth(page, 'purchase-order-sent-bn', sheet);
  await speak(page, 'en');

  // The receipt dialog in Bangla (the language switch is behind an open dialog: switched first).
  await speak(page, 'bn');
  await page.getByRole('button', { name: 'মাল গ্রহণ করুন' }).click();
  let dialog = page.getByRole('dialog', { name: 'মাল গ্রহণ' });
  await expect(dialog.getByTestId('po-receive-total')).toHaveText(`${bengali(grouped(45 * 70))} টাকা`);
  await expectAllBangla(dialog, await data());
  await snapBoth(page, 'purchase-order-receive-bn', dialog);
  await dialog.getByRole('button', { name: 'বন্ধ করুন' }).last().click();
  await expect(dialog).toBeHidden();
  await speak(page, 'en');

  // The first part: 20 of the 45 at 72, typed as a person does, with an invoice and 500 paid.
  await page.getByRole('button', { name: 'Receive goods' }).click();
  dialog = page.getByRole('dialog', { name: 'Receive goods' });
  const received = dialog.getByLabel(`Received now of ${product.title} 1 kg`);
  await expect(received).toHaveValue('45');
  await received.click();
  await page.keyboard.press('ControlOrMeta+A');
  await received.pressSequentially('20');
  const price = dialog.getByLabel(`Buy price of ${product.title} 1 kg`);
  await expect(price).toHaveValue('70');
  await price.click();
  await page.keyboard.press('ControlOrMeta+A');
  await price.pressSequentially('72');
  await dialog.getByLabel('Invoice number').pressSequentially(`INV-${stamp}`);
  await dialog.getByLabel('Paid now').pressSequentially('500');
  await expect(dialog.getByTestId('po-receive-total')).toHaveText(`${grouped(20 * 72)} BDT`);
  await snapBoth(page, 'purchase-order-receive-en', dialog);
  await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectSuccessToast(page, 'Received: the order is partly received');
  await expect(status).toHaveText('Partly received');
  await expect(line.getByTestId('po-line-received')).toHaveText('20');
  await expect(line.getByTestId('po-line-left')).toHaveText('25');
  expect(await productQty(request, auth, product.id)).toBe(before + 20);

  // The rest: the dialog starts at what is still to come.
  await page.getByRole('button', { name: 'Receive goods' }).click();
  dialog = page.getByRole('dialog', { name: 'Receive goods' });
  await expect(dialog.getByLabel(`Received now of ${product.title} 1 kg`)).toHaveValue('25');
  await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectSuccessToast(page, 'Received: the whole order has come');
  await expect(status).toHaveText('Received');
  await expect(line.getByTestId('po-line-left')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Receive goods' })).toHaveCount(0);
  await expect(page.getByTestId('po-purchases')).toContainText('Received as purchases: #');
  // The product's quantity grew by what came: 20, then 25.
  expect(await productQty(request, auth, product.id)).toBe(before + 45);
  await snapBoth(page, 'purchase-order-received-en', sheet);
  await speak(page, 'bn');
  await expect(status).toHaveText('পুরো এসেছে');
  await expectAllBangla(page.getByRole('main'), await data());
  await snapBoth(page, 'purchase-order-received-bn', sheet);
  await speak(page, 'en');

  // On paper: the order alone, on A4.
  await page.emulateMedia({ media: 'print' });
  await snap(page, test.info(), 'purchase-order-print');
  await page.emulateMedia({ media: 'screen' });

  // The list: the order received in full.
  await page.getByRole('link', { name: 'All purchase orders' }).click();
  await expect(page).toHaveURL('/admin/purchase-orders');
  const listed = page.locator(`tr[data-order-id="${orderId}"]`);
  await expect(listed).toContainText(supplierName);
  await expect(listed.getByTestId('order-received')).toHaveText('100% received');
  await page.getByLabel('Status').selectOption('received');
  await expect(page).toHaveURL('/admin/purchase-orders?status=received');
  await expect(listed).toBeVisible();
  const list = page.locator('.purchase-orders-table');
  await snapBoth(page, 'purchase-orders-en', list);
  await speak(page, 'bn');
  await expect(listed.getByTestId('order-received')).toHaveText('১০০% এসেছে');
  await expectAllBangla(page.getByRole('main'), await data());
  await snapBoth(page, 'purchase-orders-bn', list);
  await speak(page, 'en');

  // A new order by hand: its empty form, in both languages.
  await page.getByRole('link', { name: 'New purchase order' }).click();
  const form = page.getByRole('form', { name: 'New purchase order' });
  await form.getByLabel('Supplier').selectOption({ label: supplierName });
  await form.getByLabel('Add a product').pressSequentially(product.title);
  await form
    .getByRole('list', { name: 'Matching products' })
    .getByRole('button', { name: new RegExp(product.title) })
    .click();
  // Its buy price now: the last receipt's (the rest came at the expected 70).
  await expect(form.getByLabel(`Buy price of ${product.title} (1 kg)`)).toHaveValue('70');
  await form.getByLabel(`Quantity of ${product.title} (1 kg)`).pressSequentially('10');
  await expect(form.getByTestId('new-po-total')).toHaveText(`${grouped(700)} BDT`);
  const newOrder = page.locator('.new-po');
  await snapBoth(page, 'purchase-order-new-en', newOrder);
  await speak(page, 'bn');
  await expect(page.getByRole('heading', { level: 1, name: 'নতুন ক্রয় অর্ডার' })).toBeVisible();
  await expectAllBangla(page.getByRole('main'), await data());
  await snapBoth(page, 'purchase-order-new-bn', newOrder);
  await speak(page, 'en');
});
