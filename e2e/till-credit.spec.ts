import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { logIn } from './support/accounts';
import { uniquePhone } from './support/phones';
import { snap } from './support/ui';
import { addProduct, adminAuth, printCount, stubPrint } from './till-helpers';

// Issue 26, credit (baki) at the counter: the cashier looks a customer up and sees what they owe,
// oldest first, beside their credit limit; a sale past the limit asks for a manager; "Receive due"
// takes cash and bKash together and prints the 80 mm slip; the khata shows every line with what is
// owed after it. Codes and phones are typed key by key, as a scanner and a cashier do.

/** A scan at the till: the code key by key into the product box, then Enter. */
async function scan(page: Page, code: string) {
  const box = page.getByRole('combobox').first();
  await box.focus();
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

test.describe('credit at the till', () => {
  test('dues and credit limit on look-up, a manager past the limit, Receive due split with its slip, the khata; English and Bangla', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const auth = await adminAuth(page);
    const rice = await addProduct(request, auth, {
      title: `E2E Credit Rice ${stamp}`,
      attri: '1 kg',
      price: 100,
    });
    // A cashier (no right to approve) and a customer who owes 300 of a 500 limit.
    const cashierPhone = uniquePhone();
    const staff = await request.post('/api/staff', {
      headers: auth,
      data: {
        name: `E2E Credit Cashier ${stamp}`,
        phone: cashierPhone,
        password: 'cashier-pass-1',
        pin: '4821',
        role: 'cashier',
      },
    });
    expect(staff.status(), await staff.text()).toBe(201);
    const phone = uniquePhone();
    const added = await request.post('/api/customer/add', {
      headers: auth,
      data: { phone, name: `Rahima ${stamp}` },
    });
    expect(added.status(), await added.text()).toBe(201);
    const customerId = ((await added.json()) as { data: { id: number } }).data.id;
    const limit = await request.post(`/api/customer/edit/${customerId}`, {
      headers: auth,
      data: { name: `Rahima ${stamp}`, credit_limit: 500 },
    });
    expect(limit.status(), await limit.text()).toBe(200);
    const owed = await request.post('/api/order/add', {
      headers: auth,
      data: { terminal: 1, phone, paid: 0, ship: 0, carts: [{ product_id: rice.id, quantity: 3 }] },
    });
    expect(owed.status(), await owed.text()).toBe(201);
    const owedId = ((await owed.json()) as { data: { id: number } }).data.id;

    const own = await browser.newContext();
    const till = await own.newPage();
    await stubPrint(till);
    await logIn(till, cashierPhone, 'cashier-pass-1');
    await expect(till).toHaveURL('/admin/pos');

    // Looking the customer up shows what they owe, oldest first, and their limit.
    await till.getByLabel('Phone').pressSequentially(phone);
    await till.getByLabel('Phone').press('Enter');
    const credit = till.getByTestId('till-credit');
    await expect(credit).toContainText('Owes 300 BDT · Credit limit 500 BDT');
    await expect(credit.getByRole('list', { name: 'Dues, oldest first' })).toContainText(`#${owedId}`);

    // Three more on credit would make 600: the due dialog, then a manager's approval is asked.
    await scan(till, rice.barcode);
    await scan(till, rice.barcode);
    await scan(till, rice.barcode);
    await expect(till.getByTestId('till-cart').locator('tbody tr')).toHaveCount(1);
    await till.keyboard.press('F9');
    const owing = till.getByRole('dialog', { name: 'Save with money owing?' });
    await expect(owing).toBeVisible();
    await owing.getByRole('button', { name: 'Save the sale' }).click();
    const approval = till.getByRole('dialog', { name: 'Manager approval' });
    await expect(approval).toContainText(
      `Rahima ${stamp} would owe 600 BDT, above the credit limit of 500 BDT`,
    );
    await snap(till, testInfo, 'till-credit-limit');
    await till.keyboard.press('Escape');
    await expect(approval).toBeHidden();
    // Not saved: the sale is still on the screen.
    await expect(till.getByTestId('till-cart').locator('tbody tr')).toHaveCount(1);
    await till.getByRole('button', { name: 'Void sale' }).click();
    await till
      .getByRole('dialog', { name: 'Void this sale?' })
      .getByRole('button', { name: 'Void sale' })
      .click();

    // A new sale starts with no customer; the focus is back in the product box.
    await expect(till.getByRole('combobox').first()).toBeFocused();
    await expect(till.getByLabel('Phone')).toHaveValue('');
    // Receive due: 200 in cash and 100 by bKash with its TrxID.
    await till.getByLabel('Phone').pressSequentially(phone);
    await till.getByLabel('Phone').press('Enter');
    await till.getByTestId('till-credit').getByRole('button', { name: 'Receive due' }).click();
    const receive = till.getByRole('dialog', { name: `Receive due from Rahima ${stamp}` });
    await expect(receive.getByTestId('receive-owed')).toHaveText('300 BDT');
    const amount = receive.getByLabel('Amount').first();
    await expect(amount).toBeFocused();
    await amount.press('ControlOrMeta+A');
    await amount.pressSequentially('200');
    await receive.getByRole('button', { name: 'Add another method' }).click();
    await expect(receive.getByLabel('Method').nth(1)).toHaveValue('bkash');
    await expect(receive.getByLabel('Amount').nth(1)).toHaveValue('100');
    await receive.getByLabel('Reference (TrxID)').nth(1).pressSequentially('TRX9K2M4');
    await expect(receive.getByTestId('receive-after')).toHaveText('0 BDT');
    await snap(till, testInfo, 'till-receive-due');
    await till.setViewportSize({ width: 390, height: 844 });
    await snap(till, testInfo, 'till-receive-due');
    await till.setViewportSize({ width: 1280, height: 800 });
    await receive.getByRole('button', { name: 'Receive and print slip' }).click();

    // The slip: owed, paid by each method, still owed; printed, then back to the till.
    await expect(till).toHaveURL(/\/admin\/due-slip\/\d+/);
    const slip = till.getByRole('article', { name: 'Due receipt' });
    await expect(slip).toContainText('Owed before');
    await expect(slip).toContainText('TRX9K2M4');
    await expect(slip.getByTestId('slip-paid')).toContainText('300');
    await expect(slip.getByTestId('slip-still-owed')).toContainText('0');
    await snap(till, testInfo, 'due-slip');
    await expect.poll(() => printCount(till)).toBe(1);
    // Enter goes back to the till for the next customer.
    await till.keyboard.press('Enter');
    await expect(till).toHaveURL('/admin/pos');

    // The khata: the sale, the two payments, and what is owed after each.
    await till.goto(`/admin/customer/${customerId}`);
    const book = till.getByRole('region', { name: `Khata · Rahima ${stamp}` });
    await expect(book.getByTestId('khata-owed')).toHaveText('0 BDT');
    await expect(book.getByTestId('khata-limit')).toHaveText('500 BDT');
    const rows = book.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Sale on credit');
    await expect(rows.nth(0)).toContainText('+300');
    await expect(rows.nth(1)).toContainText('Payment (Cash)');
    await expect(rows.nth(1)).toContainText('−200');
    await expect(rows.nth(2)).toContainText('Payment (Bkash)');
    await expect(rows.nth(2).locator('td').last()).toHaveText('0');
    await book.scrollIntoViewIfNeeded();
    await snap(till, testInfo, 'khata');
    await till.setViewportSize({ width: 390, height: 844 });
    await book.scrollIntoViewIfNeeded();
    await snap(till, testInfo, 'khata');
    await till.setViewportSize({ width: 1280, height: 800 });

    // In Bangla.
    await till.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
    await expect(till.locator('html')).toHaveAttribute('lang', 'bn');
    const bnBook = till.getByRole('region', { name: `খাতা · Rahima ${stamp}` });
    await expect(bnBook).toContainText('বাকিতে বিক্রি');
    await bnBook.scrollIntoViewIfNeeded();
    await snap(till, testInfo, 'khata-bn');
    await till.goto('/admin/pos');
    // The sale in progress kept the customer looked up: the cashier types the phone over it.
    await till.getByLabel('ফোন').press('ControlOrMeta+A');
    await till.getByLabel('ফোন').pressSequentially(phone);
    await till.getByLabel('ফোন').press('Enter');
    await expect(till.getByTestId('till-credit')).toContainText('কোনো বাকি নেই');
    await snap(till, testInfo, 'till-credit-bn');
    await own.close();
  });
});
