import { expect, test } from './support/test';
import { snap, grouped } from './support/ui';
import {
  addProduct,
  adminAuth,
  freshPlu,
  printCount,
  readOrder,
  receiptRows,
  shipSetting,
  stubPrint,
  weightLabel,
} from './till-helpers';

test.describe('the till by keyboard only', () => {
  test('scan a product and weight labels, pay part bKash with a reference and the rest in cash with change, F9, 80 mm receipt', async ({
    page,
    request,
  }, testInfo) => {
    await stubPrint(page);
    const auth = await adminAuth(page);
    const plu = freshPlu(31000);
    const tea = await addProduct(request, auth, { title: 'E2E Till Tea', attri: '200 g', price: 150 });
    const potato = await addProduct(request, auth, {
      title: 'E2E দেশি আলু Loose Potato',
      attri: 'loose',
      price: 60,
      unit: 'kg',
      plu,
    });
    const ship = await shipSetting(request, auth);
    const firstLabel = weightLabel(plu, 1250); // 1.25 kg → 75 BDT
    const secondLabel = weightLabel(plu, 500); // 0.5 kg → 30 BDT
    const owed = 150 + 75 + 30 + ship;

    await page.goto('/admin/pos');
    const box = page.getByRole('combobox', { name: 'Product' });
    const rows = page.getByTestId('till-cart').locator('tbody tr');
    await expect(box).toBeFocused();
    await expect(page.getByRole('list', { name: 'Keyboard shortcuts' })).toContainText('F9 save & print');

    // F2 brings the focus back from anywhere.
    await page.keyboard.press('Tab');
    await expect(box).not.toBeFocused();
    await page.keyboard.press('F2');
    await expect(box).toBeFocused();

    await page.keyboard.type(tea.barcode);
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(box).toHaveValue('');

    await page.keyboard.type(firstLabel);
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('1.25 kg');

    // An unknown code is named and cleared: the next scan starts clean, not 26 digits long.
    await page.keyboard.type('4006381333931');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: '4006381333931' })).toContainText(
      'No product has the barcode 4006381333931',
    );
    await expect(box).toHaveValue('');

    // A second label of the same product is its own line.
    await page.keyboard.type(secondLabel);
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2)).toContainText('0.5 kg');
    await expect(page.getByTestId('till-total')).toHaveText('255 BDT');
    await snap(page, testInfo, 'till-cart');

    // F4: the payment. bKash 200 with its reference, Enter adds it; then cash tendered 1000.
    await page.keyboard.press('F4');
    const pay = page.getByLabel('Pay', { exact: true });
    await expect(pay).toBeFocused();
    await page.keyboard.type('200');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Payment Method')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Payment Method')).toHaveValue('bkash');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Bkash reference')).toBeFocused();
    await page.keyboard.type('TRX8N7A6D5Q');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Payments' })).toContainText('Bkash · TRX8N7A6D5Q');
    await expect(pay).toBeFocused();
    await expect(page.getByLabel('Payment Method')).toHaveValue('cash');
    await page.keyboard.type('1000');
    const change = 1000 - (owed - 200);
    await expect(page.getByTestId('till-change')).toHaveText(`${grouped(change)} BDT`);
    await expect(page.getByTestId('till-due')).toHaveText('0 BDT');
    // Large on screen: bigger than the till's ordinary text.
    const size = await page
      .getByTestId('till-change')
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(32);
    await snap(page, testInfo, 'till-payment');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'till-payment');
    await page.setViewportSize({ width: 1280, height: 800 });

    // F9: saved, the receipt opens and prints at once.
    await page.keyboard.press('F9');
    await expect(page).toHaveURL(/\/admin\/receipt\/\d+\?then=pos$/);
    const id = Number(/receipt\/(\d+)/.exec(page.url())?.[1]);
    const receipt = page.getByRole('article', { name: `Receipt of order #${id}` });
    await expect(receipt).toHaveAttribute('data-paper', '80');
    await expect(receipt.getByRole('img', { name: `Barcode of order ${id}` })).toBeVisible();
    expect(await printCount(page)).toBe(1);
    expect(await receiptRows(page)).toEqual(
      expect.arrayContaining([
        '200 g 1 x 150 | 150',
        'loose 1.25 kg x 60/kg | 75',
        'loose 0.5 kg x 60/kg | 30',
        'Total | 255',
        // A counter sale with no delivery charge prints none.
        ...(ship > 0 ? [`Shipping cost | ${ship}`] : []),
        `Subtotal | ${owed}`,
        'Bkash TRX8N7A6D5Q | 200',
        'Cash | 1,000',
        `Change | ${change}`,
        'Due | 0',
      ]),
    );
    if (ship === 0)
      expect(await receiptRows(page)).not.toContainEqual(expect.stringMatching(/^Shipping cost/));
    await expect(receipt).toContainText('E2E দেশি আলু Loose Potato');
    await expect(page.getByRole('status').filter({ hasText: 'Change:' })).toHaveText(
      `Change: ${grouped(change)} BDT`,
    );
    await snap(page, testInfo, 'receipt-after-sale');

    // Esc (the print dialog closed): a clean till, the product box focused, the change still shown.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL('/admin/pos');
    await expect(box).toBeFocused();
    await expect(page.getByText('No products yet')).toBeVisible();
    await expect(page.getByText(`Sale #${id} saved.`)).toBeVisible();
    await expect(page.getByText(`Change: ${grouped(change)} BDT`)).toBeVisible();

    const saved = await readOrder(request, auth, id);
    expect(saved).toMatchObject({ subtotal: 255, ship, paid: owed, due: 0, terminal: 1 });
    expect(saved.carts.map((l) => [l.product_id, l.quantity])).toEqual([
      [tea.id, 1],
      [potato.id, 1.25],
      [potato.id, 0.5],
    ]);
    expect(saved.payments.map((p) => [p.method, p.amount, p.reference, p.tendered])).toEqual(
      expect.arrayContaining([
        ['bkash', 200, 'TRX8N7A6D5Q', null],
        ['cash', owed - 200, null, 1000],
      ]),
    );
  });

  test('the sale in progress survives a reload', async ({ page, request }) => {
    const auth = await adminAuth(page);
    const rice = await addProduct(request, auth, { title: 'E2E Till Reload Rice', attri: '1 kg', price: 90 });
    await page.goto('/admin/pos');
    const box = page.getByRole('combobox', { name: 'Product' });
    await expect(box).toBeFocused();
    await page.keyboard.type(rice.barcode);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('till-cart')).toContainText('E2E Till Reload Rice');
    await page.keyboard.press('F4');
    await page.keyboard.type('50');
    await page.reload();
    await expect(page.getByTestId('till-cart')).toContainText('E2E Till Reload Rice');
    await expect(page.getByLabel('Pay', { exact: true })).toHaveValue('50');
    await expect(box).toBeFocused();
  });

  test('a sale on hold while the next customer is served, brought back after a reload; "3*" scans three', async ({
    page,
    request,
  }, testInfo) => {
    const auth = await adminAuth(page);
    const oil = await addProduct(request, auth, { title: 'E2E Hold Oil', attri: '1 L', price: 180 });
    const salt = await addProduct(request, auth, { title: 'E2E Hold Salt', attri: '1 kg', price: 40 });
    await page.goto('/admin/pos');
    const box = page.getByRole('combobox', { name: 'Product' });
    const cart = page.getByTestId('till-cart');
    await expect(box).toBeFocused();
    // The first customer: a bottle of oil, then they go back for something.
    await page.keyboard.type(oil.barcode, { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(cart).toContainText('E2E Hold Oil');
    await page.getByRole('button', { name: 'Hold sale' }).click();
    await expect(page.getByText('No products yet')).toBeVisible();
    await expect(box).toBeFocused();
    // The next customer: three packets of salt, "3*" then the scan.
    await page.keyboard.type('3*');
    await expect(page.getByTestId('till-multiplier')).toHaveText('× 3: scan the product to add 3 of it');
    await page.keyboard.type(salt.barcode, { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(cart.locator('tbody tr')).toHaveCount(1);
    await expect(cart.locator('[data-testid="till-line-amount"]')).toHaveText('120');
    await snap(page, testInfo, 'till-held');
    // A reload (a power cut): both are still there; the oil comes back, the salt goes on hold.
    await page.reload();
    await expect(cart).toContainText('E2E Hold Salt');
    await page.getByRole('button', { name: /E2E Hold Oil · 180 BDT/ }).click();
    await expect(cart).toContainText('E2E Hold Oil');
    await expect(cart).not.toContainText('E2E Hold Salt');
    await expect(page.getByRole('button', { name: /E2E Hold Salt · 120 BDT/ })).toBeVisible();
  });
});
