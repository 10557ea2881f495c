import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createCustomer } from './support/accounts';
import { adminApiAuth, expectAllBangla, shopTexts } from './support/bangla';
import { uniquePhone } from './support/phones';
import { expectSuccessToast, snap, speak } from './support/ui';
import { addProduct, type Auth } from './till-helpers';

// Issue 27, the back office's side of riders: a manager gives two orders to a rider from the
// orders list, prints their pick list, and after the rider's round (one delivered with 160 in
// cash, one failed: the rider's own calls) settles the rider's cash: 150 handed over, the 10 left
// stays on the sheet and in the riders list. Every screen is pictured at 1280 and 390 px, in
// English and in Bangla; the manager types as a person does.

type Person = { id: number; name: string; phone: string; password: string };

/** The owner adds a member of staff through the Staff screen's own call (it has tests of its own). */
async function addStaff(request: APIRequestContext, auth: Auth, role: string, name: string): Promise<Person> {
  const phone = uniquePhone();
  const password = `${role}-pass-1`;
  const pin = String(1000 + (Date.now() % 9000));
  const made = await request.post('/api/staff', {
    headers: auth,
    data: { name, phone, password, pin, role },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: number } }).data;
  return { id, name, phone, password };
}

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

/**
 * Pictures of the screen at 1280 and at 390 px (where nothing may scroll sideways), each with
 * `focus` (what the picture is about) scrolled into view.
 */
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

/**
 * The same screen in English, then in Bangla (each at both widths), and back to English: `focus`
 * is what the pictures show, `bangla` a text that says the screen has turned Bangla.
 */
async function snapLanguages(page: Page, name: string, focus: Locator, bangla: Locator): Promise<void> {
  await snapBoth(page, `${name}-en`, focus);
  await speak(page, 'bn');
  await expect(bangla).toBeVisible();
  await snapBoth(page, `${name}-bn`, focus);
  await speak(page, 'en');
}

/** What the rider does on their phone, through the same calls: signed in with their password. */
async function riderSession(request: APIRequestContext, rider: Person): Promise<Auth> {
  const answer = await request.post('/api/login', { data: { phone: rider.phone, password: rider.password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return { Authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

test('a manager assigns two orders to a rider, prints the pick list, and settles the rider’s cash with a difference', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).slice(-5);
  const owner = await adminApiAuth(request);
  const data = shopTexts(request, owner);
  const rider = await addStaff(request, owner, 'rider', `E2E Rider ${stamp}`);
  const manager = await addStaff(request, owner, 'manager', `E2E Manager ${stamp}`);
  const product = await addProduct(request, owner, {
    title: `E2E Pick Rice ${stamp}`,
    attri: '5 kg',
    price: 300,
  });

  // A customer orders twice: 2 bags, then 3 bags (each at least 300 to collect).
  const customer = await createCustomer(request, { name: `E2E Rider Buyer ${stamp}` });
  const place = async (quantity: number, address: string) => {
    const placed = await request.post('/api/order/add', {
      headers: { Authorization: `Bearer ${customer.token}` },
      data: {
        name: customer.name,
        phone: customer.phone,
        address,
        area: 'Mirpur',
        carts: [{ product_id: product.id, quantity }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return ((await placed.json()) as { data: { id: number } }).data.id;
  };
  const first = await place(2, 'House 7, Road 3');
  const second = await place(3, 'Flat 4B, Lake Road');

  // The manager signs in on the login page, typing.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await page.getByLabel('Phone').pressSequentially(manager.phone);
    await page.getByLabel('Password').pressSequentially(manager.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/admin');
    const menu = page.getByRole('navigation', { name: 'Admin menu' });

    // The orders list: both orders ticked, the rider chosen, Assign.
    await menu.getByRole('link', { name: 'Orders', exact: true }).click();
    const rowOf = (id: number) => page.locator(`tr[data-order-id="${id}"]`);
    await rowOf(first)
      .getByRole('checkbox', { name: `Select order ${first}` })
      .check();
    await rowOf(second)
      .getByRole('checkbox', { name: `Select order ${second}` })
      .check();
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await expect(bar).toContainText('2 orders selected');
    await bar.getByLabel('Rider').selectOption({ label: rider.name });
    await snapLanguages(page, 'orders-selected', rowOf(first), page.getByText('২টি অর্ডার বাছাই করা'));
    await bar.getByRole('button', { name: 'Assign', exact: true }).click();
    await expectSuccessToast(page, `2 orders given to ${rider.name}`);
    await expect(bar).toBeHidden();
    for (const id of [first, second]) await expect(rowOf(id).locator('.rider-cell')).toHaveText(rider.name);
    await snapLanguages(
      page,
      'orders-assigned',
      rowOf(first),
      page.getByRole('heading', { name: 'অর্ডার', exact: true }),
    );

    // Their pick list: the product's total over both orders, what each takes, a slip per order.
    await rowOf(first)
      .getByRole('checkbox', { name: `Select order ${first}` })
      .check();
    await rowOf(second)
      .getByRole('checkbox', { name: `Select order ${second}` })
      .check();
    await bar.getByRole('link', { name: 'Pick list' }).click();
    await expect(page).toHaveURL(/\/admin\/pick-list\?orders=/);
    const line = page.locator(`tr[data-product-id="${product.id}"]`);
    await expect(line.locator('.pick-total')).toHaveText('5 pcs');
    await expect(line.locator('.pick-orders')).toHaveText(`#${first}: 2 · #${second}: 3`);
    for (const id of [first, second]) {
      const slip = page.getByRole('article', { name: `Packing slip of order #${id}` });
      await expect(slip).toContainText(`Rider: ${rider.name}`);
      await expect(slip).toContainText(customer.phone);
    }
    await snapLanguages(
      page,
      'pick-list-a4',
      page.getByRole('heading', { level: 1 }),
      page.getByRole('heading', { name: 'যে পণ্য তুলতে হবে' }),
    );
    await page.getByRole('button', { name: '80 mm roll' }).click();
    const roll = page.getByRole('article', { name: 'Pick list' });
    await expect(roll).toContainText(`#${first}: 2 · #${second}: 3`);
    await snapLanguages(
      page,
      'pick-list-80mm',
      page.locator('.pick-roll'),
      page.getByRole('article', { name: 'পিক লিস্ট' }),
    );

    // The rider's round, from their phone: the first delivered with 160 in cash, the second failed.
    const riderAuth = await riderSession(request, rider);
    for (const id of [first, second]) {
      const out = await request.post(`/api/rider/deliveries/${id}/picked-up`, { headers: riderAuth });
      expect(out.status(), await out.text()).toBe(200);
    }
    const delivered = await request.post(`/api/rider/deliveries/${first}/delivered`, {
      headers: riderAuth,
      data: { payments: [{ method: 'cash', amount: 160 }] },
    });
    expect(delivered.status(), await delivered.text()).toBe(200);
    const failed = await request.post(`/api/rider/deliveries/${second}/failed`, {
      headers: riderAuth,
      data: { reason: 'not_home', note: 'Gate locked' },
    });
    expect(failed.status(), await failed.text()).toBe(200);

    // The dashboard's deliveries card counts the cash with riders.
    await menu.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const card = page.getByRole('region', { name: 'Deliveries today' });
    await expect(card.getByTestId('dash-rider-cash')).toHaveText(/BDT$/);
    await snapLanguages(
      page,
      'dashboard-deliveries',
      page.locator('.deliveries-card'),
      page.getByRole('region', { name: 'আজকের ডেলিভারি' }),
    );

    // The riders: the rider holds the 160, not settled.
    await menu.getByRole('link', { name: 'Riders', exact: true }).click();
    const listed = page.locator(`tr[data-rider-id="${rider.id}"]`);
    await expect(listed.locator('.cash-held')).toHaveText('160 BDT Not settled');
    await snapLanguages(
      page,
      'riders',
      page.getByRole('heading', { level: 1 }),
      page.getByRole('heading', { name: 'রাইডার', exact: true }),
    );

    // The settlement sheet: the delivered order with its cash, the failed one with its reason.
    await listed.getByRole('link', { name: rider.name }).click();
    await expect(page.getByRole('heading', { name: `Settlement: ${rider.name}` })).toBeVisible();
    const deliveredPart = page.getByRole('region', { name: /^Delivered/ });
    await expect(deliveredPart.locator(`tr[data-order-id="${first}"]`)).toContainText('Cash 160 BDT');
    // By its heading's id: the part keeps it in Bangla, where its name changes.
    const failedPart = page.locator('section[aria-labelledby="settle-failed-title"]');
    const failedRow = failedPart.locator(`tr[data-order-id="${second}"]`);
    await expect(failedRow).toContainText('Nobody at home');
    await expect(failedRow).toContainText('Gate locked');
    await expect(failedRow.getByRole('link', { name: `Open order #${second}` })).toHaveAttribute(
      'href',
      `/admin/orders?field=ID&value=${second}`,
    );
    await expect(page.getByTestId('settle-cash')).toHaveText('160 BDT');
    await expect(page.getByTestId('settle-held')).toHaveText('160 BDT Not settled');

    // 150 handed over, typed; 10 stays with the rider.
    const form = page.getByRole('region', { name: 'Cash handed over' });
    await form.getByLabel('Amount (BDT)').pressSequentially('150');
    await form.getByLabel('Note').pressSequentially('Short by 10');
    await form.getByRole('button', { name: 'Save handover' }).click();
    await expectSuccessToast(page, 'Handover of 150 BDT saved: 10 BDT is still with the rider.');
    await expect(page.getByTestId('settle-held')).toHaveText('10 BDT Not settled');
    const handover = page.getByRole('region', { name: /^Handovers of the day/ }).locator('tbody tr');
    await expect(handover).toHaveCount(1);
    await expect(handover.locator('[data-label="Still with the rider"]')).toHaveText('10 BDT');
    await expect(handover.locator('[data-label="Taken by"]')).toHaveText(manager.name);
    await snapLanguages(
      page,
      'settlement',
      page.getByRole('heading', { level: 1 }),
      page.getByRole('heading', { name: `হিসাব: ${rider.name}` }),
    );
    await snapLanguages(
      page,
      'settlement-orders',
      failedPart,
      page.getByRole('heading', { name: `হিসাব: ${rider.name}` }),
    );

    // In Bangla, every word of the sheet is Bangla but the data (names, the typed note).
    await speak(page, 'bn');
    await expect(page.getByTestId('settle-held')).toHaveText('১০ টাকা হিসাব বাকি');
    await expectAllBangla(page.getByRole('main'), [
      ...(await data()),
      rider.name,
      manager.name,
      'Gate locked',
      'Short by 10',
    ]);
    await speak(page, 'en');

    // The riders list keeps the 10 as not settled.
    await page.getByRole('link', { name: 'Back to the riders' }).click();
    await expect(listed.locator('.cash-held')).toHaveText('10 BDT Not settled');
  } finally {
    await context.close();
  }
});
