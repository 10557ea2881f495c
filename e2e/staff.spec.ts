import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { logIn, logInAsAdmin } from './support/accounts';
import { uniquePhone } from './support/phones';
import { expectSuccessToast, snap } from './support/ui';

// Staff and roles: the owner (the admin the server makes at start) adds a cashier and a manager
// from the Staff screen; the cashier signs in and sees only what a cashier may use; the Staff
// screen in Bangla.

type Person = { name: string; phone: string; password: string; pin: string; role: string };

/** Opens Staff from the owner's sidebar. */
async function openStaff(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Staff', exact: true })
    .click();
  await expect(page).toHaveURL('/admin/staff');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  return main;
}

/** Adds someone through "Add staff", typing as the owner would. */
async function addStaff(page: Page, person: Person): Promise<void> {
  const add = page.getByRole('button', { name: 'Add staff' });
  await expect(add).toBeEnabled(); // once the roles are in
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add staff' });
  await dialog.getByLabel('Name').fill(person.name);
  await dialog.getByLabel('Phone').pressSequentially(person.phone);
  await dialog.getByLabel('Password').fill(person.password);
  await dialog.getByLabel('Till PIN').pressSequentially(person.pin);
  await dialog.getByLabel('Role').selectOption({ label: person.role });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expectSuccessToast(page, 'Staff added.');
}

/** A person's row of the staff table: name, phone, role, status. */
const staffRow = (page: Page, phone: string) =>
  page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: phone });

test.describe('staff and roles', () => {
  test('the owner adds a cashier and a manager; the cashier sees only the till, orders and customers', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    const cashier: Person = {
      name: `E2E Cashier ${stamp}`,
      phone: uniquePhone(),
      password: 'cashier-pass-1',
      pin: '4821',
      role: 'Cashier',
    };
    const manager: Person = {
      name: `E2E Manager ${stamp}`,
      phone: uniquePhone(),
      password: 'manager-pass-1',
      pin: '739150',
      role: 'Manager',
    };

    await logInAsAdmin(page);
    await expect(
      page
        .getByRole('navigation', { name: 'Admin menu' })
        .getByRole('list', { name: 'SETTING' })
        .getByRole('link'),
    ).toHaveText(['Setting', 'Staff', 'Audit']);
    await openStaff(page);
    await addStaff(page, cashier);
    await addStaff(page, manager);
    for (const person of [cashier, manager]) {
      await expect(staffRow(page, person.phone).locator('td:not(:last-child)')).toHaveText([
        person.name,
        person.phone,
        person.role,
        'Active',
      ]);
    }
    // The roles' head counts follow.
    const roles = page.getByRole('table', { name: 'Roles' });
    await expect(roles.getByRole('row').filter({ hasText: 'Owner' })).toContainText('Everything');
    await snap(page, testInfo, 'staff-added');

    // The cashier, in a browser of their own, signs in at /login and lands at the till.
    const own = await browser.newContext();
    const till = await own.newPage();
    await logIn(till, cashier.phone, cashier.password);
    await expect(till).toHaveURL('/admin/pos');
    const bar = till.locator('.admin-top-bar');
    await expect(bar.getByRole('link', { name: 'POS' })).toBeVisible();
    const menu = till.getByRole('navigation', { name: 'Admin menu' });
    await expect(menu.getByRole('link')).toHaveText(['Orders', 'Customer']);
    await expect(menu.getByRole('heading')).toHaveText(['MAIN', 'CUSTOMER']);
    await snap(till, testInfo, 'cashier-till');

    // Staff is not theirs: the page says so, and leads back to the till.
    await till.goto('/admin/staff');
    const main = till.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
    await expect(main.getByRole('table')).toHaveCount(0);
    await snap(till, testInfo, 'cashier-staff-restricted');
    await main.getByRole('link', { name: 'Go to your start page' }).click();
    await expect(till).toHaveURL('/admin/pos');
    await own.close();
  });

  test('the Staff screen in Bangla: its title and the role names', async ({ page }, testInfo) => {
    await logInAsAdmin(page);
    const main = await openStaff(page);
    await expect(page.getByRole('table', { name: 'Roles' }).getByRole('row')).not.toHaveCount(0);
    await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');

    await expect(main.getByRole('heading', { level: 1, name: 'কর্মী' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'রোল' })).toBeVisible();
    const roles = page.getByRole('table', { name: 'রোল' });
    const names = roles.locator('tbody tr td:first-child');
    for (const name of ['মালিক', 'ম্যানেজার', 'ক্যাশিয়ার', 'স্টক রক্ষক']) {
      await expect(names.filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(1);
    }
    await expect(roles.getByRole('row').filter({ hasText: 'মালিক' })).toContainText('সবকিছু');
    // The owner's own row: the role by its Bangla name, the badge in Bangla.
    await expect(
      page
        .getByRole('table', { name: 'কর্মী' })
        .getByRole('row')
        .filter({ hasText: '01700000000' })
        .locator('td:not(:last-child)')
        .nth(2),
    ).toHaveText('মালিক');
    await expect(page.getByRole('button', { name: 'কর্মী যোগ করুন' })).toBeVisible();
    await snap(page, testInfo, 'staff-bn');
  });
});
