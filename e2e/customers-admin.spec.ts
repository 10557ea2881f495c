import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Customer } from '@bazar/contracts/customers';
import { logInAsAdmin, stored } from './support/accounts';
import { uniquePhone } from './support/phones';
import { expectSuccessToast, snap } from './support/ui';

const PER_PAGE = 20;

const rowOf = (page: Page, id: number) => page.locator(`tr[data-customer-id="${id}"]`);

/** Adds a customer the way the till does (POST /api/customer/add as the admin). */
async function addCustomer(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: { name: string; area: string; address: string },
): Promise<Customer> {
  const answer = await request.post('/api/customer/add', {
    headers,
    data: { phone: uniquePhone(), ...data },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: Customer }).data;
}

async function customerTotal(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const answer = await request.get(`/api/customers?page=1&per_page=${PER_PAGE}`, { headers });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { meta: { total: number } }).meta.total;
}

test.describe('back office customers', () => {
  test('the admin finds a new customer, quick-edits the balance and address, then deletes them', async ({
    page,
    request,
  }, testInfo) => {
    // Making a page's worth of customers hashes each one's random password with scrypt (about half a
    // second each on a loaded two-core machine): more time than the default for the set-up alone.
    test.setTimeout(60_000);
    await logInAsAdmin(page);
    const token = await stored(page, 'info');
    expect(token).toBeTruthy();
    const headers = { Authorization: `Bearer ${token}` };

    // More than one page of customers, so the page links show; the newest comes first.
    const missing = PER_PAGE + 1 - (await customerTotal(request, headers));
    // Two at a time: each account's random password is hashed with scrypt (two at once on the server).
    for (let i = 0; i < missing; i += 2) {
      await Promise.all(
        [i, i + 1]
          .filter((n) => n < missing)
          .map((n) =>
            addCustomer(request, headers, { name: `E2E Filler ${n + 1}`, area: 'Uttara', address: 'Road 1' }),
          ),
      );
    }
    const stamp = Date.now().toString(36);
    const customer = await addCustomer(request, headers, {
      name: `E2E Customer ${stamp}`,
      area: 'Mirpur',
      address: 'House 9, Road 4',
    });

    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Customer', exact: true })
      .click();
    await expect(page).toHaveURL('/admin/customers');
    await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
    const row = rowOf(page, customer.id);
    await expect(row).toBeVisible();
    await expect(row.locator('td:not(:last-child)')).toHaveText([
      customer.name,
      customer.phone,
      'Mirpur',
      '0',
      '0',
    ]);
    await expect(page.locator('tbody tr')).toHaveCount(PER_PAGE);
    await snap(page, testInfo, 'customers-list');

    // Page 2 holds older customers only; back to page 1.
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'customers-pages');
    await page.setViewportSize({ width: 390, height: 844 });
    await pages.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'customers-pages');
    await page.setViewportSize({ width: 1280, height: 800 });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/admin/customers?page=2');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(row).toHaveCount(0);
    await pages.getByRole('button', { name: 'Page 1' }).click();
    await expect(page).toHaveURL('/admin/customers');
    await expect(row).toBeVisible();

    // View Orders leads to this phone's orders (the spec's product link is a bug of the original).
    const menuButton = page.getByRole('button', { name: `Actions for ${customer.name} (${customer.phone})` });
    await menuButton.click();
    await expect(page.getByRole('link', { name: 'View Orders' })).toHaveAttribute(
      'href',
      `/admin/orders?field=Phone&value=${customer.phone}`,
    );

    // Quick Edit with an empty name: refused on the spot, nothing sent.
    let editCalls = 0;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith(`/api/customer/edit/${customer.id}`))
        editCalls += 1;
    });
    await page.getByRole('button', { name: 'Quick Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customer Edit' });
    await expect(dialog.getByLabel('Name')).toHaveValue(customer.name);
    await expect(dialog.getByLabel('Area')).toHaveValue('Mirpur');
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Name is requried');
    expect(editCalls).toBe(0);
    await snap(page, testInfo, 'customer-edit');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'customer-edit');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The keyboard alone: name, area, address, balance, then Enter saves.
    await dialog.getByLabel('Name').fill(customer.name);
    await dialog.getByLabel('Area').selectOption('Dhanmondi');
    await dialog.getByLabel('Address').fill('Flat 3C, Road 27');
    await dialog.getByLabel('Balance').fill('350');
    await dialog.getByLabel('Balance').press('Enter');
    await expect(dialog).toBeHidden();
    expect(editCalls).toBe(1);
    await expectSuccessToast(page, 'Customer update');
    await expect(row.locator('td:not(:last-child)')).toHaveText([
      customer.name,
      customer.phone,
      'Dhanmondi',
      '350',
      '0',
    ]);

    // The server kept it: the address is not a column, so open the modal again.
    await menuButton.click();
    await page.getByRole('button', { name: 'Quick Edit' }).click();
    await expect(dialog.getByLabel('Address')).toHaveValue('Flat 3C, Road 27');
    await expect(dialog.getByLabel('Balance')).toHaveValue('350');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    await snap(page, testInfo, 'customers-list');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete: the confirmation names the customer; confirming drops the row.
    await menuButton.click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText(`${customer.name} (${customer.phone})`);
    await snap(page, testInfo, 'customer-delete');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expectSuccessToast(page, 'Customer deleted');
    await expect(row).toHaveCount(0);
    await expect(page.locator('tbody tr')).toHaveCount(PER_PAGE);

    const search = await request.get(`/api/customer/search/${customer.phone}`, { headers });
    expect(search.ok()).toBe(true);
    expect(((await search.json()) as { data: Customer[] }).data).toEqual([]);
  });
});
