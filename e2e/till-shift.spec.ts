import { expect, test } from './support/test';
import { createCustomer, logIn, makeAdmin } from './support/accounts';
import { snap, grouped } from './support/ui';
import { addProduct, adminAuth, printCount, shipSetting, stubPrint } from './till-helpers';

test.describe('shifts on the till', () => {
  test('open a shift, sell for cash, move cash out and close it with a counted difference, by keyboard', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    // A whole shift by keyboard with two browsers: 25–32 s on this 2-core VM when it is busy.
    test.setTimeout(60_000);
    // A product to sell, made by the test admin in a browser of its own.
    const adminPage = await browser.newPage();
    const auth = await adminAuth(adminPage);
    const soap = await addProduct(request, auth, { title: 'E2E Shift Soap', attri: '100 g', price: 45 });
    const ship = await shipSetting(request, auth);
    await adminPage.close();

    const cashier = await createCustomer(request, { name: 'E2E Shift Cashier' });
    await makeAdmin(cashier.phone);
    await stubPrint(page, { closes: true });
    await logIn(page, cashier.phone, cashier.password);
    await expect(page).toHaveURL('/admin');
    await page.goto('/admin/pos');
    const box = page.getByRole('combobox', { name: 'Product' });
    await expect(box).toBeFocused();
    await expect(page.getByTestId('shift-state')).toHaveText('No shift open');

    // Open with a float of 500 (Enter on the focused button, type, Enter).
    await page.getByRole('button', { name: 'Open shift' }).focus();
    await page.keyboard.press('Enter');
    const openDialog = page.getByRole('dialog', { name: 'Open a shift' });
    await expect(openDialog.getByLabel('Opening float (cash in the drawer)')).toBeFocused();
    await page.keyboard.type('500');
    await page.keyboard.press('Enter');
    await expect(openDialog).toBeHidden();
    await expect(page.getByTestId('shift-state')).toContainText('Shift open since');
    await expect(page.getByTestId('shift-drawer')).toHaveText('Cash in the drawer should be 500 BDT');

    // A cash sale without change: the drawer expects its money.
    const owed = 45 + ship;
    await page.keyboard.press('F2');
    await page.keyboard.type(soap.barcode);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('till-cart').locator('tbody tr')).toHaveCount(1);
    await page.keyboard.press('F4');
    await page.keyboard.type(String(owed));
    // Save & Print: the receipt prints, and closing the print dialog is back at a clean till.
    await page.keyboard.press('F9');
    await expect(page).toHaveURL('/admin/pos');
    await expect(box).toBeFocused();
    await expect(page.getByText('No products yet')).toBeVisible();
    expect(await printCount(page)).toBe(1);
    await expect(page.getByTestId('shift-drawer')).toHaveText(
      `Cash in the drawer should be ${grouped(500 + owed)} BDT`,
    );

    // 60 taka out for tea: Cash in is chosen first, the arrow key moves to Cash out.
    await page.getByRole('button', { name: 'Cash in / out' }).focus();
    await page.keyboard.press('Enter');
    const moveDialog = page.getByRole('dialog', { name: 'Cash in or out' });
    await expect(moveDialog.getByLabel('Cash in')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(moveDialog.getByLabel('Cash out')).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.type('60');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Tea for the staff');
    await page.keyboard.press('Enter');
    await expect(moveDialog).toBeHidden();
    const expected = 500 + owed - 60;
    await expect(page.getByTestId('shift-drawer')).toHaveText(
      `Cash in the drawer should be ${grouped(expected)} BDT`,
    );

    // Close: 10 taka short.
    await page.getByRole('button', { name: 'Close shift' }).focus();
    await page.keyboard.press('Enter');
    const closeDialog = page.getByRole('dialog', { name: 'Close the shift' });
    // A blind count: the cash is counted before the till says what it expected.
    await expect(closeDialog).toContainText('Count the cash in the drawer and enter it.');
    await expect(closeDialog).not.toContainText(grouped(expected));
    await expect(closeDialog.getByLabel('Counted cash')).toBeFocused();
    await page.keyboard.type(String(expected - 10));
    await page.keyboard.press('Enter');
    const closed = page.getByRole('dialog', { name: 'Shift closed' });
    await expect(closed.getByTestId('shift-expected')).toHaveText(`${grouped(expected)} BDT`);
    await expect(closed.getByTestId('shift-counted')).toHaveText(`${grouped(expected - 10)} BDT`);
    await expect(closed.getByTestId('shift-difference')).toHaveText('-10 BDT (short)');
    await snap(page, testInfo, 'shift-closed');
    await expect(closed.getByRole('button', { name: 'Done' })).toBeFocused();
    expect(await closed.getByRole('link', { name: 'Print Z report' }).getAttribute('href')).toMatch(
      /^\/admin\/shift-report\/\d+\?print=1&then=pos$/,
    );
    // The shift's Z report on A4, from the dialog's link: it opens and prints.
    const printed = await printCount(page);
    await closed.getByRole('link', { name: 'A4', exact: true }).click();
    const report = page.getByRole('article', { name: /^Z report · shift #\d+$/ });
    await expect(report).toHaveAttribute('data-paper', 'a4');
    await expect(report).toContainText('Sales (1)');
    await expect(report).toContainText('Cash (1)');
    await expect(report).toContainText(grouped(expected));
    await expect(report).toContainText(grouped(expected - 10));
    await expect(report.getByText('-10', { exact: true })).toBeVisible();
    await expect.poll(() => printCount(page)).toBe(printed + 1);
    await snap(page, testInfo, 'z-report-a4');
    // The same on 80 mm receipt paper.
    await page.getByRole('link', { name: '80 mm' }).click();
    await expect(report).toHaveAttribute('data-paper', '80');
    await expect(report).toContainText('Sales (1)');
    await snap(page, testInfo, 'z-report-80');
    // Back at the till: no shift is open.
    await page.goto('/admin/pos');
    await expect(page.getByTestId('shift-state')).toHaveText('No shift open');

    const current = await request.get('/api/shift/current', {
      headers: { Authorization: `Bearer ${cashier.token}` },
    });
    expect(((await current.json()) as { data: unknown }).data).toBeNull();
  });
});
