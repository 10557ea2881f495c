import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { logIn } from './support/accounts';
import { uniquePhone } from './support/phones';
import { grouped, snap } from './support/ui';
import { addProduct, adminAuth, shipSetting, stubPrint, type Auth } from './till-helpers';

// Issue 24 at a shared till: a cashier gives a discount above their role's 5 %; the manager walks
// over and approves it with their PIN in a dialog on the same screen; "Switch cashier" hands the
// till to the manager by PIN; the owner reads the sale and the approval in Audit. In English and
// in Bangla. Every code and PIN is typed key by key, as a scanner and a person do.

type Person = { id: number; name: string; phone: string; password: string; pin: string };

/** The owner adds a member of staff (the Staff screen's own call; its form has a test of its own). */
async function addStaff(
  request: APIRequestContext,
  auth: Auth,
  role: string,
  name: string,
  pin: string,
): Promise<Person> {
  const phone = uniquePhone();
  const password = `${role}-pass-1`;
  const made = await request.post('/api/staff', {
    headers: auth,
    data: { name, phone, password, pin, role },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: number } }).data;
  return { id, name, phone, password, pin };
}

/** A scan at the till: the code key by key into the focused product box, then Enter. */
async function scan(page: Page, code: string) {
  const box = page.getByRole('combobox').first();
  await box.focus();
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

/** Types over what a field holds, as a cashier does: select it all, then the keys. */
async function typeOver(field: Locator, text: string) {
  await field.focus();
  await field.press('ControlOrMeta+A');
  await field.pressSequentially(text);
}

/** The manager's phone and PIN typed into the dialog, key by key, and its button pressed. */
async function givePin(
  page: Page,
  dialogName: string,
  fields: { phone: string; pin: string },
  labels: string[],
  button: string,
) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(labels[0]!).pressSequentially(fields.phone);
  await dialog.getByLabel(labels[1]!).pressSequentially(fields.pin);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('manager approval at a shared till', () => {
  test('a discount above the cashier’s limit is approved by the manager’s PIN; the owner reads both in Audit; in English and Bangla', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const auth = await adminAuth(page);
    const cashier = await addStaff(request, auth, 'cashier', `E2E Cashier ${stamp}`, '4821');
    const manager = await addStaff(request, auth, 'manager', `E2E Manager ${stamp}`, '739150');
    const oil = await addProduct(request, auth, {
      title: `E2E Approval Oil ${stamp}`,
      attri: '1 L',
      price: 200,
    });
    const ship = await shipSetting(request, auth);

    // The shared till: the cashier signs in and lands at the till.
    const own = await browser.newContext();
    const till = await own.newPage();
    await stubPrint(till);
    await logIn(till, cashier.phone, cashier.password);
    await expect(till).toHaveURL('/admin/pos');
    await expect(till.getByTestId('till-cashier')).toHaveText(`Cashier: ${cashier.name}`);

    // Two bottles and a discount of 10 % of the bill: above the cashier's 5 %.
    await scan(till, oil.barcode);
    await scan(till, oil.barcode);
    await expect(till.getByTestId('till-cart').locator('tbody tr')).toHaveCount(1);
    const bill = 400 + ship;
    const discount = Math.ceil(bill / 10);
    const percent = Math.ceil((discount * 100) / bill);
    await typeOver(till.getByLabel('Discount', { exact: true }), String(discount));
    // Nothing paid and no customer: a walk-in pays in full, so the manager approves the credit too.
    await till.keyboard.press('F9');
    const owing = till.getByRole('dialog', { name: 'Money left to pay' });
    await expect(owing).toContainText(`${grouped(bill - discount)} BDT is left to pay.`);
    await owing.getByRole('button', { name: 'A manager approves the credit' }).click();
    const dialog = till.getByRole('dialog', { name: 'Manager approval' });
    await expect(dialog).toContainText(`a discount of ${percent}% (this cashier may give up to 5%)`);
    await expect(dialog).toContainText(`${grouped(bill - discount)} BDT owed by a walk-in customer`);
    await snap(till, testInfo, 'till-approval');
    // A wrong PIN first: told so, the dialog stays.
    await dialog.getByLabel('Staff phone').pressSequentially(manager.phone);
    await dialog.getByLabel('Till PIN').pressSequentially('111111');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Incorrect phone or PIN.');
    await dialog.getByLabel('Till PIN').clear();
    await dialog.getByLabel('Till PIN').pressSequentially(manager.pin);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(till).toHaveURL(/\/admin\/receipt\/\d+\?then=pos$/);
    const saleId = Number(/receipt\/(\d+)/.exec(till.url())?.[1]);
    const receipt = till.getByRole('article', { name: `Receipt of order #${saleId}` });
    await expect(receipt).toContainText(`Cashier: ${cashier.name}`);

    // The manager takes over the till by PIN; the next sale is theirs, with any discount.
    await till.goto('/admin/pos');
    await till.getByRole('button', { name: 'Switch cashier' }).click();
    await givePin(till, 'Switch cashier', manager, ['Staff phone', 'Till PIN'], 'Switch');
    await expect(till.getByTestId('till-cashier')).toHaveText(`Cashier: ${manager.name}`);

    // In Bangla: the manager hands the till back to the cashier, who asks again; the dialog speaks Bangla.
    await till.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
    await expect(till.locator('html')).toHaveAttribute('lang', 'bn');
    await till.getByRole('button', { name: 'ক্যাশিয়ার বদল' }).click();
    await givePin(till, 'ক্যাশিয়ার বদল', cashier, ['কর্মীর ফোন', 'টিলের পিন'], 'বদলান');
    await expect(till.getByTestId('till-cashier')).toContainText(cashier.name);
    await scan(till, oil.barcode);
    await scan(till, oil.barcode);
    await typeOver(till.getByLabel('ডিসকাউন্ট', { exact: true }), String(discount));
    await till.keyboard.press('F9');
    await till
      .getByRole('dialog', { name: 'টাকা বাকি আছে' })
      .getByRole('button', { name: 'ম্যানেজার বাকি অনুমোদন করবেন' })
      .click();
    const bnDialog = till.getByRole('dialog', { name: 'ম্যানেজারের অনুমোদন' });
    await expect(bnDialog).toContainText('ডিসকাউন্ট (এই ক্যাশিয়ার ৫% পর্যন্ত দিতে পারেন)');
    await snap(till, testInfo, 'till-approval-bn');
    await givePin(till, 'ম্যানেজারের অনুমোদন', manager, ['কর্মীর ফোন', 'টিলের পিন'], 'অনুমোদন');
    await expect(till).toHaveURL(/\/admin\/receipt\/\d+\?then=pos$/);
    const secondId = Number(/receipt\/(\d+)/.exec(till.url())?.[1]);
    await own.close();

    // The owner reads both in Audit: the sale by the cashier, the approval by the manager.
    await page.goto('/admin/audit');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
    await expect(
      main.getByText(
        `${manager.name} approved a discount of ${grouped(discount)} BDT (${percent}%) by ${cashier.name} on order #${saleId}`,
      ),
    ).toBeVisible();
    await expect(
      main.getByText(`${cashier.name} sold order #${saleId} for ${grouped(bill - discount)} BDT`),
    ).toBeVisible();
    await expect(main.getByText(`${manager.name} took over the till`)).toBeVisible();
    await expect(main.getByText(`A wrong PIN for ${manager.name}`)).toBeVisible();
    await snap(page, testInfo, 'audit-approval');
    await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'অডিট' })).toBeVisible();
    const bnDigits = (n: number) => new Intl.NumberFormat('bn-BD').format(n);
    await expect(
      main.getByText(
        `${manager.name} অর্ডার #${secondId}-এ ${cashier.name}-এর ${bnDigits(discount)} টাকা (${bnDigits(percent)}%) ছাড় অনুমোদন করেছেন`,
      ),
    ).toBeVisible();
    await snap(page, testInfo, 'audit-approval-bn');
    await page.locator('.admin-top-bar').getByRole('button', { name: 'English' }).click();
  });
});
