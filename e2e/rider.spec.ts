import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import type { OrderWithTimeline } from '@bazar/contracts/orders';
import { expect, test } from './support/test';
import { createCustomer } from './support/accounts';
import { adminApiAuth, expectAllBangla, shopTexts } from './support/bangla';
import { uniquePhone } from './support/phones';
import { snap } from './support/ui';
import { addProduct, type Auth } from './till-helpers';

/**
 * Issue 27: a rider's phone screen, /rider. The rider signs in on /login, sees only their own
 * deliveries, marks one picked up and delivered online, then with no network marks one delivered
 * (cash and bKash) and one failed; the screen reloads offline; back online each action reaches the
 * server exactly once. Then the screen in Bangla. At a phone's width, as a rider holds it.
 */
test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = 'rider-pass-1';

/** A rider (the built-in Rider role), made by the admin as the Staff screen does. */
async function makeRider(request: APIRequestContext, auth: Auth, name: string) {
  const phone = uniquePhone();
  const made = await request.post('/api/staff', {
    headers: auth,
    data: { name, phone, password: PASSWORD, pin: '1234', role: 'rider' },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { id: ((await made.json()) as { data: { id: number } }).data.id, name, phone };
}

interface Placed {
  id: number;
  name: string;
  address: string;
  area: string;
  due: number;
}

/** A customer's online order, placed as the storefront's checkout places it. */
async function placeOrder(
  request: APIRequestContext,
  customer: { phone: string; token: string },
  productId: number,
  name: string,
  address: string,
): Promise<Placed> {
  const area = 'Mirpur';
  const placed = await request.post('/api/order/add', {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: { name, phone: customer.phone, address, area, carts: [{ product_id: productId, quantity: 2 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { data: { id: number; due: number } }).data;
  return { id: order.id, name, address, area, due: order.due };
}

async function orderOf(request: APIRequestContext, auth: Auth, id: number): Promise<OrderWithTimeline> {
  const answer = await request.get(`/api/order/${id}`, { headers: auth });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: OrderWithTimeline }).data;
}

/** The screen at the phone's width and a computer's, as <name>-390.png and <name>-1280.png. */
async function snapBoth(page: Page, testInfo: TestInfo, name: string) {
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Replaces a field's text as a person does: select it all, then type. */
async function retype(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

test("a rider's deliveries on the phone: online, offline and back, each action once; in Bangla", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const auth = await adminApiAuth(request);
  const shopData = shopTexts(request, auth, page);
  const tag = Date.now().toString(36);
  const product = await addProduct(request, auth, {
    title: `Rider Rice ${tag}`,
    title_bn: 'রাইডার চাল',
    attri: '5 kg',
    attri_bn: '৫ কেজি',
    price: 400,
  });
  const customer = await createCustomer(request, { name: 'Rider Customer' });
  const rider = await makeRider(request, auth, `Jamal ${tag}`);
  const other = await makeRider(request, auth, `Kamal ${tag}`);
  const ayesha = await placeOrder(request, customer, product.id, `Ayesha ${tag}`, 'House 4, Road 2');
  const bilkis = await placeOrder(request, customer, product.id, `Bilkis ${tag}`, 'Flat 3B, Lake Road');
  const chandni = await placeOrder(request, customer, product.id, `Chandni ${tag}`, 'Holding 12, Block C');
  const dalia = await placeOrder(request, customer, product.id, `Dalia ${tag}`, 'House 9, Road 7');
  for (const [orders, riderId] of [
    [[ayesha.id, bilkis.id, chandni.id], rider.id],
    [[dalia.id], other.id],
  ] as const) {
    const assigned = await request.post('/api/deliveries/assign', {
      headers: auth,
      data: { order_ids: orders, rider_id: riderId },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
  }

  // Every action the server answers, by path: after the outage each must have been answered once.
  const answered: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().method() === 'POST' && pathname.startsWith('/api/rider/deliveries/'))
      answered.push(pathname);
  });

  // Sign in on /login by typing, as a rider does: the rider lands on their deliveries.
  await page.goto('/login');
  await page.getByLabel('Phone').pressSequentially(rider.phone);
  await page.getByLabel('Password').pressSequentially(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/rider');
  await expect(page.getByRole('heading', { level: 1, name: 'My deliveries' })).toBeVisible();
  const card = (order: Placed) => page.getByRole('article', { name: order.name, exact: true });
  const toDeliver = page.getByRole('region', { name: /To deliver/ });
  const done = page.getByRole('region', { name: /Done today/ });
  for (const order of [ayesha, bilkis, chandni])
    await expect(toDeliver.locator(`[data-delivery-id="${order.id}"]`)).toBeVisible();
  await expect(card(dalia)).toHaveCount(0);

  // The first card: a call link to the customer's phone, a map link to the address, what to collect.
  const first = card(ayesha);
  await expect(first.getByRole('link', { name: new RegExp(`Call ${ayesha.name}`) })).toHaveAttribute(
    'href',
    `tel:${customer.phone}`,
  );
  await expect(first.getByRole('link', { name: /Map/ })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${ayesha.address}, ${ayesha.area}`)}`,
  );
  await expect(first.getByText(`2 pcs Rider Rice ${tag} (5 kg)`)).toBeVisible();
  await expect(first.getByText(`Collect ${ayesha.due} BDT`)).toBeVisible();
  // The screen is installable as the rider's own app, starting on /rider.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/rider.webmanifest');
  const manifest = (await (await request.get('/rider.webmanifest')).json()) as { start_url: string };
  expect(manifest.start_url).toBe('/rider');
  await snapBoth(page, testInfo, 'rider-en');

  // The app's worker keeps the screen for the road (the storefront's small one may have come first).
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 30_000 })
    .toMatch(/\/sw\.js$/);

  // Online: picked up, then delivered with the due in cash.
  await first.getByRole('button', { name: 'Picked up' }).click();
  await expect(first.getByRole('button', { name: 'Picked up' })).toHaveCount(0);
  await expect(first.getByText('Waiting to send')).toHaveCount(0);
  await first.getByRole('button', { name: 'Delivered' }).click();
  const deliver = page.getByRole('dialog', { name: `Delivered: order #${ayesha.id}` });
  await expect(deliver.getByLabel('Amount (BDT)')).toHaveValue(String(ayesha.due));
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(done.locator(`[data-delivery-id="${ayesha.id}"]`)).toContainText(
    `Collected: Cash ${ayesha.due} BDT`,
  );
  await expect(card(ayesha).getByText('Waiting to send')).toHaveCount(0);
  await expect.poll(async () => (await orderOf(request, auth, ayesha.id)).status).toBe(3);

  // No network: Bilkis pays part in cash and part by bKash; Chandni is not at home.
  await context.setOffline(true);
  await card(bilkis).getByRole('button', { name: 'Delivered' }).click();
  const split = page.getByRole('dialog', { name: `Delivered: order #${bilkis.id}` });
  const cashPart = bilkis.due - 100;
  await retype(page, split.getByLabel('Amount (BDT)'), String(cashPart));
  await split.getByRole('button', { name: 'Split: add a payment' }).click();
  const second = split.getByRole('group', { name: 'Payment 2' });
  await expect(second.getByLabel('Method')).toHaveValue('bkash');
  await second.getByLabel('Amount (BDT)').click();
  await page.keyboard.type('100');
  await second.getByLabel('TrxID').click();
  await page.keyboard.type('TRX7K2M9Q');
  await expect(split.getByText(`Collected ${bilkis.due} of ${bilkis.due} BDT`)).toBeVisible();
  await snap(page, testInfo, 'rider-split-en');
  await split.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(split).toBeHidden();
  await expect(card(bilkis).getByText('Waiting to send')).toBeVisible();
  await expect(card(bilkis)).toContainText(`Collected: Cash ${cashPart} BDT, bKash 100 BDT`);

  await card(chandni).getByRole('button', { name: 'Failed' }).click();
  const fail = page.getByRole('dialog', { name: `Failed: order #${chandni.id}` });
  await fail.getByText('Not at home').click();
  await expect(fail.getByRole('radio', { name: 'Not at home' })).toBeChecked();
  await fail.getByRole('button', { name: 'Mark failed' }).click();
  await expect(fail).toBeHidden();
  await expect(card(chandni).getByText('Waiting to send')).toBeVisible();
  await expect(card(chandni)).toContainText('Reason: Not at home');

  // Nothing reached the server meanwhile.
  expect((await orderOf(request, auth, bilkis.id)).payments).toEqual([]);
  expect((await orderOf(request, auth, chandni.id)).timeline?.some((s) => s.failed)).toBe(false);

  // The screen opens offline, from the worker's copy and the phone's store.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My deliveries' })).toBeVisible();
  await expect(page.getByText(/^Offline: the list as of/)).toBeVisible();
  await expect(card(bilkis).getByText('Waiting to send')).toBeVisible();
  await expect(card(chandni).getByText('Waiting to send')).toBeVisible();
  await snap(page, testInfo, 'rider-offline-en');

  // Back online: each waiting action is sent and answered once, in the order made.
  await context.setOffline(false);
  await expect(page.getByText('Waiting to send')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(/^Offline: the list as of/)).toHaveCount(0);
  expect(answered).toEqual([
    `/api/rider/deliveries/${ayesha.id}/picked-up`,
    `/api/rider/deliveries/${ayesha.id}/delivered`,
    `/api/rider/deliveries/${bilkis.id}/delivered`,
    `/api/rider/deliveries/${chandni.id}/failed`,
  ]);

  // On the server: paid and due changed once, one payment per method, one step by the rider.
  const paidOnline = await orderOf(request, auth, ayesha.id);
  expect(paidOnline).toMatchObject({ status: 3, paid: ayesha.due, due: 0 });
  expect(paidOnline.payments.map((p) => [p.method, p.amount])).toEqual([['cash', ayesha.due]]);
  const splitPaid = await orderOf(request, auth, bilkis.id);
  expect(splitPaid).toMatchObject({ status: 3, paid: bilkis.due, due: 0 });
  expect(splitPaid.payments.map((p) => [p.method, p.amount, p.reference])).toEqual([
    ['cash', cashPart, null],
    ['bkash', 100, 'TRX7K2M9Q'],
  ]);
  expect(splitPaid.timeline?.filter((s) => s.status === 3)).toEqual([
    expect.objectContaining({ by: rider.name }),
  ]);
  const notHome = await orderOf(request, auth, chandni.id);
  expect(notHome).toMatchObject({ status: 1, paid: 0, rider: null });
  expect(notHome.timeline?.filter((s) => s.failed)).toEqual([
    expect.objectContaining({ failed: 'not_home', by: rider.name }),
  ]);
  // The other rider's order was never touched.
  expect((await orderOf(request, auth, dalia.id)).timeline?.some((s) => s.by)).toBe(false);
  await card(chandni).scrollIntoViewIfNeeded();
  await snapBoth(page, testInfo, 'rider-done-en');

  // In Bangla: every word the shop writes is Bangla; names and addresses are the data as typed.
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { level: 1, name: 'আমার ডেলিভারি' })).toBeVisible();
  await expect(card(bilkis)).toContainText(`নেওয়া হয়েছে: ক্যাশ`);
  await expect(card(chandni)).toContainText('কারণ: বাসায় কেউ নেই');
  await expectAllBangla(page.locator('body'), [
    ...(await shopData()),
    ...[ayesha, bilkis, chandni].flatMap((o) => [o.name, o.address, o.area]),
  ]);
  await expect(
    page
      .getByRole('region', { name: /আজ শেষ হয়েছে/ })
      .locator('.badge')
      .first(),
  ).toHaveText('৩');
  await snapBoth(page, testInfo, 'rider-bn');
  await card(chandni).scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'rider-done-bn');
});
