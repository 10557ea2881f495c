import { expect, test } from './support/test';
import { createCustomer, logIn, logInAsAdmin } from './support/accounts';
import { expectErrorToast, expectSuccessToast, snap } from './support/ui';

const SIDEBAR = {
  MAIN: [
    'Dashboard',
    'Analytics',
    'Product',
    'Orders',
    'Online payments',
    'Riders',
    'Product Request',
    'Stock Manage',
    'Stock count',
    'Expiring soon',
    'Expance',
    'Purchases',
    'Suppliers',
  ],
  CUSTOMER: ['Area', 'Customer'],
  MARKETING: ['SMS Marketing', 'Daily Campaign'],
  SETTING: ['Setting', 'Staff', 'Audit'],
};

test.describe('back office', () => {
  test('the admin lands on /admin with the sidebar and changes the delivery charge', async ({
    page,
    request,
  }, testInfo) => {
    await logInAsAdmin(page);
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('heading')).toHaveText(Object.keys(SIDEBAR));
    for (const [section, links] of Object.entries(SIDEBAR)) {
      await expect(menu.getByRole('list', { name: section }).getByRole('link')).toHaveText(links);
    }
    await expect(page.getByRole('link', { name: 'POS' })).toBeVisible();
    await snap(page, testInfo, 'admin-home');

    await menu.getByRole('link', { name: 'Setting' }).click();
    await expect(page).toHaveURL('/admin/setting');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Setting', exact: true })).toBeVisible();
    const ship = page.getByLabel('Delivery Charge', { exact: true });
    await expect(ship).not.toHaveValue('');
    const current = Number(await ship.inputValue());
    const next = current + 17;
    await ship.fill(String(next));
    // The daily SMS budget: at least 10, refused on the spot; a good one is saved.
    const budget = page.getByLabel('Daily SMS Budget');
    await expect(budget).toHaveValue(/^\d+$/);
    const budgetBefore = await budget.inputValue();
    await budget.fill('5');
    await page.getByRole('button', { name: 'Update Setting' }).click();
    await expect(page.getByText('The daily SMS budget must be at least 10.')).toBeVisible();
    await budget.fill(budgetBefore);
    await expect(page.getByText('The daily SMS budget must be at least 10.')).toBeHidden();
    await page.getByRole('button', { name: 'Update Setting' }).click();
    await expectSuccessToast(page, 'Setting updated');
    await snap(page, testInfo, 'admin-setting');

    // The saved value survives a reload...
    await page.reload();
    await expect(page.getByLabel('Delivery Charge', { exact: true })).toHaveValue(String(next));
    await expect(page.getByLabel('Daily SMS Budget')).toHaveValue(budgetBefore);
    // ...and a guest (no token: the request fixture shares nothing with the page) sees it.
    const answer = await request.get('/api/settings');
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ data: { ship: next } });
  });

  test('the admin adds a delivery area, sees it listed and deletes it', async ({ page, request }) => {
    const title = `E2E Area ${Date.now()}`;
    await logInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Area' }).click();
    await expect(page).toHaveURL('/admin/areas');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Area', exact: true })).toBeVisible();
    // The demo areas are there (SEED_DEMO=1).
    await expect(page.getByRole('listitem').filter({ hasText: 'Dhanmondi' })).toBeVisible();

    await page.getByLabel('New area').fill(title);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expectSuccessToast(page, 'Area added');
    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(page.getByLabel('New area')).toHaveValue('');
    const listed = (await (await request.get('/api/areas')).json()) as { data: { title: string }[] };
    expect(listed.data.map((area) => area.title)).toContain(title);

    // Deleting asks first; Cancel keeps the area.
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete area' });
    await expect(confirm).toContainText(`Delete the area "${title}"?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete area' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expectSuccessToast(page, 'Area deleted');
    await expect(row).toHaveCount(0);
    const after = (await (await request.get('/api/areas')).json()) as { data: { title: string }[] };
    expect(after.data.map((area) => area.title)).not.toContain(title);
  });

  test('a signed-in customer opening /admin is told "Access Restricted" and sent home', async ({
    page,
    request,
  }) => {
    const customer = await createCustomer(request);
    await logIn(page, customer.phone, customer.password);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();

    await page.goto('/admin');
    await expectErrorToast(page, 'Access Restricted');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
    // Still signed in as the customer.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
  });
});
