import { expect, test } from './support/test';
import { snap } from './support/ui';
import { addProduct, adminAuth, readOrder, stubPrint } from './till-helpers';

/**
 * Returns from the till: the receipt's barcode scanned into the product box opens that sale's return
 * without leaving the till; F7 takes a typed receipt number; offline the till says a return needs
 * the server. Barcodes are typed key by key and end with Enter, as a scanner sends them.
 */
test.describe('returns from the till', () => {
  test('scan the receipt of a sale: its return opens at the till, the stock and the cash come back; F7 by number; offline; Bangla', async ({
    page,
    request,
    context,
  }, testInfo) => {
    test.setTimeout(90_000);
    await stubPrint(page);
    const auth = await adminAuth(page);
    const biscuit = await addProduct(request, auth, {
      title: 'E2E Return Biscuit',
      attri: '250 g',
      price: 55,
    });

    // A sale at the till: two packs scanned, 110 in cash, F9 prints its receipt.
    await page.goto('/admin/pos');
    const box = page.getByRole('combobox', { name: 'Product' });
    const rows = page.getByTestId('till-cart').locator('tbody tr');
    await expect(box).toBeFocused();
    for (let i = 0; i < 2; i += 1) {
      await page.keyboard.type(biscuit.barcode, { delay: 10 });
      await page.keyboard.press('Enter');
    }
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('till-total')).toHaveText('110 BDT');
    await page.keyboard.press('F4');
    await page.keyboard.type('110');
    await page.keyboard.press('F9');
    await expect(page).toHaveURL(/\/admin\/receipt\/\d+\?then=pos$/);
    const id = Number(/receipt\/(\d+)/.exec(page.url())?.[1]);
    // What the receipt's barcode holds is printed under its bars: "#" and the order's number.
    const printed = page.locator('svg.receipt-barcode text');
    await expect(printed).toHaveText(`#${id}`);
    const code = (await printed.textContent()) ?? '';
    // The print dialog closed: back to the till.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL('/admin/pos');
    await expect(box).toBeFocused();
    const stockAfterSale = (await readProduct()).qty;

    // The customer comes back with one pack: the cashier scans the receipt into the product box.
    await page.keyboard.type(code, { delay: 10 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Return' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Order #${id}`);
    await expect(box).toHaveValue('');
    await expect(rows).toHaveCount(0);
    const quantity = dialog.getByLabel('Quantity of E2E Return Biscuit 250 g to return');
    await expect(quantity).toBeFocused();
    await page.keyboard.type('1');
    await expect(dialog.getByTestId('return-refund')).toHaveText('55 BDT');
    await expect(dialog.getByLabel('Refund method')).toHaveValue('cash');
    await snap(page, testInfo, 'till-return-dialog');
    await dialog.getByRole('button', { name: 'Save return' }).click();
    await expect(dialog.getByText('Give back 55 BDT by Cash.')).toBeVisible();
    // Close has the focus: Enter closes, back to the till.
    await expect(dialog.getByRole('button', { name: 'Close' }).last()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    // Still the till, ready for the next scan.
    await expect(page).toHaveURL('/admin/pos');
    await expect(box).toBeFocused();

    const returned = await readOrder(request, auth, id);
    expect(returned.returned).toBe(55);
    expect(returned.payments.filter((p) => p.amount < 0).map((p) => [p.method, p.amount])).toEqual([
      ['cash', -55],
    ]);
    expect((await readProduct()).qty).toBeCloseTo(stockAfterSale + 1, 2);

    // F7: the number typed by hand. One nobody has is named; the real one opens the same sale.
    await page.keyboard.press('F7');
    const ask = page.getByRole('dialog', { name: 'Return a sale' });
    const number = ask.getByLabel('Receipt number');
    await expect(number).toBeFocused();
    await page.keyboard.type('999999999');
    await page.keyboard.press('Enter');
    await expect(ask.getByTestId('till-return-failure')).toHaveText('No sale has receipt number 999999999.');
    await expect(number).toBeFocused();
    await page.keyboard.type(String(id));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // One pack is left to return.
    await expect(dialog.getByRole('listitem')).toContainText('Can return 1');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(box).toBeFocused();

    // Offline: a return moves money and stock, so the till says it needs the server.
    await context.setOffline(true);
    await page.keyboard.type(code, { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(ask.getByTestId('till-return-failure')).toHaveText(
      'Returns need the shop’s server: try again when the connection is back.',
    );
    await snap(page, testInfo, 'till-return-offline');
    await context.setOffline(false);
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(box).toBeFocused();

    // In Bangla, at a phone's width: the button, the dialog, the server's message.
    await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /বিক্রি ফেরত/ }).click();
    const askBn = page.getByRole('dialog', { name: 'বিক্রি ফেরত' });
    await expect(askBn.getByLabel('রসিদ নম্বর')).toBeFocused();
    // Typed with a Bangla keyboard: ৯৯৯৯৯৯৯৯৯.
    await page.keyboard.type('৯৯৯৯৯৯৯৯৯');
    await page.keyboard.press('Enter');
    await expect(askBn.getByTestId('till-return-failure')).toHaveText(
      '৯৯৯৯৯৯৯৯৯ নম্বর রসিদের কোনো বিক্রি নেই।',
    );
    await snap(page, testInfo, 'till-return-bn');
    await page.keyboard.press('Escape');
    await page.locator('.admin-top-bar').getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.setViewportSize({ width: 1280, height: 800 });

    async function readProduct() {
      const answer = await request.get(`/api/product/${biscuit.id}`, { headers: auth });
      expect(answer.ok()).toBe(true);
      return ((await answer.json()) as { data: { qty: number } }).data;
    }
  });
});
