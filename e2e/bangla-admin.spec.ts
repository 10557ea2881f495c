import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAllBangla, latinDigits, shopTexts } from './support/bangla';
import { snap } from './support/ui';
import { addProduct, adminAuth, printCount, receiptRows, stubPrint } from './till-helpers';

// The back office in Bangla: the dashboard, a till sale by keyboard to its receipt, the orders list.
// Other tests write English-only products, orders and expenses at the same time: their texts are
// data, read from the API just before each check. Runs at 1280 px; each screen also at 390 px.

async function snapBoth(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the back office in Bangla: dashboard, a till sale by keyboard, its receipt, the orders list', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await stubPrint(page);
  const auth = await adminAuth(page);
  const shopData = shopTexts(request, auth, page);
  const rice = await addProduct(request, auth, {
    title: 'E2E Bangla Rice',
    title_bn: 'ই২ই কাটারিভোগ চাল',
    attri: '5 kg',
    attri_bn: '৫ কেজি',
    price: 1250,
  });

  await shopData();
  await page.goto('/admin');
  const bar = page.locator('.admin-top-bar');
  await bar.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const main = page.getByRole('main');

  // The dashboard: its figures with Bengali digits and every label in Bangla.
  await expect(main.getByRole('heading', { name: 'ড্যাশবোর্ড' })).toBeVisible();
  await expect(main.getByText('মোট অর্ডার').first()).toBeVisible();
  await expect(main.getByTestId('dash-orders')).toHaveText(/^[০-৯,]+$/);
  await expect(main.getByTestId('dash-amount')).toHaveText(/^[০-৯,]+ টাকা$/);
  await expectAllBangla(page.locator('body'), await shopData());
  await snapBoth(page, testInfo, 'dashboard-bn');

  // The till, by keyboard: scan, Bengali digits typed for the quantity, cash tendered, F9.
  await shopData();
  await page.goto('/admin/pos');
  const box = page.getByRole('combobox', { name: 'পণ্য' });
  await expect(box).toBeFocused();
  await page.keyboard.type(rice.barcode);
  await page.keyboard.press('Enter');
  const rows = page.getByTestId('till-cart').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('ই২ই কাটারিভোগ চাল');
  await expect(rows.first()).toContainText('৫ কেজি');
  // Two bags: the quantity button, ২ typed, Enter.
  await rows
    .first()
    .getByRole('button', { name: /পরিমাণ বদলান/ })
    .click();
  // The quantity field opens with the focus: the cashier types once it is there.
  await expect(rows.first().getByRole('textbox')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('২');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('till-total')).toHaveText('২,৫০০ টাকা');
  await page.keyboard.press('F4');
  await expect(page.getByLabel('টাকা', { exact: true })).toBeFocused();
  // The delivery charge the till adds (Setting) is read from the screen: due = total + it.
  const owed = await page.getByTestId('till-subtotal').textContent();
  expect(latinDigits(owed)).toEqual([]);
  await page.keyboard.type('৫০০০');
  await expect(page.getByTestId('till-due')).toHaveText('০ টাকা');
  await expect(page.getByTestId('till-change')).toHaveText(/^[০-৯,]+ টাকা$/);
  await expectAllBangla(page.locator('body'), await shopData());
  await snapBoth(page, testInfo, 'till-bn');

  // F9: saved; the walk-in's receipt prints in the till's language.
  await page.keyboard.press('F9');
  await expect(page).toHaveURL(/\/admin\/receipt\/\d+\?then=pos$/);
  const id = Number(/receipt\/(\d+)/.exec(page.url())?.[1]);
  const sold = (
    (await (await request.get(`/api/order/${id}`, { headers: auth })).json()) as {
      data: { provisional: string | null; subtotal: number; ship: number; discount: number };
    }
  ).data;
  // What the orders list shows as the sale's total, in Bengali digits.
  const total = new Intl.NumberFormat('bn-BD').format(sold.subtotal + sold.ship - sold.discount);
  // The till's provisional number (T-…-1) is a reference, written as it is.
  const references = sold.provisional ? [sold.provisional] : [];
  // "অর্ডার #12-এর রসিদ", or with the till's provisional number: "অর্ডার #12 · T-…-1-এর রসিদ".
  const receipt = page.getByRole('article', { name: new RegExp(`^অর্ডার #${id}\\b.*-এর রসিদ$`) });
  await expect(receipt).toBeVisible();
  expect(await printCount(page)).toBe(1);
  const printed = await receiptRows(page);
  expect(printed).toEqual(expect.arrayContaining(['মোট | ২,৫০০', 'বাকি | ০']));
  await expect(receipt).toContainText('ই২ই কাটারিভোগ চাল');
  // Amounts and quantities in Bengali digits; the order's number and the till's reference as they are.
  expect(latinDigits(printed.filter((row) => !row.includes(`#${id}`)).join(' '))).toEqual([]);
  await expectAllBangla(receipt, [...references, ...(await shopData())]);
  await snapBoth(page, testInfo, 'receipt-bn');

  // The orders list: this sale among them, its figures in Bengali digits.
  await shopData();
  await page.goto('/admin/orders');
  await expect(main.getByRole('heading', { name: 'অর্ডার', exact: true })).toBeVisible();
  const row = page.locator(`tr[data-order-id="${id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(total);
  await expect(row).toContainText('সাধারণ কাস্টমার');
  await expect(page.getByTestId('sum-total')).toHaveText(/^[০-৯,]+ টাকা$/);
  await expectAllBangla(page.locator('body'), await shopData());
  await snapBoth(page, testInfo, 'orders-bn');

  // English again: the spec's words.
  await bar.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(row).toContainText('Walk-in customer');
});
