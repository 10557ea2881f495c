import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import type { AuditEvent } from '@bazar/contracts/audit';
import { expect, test } from './support/test';
import { logIn } from './support/accounts';
import { uniquePhone } from './support/phones';
import { tillStoreValue } from './till-offline-helpers';
import { addProduct, adminAuth, shipSetting, stubPrint, type Auth } from './till-helpers';

// Issue 28 at the till: a product that tracks expiry holds a batch that expired three days ago
// (sold first: it expires first) and a fresh one. The cashier scans it: the till warns at once,
// naming the product, how much and the date, and a manager approves with their PIN on the same
// screen; the sale carries the approval and the server keeps it (kind `expired`). In Bangla the
// warning says the same. With the shop's rule "never", the till only lets the line go. Every code
// and PIN is typed key by key, as a scanner and a person do.

const SHOTS = '/tmp/shots-till-expiry';

type Person = { id: number; name: string; phone: string; password: string; pin: string };

/** The owner adds a member of staff (the Staff screen's own call; its form has a test of its own). */
async function addStaff(request: APIRequestContext, auth: Auth, role: string, name: string, pin: string) {
  const phone = uniquePhone();
  const password = `${role}-pass-1`;
  const made = await request.post('/api/staff', {
    headers: auth,
    data: { name, phone, password, pin, role },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: number } }).data;
  return { id, name, phone, password, pin } satisfies Person;
}

/** The shop day (Dhaka) `n` days from today. */
const dhakaDay = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date(Date.now() + n * 864e5));
/** A day as the English screens write it ("05 Mar 2025"). */
const readDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));

/** Setting as the owner reads it, with the till's rule for expired stock. */
async function setExpiredSale(request: APIRequestContext, auth: Auth, rule: 'approval' | 'never') {
  const now = (await (await request.get('/api/settings', { headers: auth })).json()) as {
    data: Record<string, unknown>;
  };
  const saved = await request.post('/api/settings', {
    headers: auth,
    data: { ...now.data, expired_sale: rule },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A scan at the till: the code key by key into the product box, then Enter. */
async function scan(page: Page, code: string) {
  const box = page.getByRole('combobox').first();
  await box.focus();
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('');
}

/** The viewport as a picture in SHOTS, at 1280 and at 390 px wide. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('expired stock at the till', () => {
  test('the till warns of an expired batch as it is scanned; a manager approves; with "never" the line only goes', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const auth = await adminAuth(page);
    const cashier = await addStaff(request, auth, 'cashier', `E2E Expiry Cashier ${stamp}`, '5830');
    const manager = await addStaff(request, auth, 'manager', `E2E Expiry Manager ${stamp}`, '418263');
    const milk = await addProduct(request, auth, {
      title: `E2E Expiry Milk ${stamp}`,
      title_bn: `ই২ই দুধ ${stamp}`,
      attri: '1 L',
      attri_bn: '১ লিটার',
      price: 60,
      buyprice: 45,
    });
    // The stock it was made with goes (it has no date, and would be sold first); then it tracks expiry.
    const out = await request.post('/api/stock/adjust', {
      headers: auth,
      data: { product_id: milk.id, qty: -100, reason: 'other', note: 'E2E: no undated stock' },
    });
    expect(out.status(), await out.text()).toBe(200);
    const track = await request.post(`/api/product/${milk.id}/expiry`, {
      headers: auth,
      data: { track: true },
    });
    expect(track.status(), await track.text()).toBe(200);
    // Bought: 2 that expired three days ago, 10 good for another three weeks.
    const supplier = await request.post('/api/supplier/add', {
      headers: auth,
      data: { name: `E2E Dairy ${stamp}` },
    });
    expect(supplier.status(), await supplier.text()).toBe(201);
    const supplierId = ((await supplier.json()) as { data: { id: number } }).data.id;
    const expired = dhakaDay(-3);
    const bought = await request.post('/api/purchase/add', {
      headers: auth,
      data: {
        supplier_id: supplierId,
        paid: 0,
        lines: [
          { product_id: milk.id, quantity: 2, buyprice: 45, expiry: expired, batch: 'OLD-1' },
          { product_id: milk.id, quantity: 10, buyprice: 45, expiry: dhakaDay(21), batch: 'NEW-1' },
        ],
      },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    await setExpiredSale(request, auth, 'approval');
    const ship = await shipSetting(request, auth);

    try {
      // The shared till: the cashier signs in; the till's copy of the catalogue holds the batches.
      const own = await browser.newContext();
      const till = await own.newPage();
      await stubPrint(till);
      await logIn(till, cashier.phone, cashier.password);
      await expect(till).toHaveURL('/admin/pos');
      await expect(till.getByTestId('till-cashier')).toHaveText(`Cashier: ${cashier.name}`);
      await expect
        .poll(
          async () =>
            ((await tillStoreValue(till, 'products', milk.id)) as { batches?: unknown[] } | null)?.batches
              ?.length,
          { timeout: 20_000 },
        )
        .toBe(2);

      // One bottle: it would come from the expired batch. Warned at once.
      await scan(till, milk.barcode);
      const warning = till.getByRole('dialog', { name: 'Expired stock' });
      await expect(warning).toBeVisible();
      await expect(warning.getByTestId('till-expired-text')).toHaveText(
        `${milk.title} (1 L): the 1 in the cart would come from stock that expired on ${readDay(expired)}.`,
      );
      await expect(warning).toContainText('Check the date on the pack');
      await shots(till, 'till-expired-warning-en');

      // The manager approves with their phone and PIN, typed in the same screen.
      await warning.getByRole('button', { name: 'A manager approves' }).click();
      const approval = till.getByRole('dialog', { name: 'Manager approval' });
      await expect(approval).toContainText(`selling 1 of ${milk.title}, expired on ${readDay(expired)}`);
      await approval.getByLabel('Staff phone').pressSequentially(manager.phone);
      await approval.getByLabel('Till PIN').pressSequentially(manager.pin);
      await approval.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(approval).toBeHidden();
      await expect(warning).toBeHidden();

      // Paid in cash; Save asks nothing more: the approval goes with the sale.
      const pay = till.getByLabel('Pay', { exact: true });
      await pay.focus();
      await pay.pressSequentially(String(60 + ship));
      await expect(till.getByTestId('till-due')).toHaveText('0 BDT');
      await till.keyboard.press('F9');
      await expect(till).toHaveURL(/\/admin\/receipt\/\d+\?then=pos$/);
      const saleId = Number(/receipt\/(\d+)/.exec(till.url())?.[1]);
      await expect(till.getByRole('article', { name: `Receipt of order #${saleId}` })).toContainText(
        milk.title,
      );

      // The server kept the manager's approval of the expired stock with the sale.
      const audit = await request.get('/api/audit?action=approval_given&per_page=50', { headers: auth });
      expect(audit.status()).toBe(200);
      const given = ((await audit.json()) as { data: AuditEvent[] }).data.find(
        (e) => e.entity_id === String(saleId),
      );
      expect(given?.changes).toMatchObject({
        kind: 'expired',
        staff_id: cashier.id,
        approver_id: manager.id,
        product_id: milk.id,
        qty: 1,
        expiry: expired,
      });
      expect(given?.staff_id).toBe(cashier.id);

      // In Bangla the warning says the same.
      await till.goto('/admin/pos');
      await till.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
      await expect(till.locator('html')).toHaveAttribute('lang', 'bn');
      await scan(till, milk.barcode);
      const bnWarning = till.getByRole('dialog', { name: 'মেয়াদ শেষ হওয়া মাল' });
      await expect(bnWarning.getByTestId('till-expired-text')).toContainText(
        `ই২ই দুধ ${stamp} (১ লিটার): কার্টের পুরো ১ আসবে এমন স্টক থেকে`,
      );
      await expect(bnWarning.getByRole('button', { name: 'ম্যানেজার অনুমোদন করবেন' })).toBeVisible();
      await shots(till, 'till-expired-warning-bn');
      await bnWarning.getByRole('button', { name: 'লাইনটি বাদ দিন' }).click();
      await expect(bnWarning).toBeHidden();
      await expect(till.getByTestId('till-cart')).toHaveCount(0);
      await till.locator('.admin-top-bar').getByRole('button', { name: 'English' }).click();
      await expect(till.locator('html')).toHaveAttribute('lang', 'en');

      // The shop never sells expired stock: the warning only lets the line go, and Save refuses.
      await setExpiredSale(request, auth, 'never');
      await till.goto('/admin/pos');
      await expect(till.getByTestId('till-cashier')).toHaveText(`Cashier: ${cashier.name}`);
      await scan(till, milk.barcode);
      const never = till.getByRole('dialog', { name: 'Expired stock' });
      await expect(never).toContainText('This shop does not sell expired stock');
      await expect(never.getByRole('button', { name: 'A manager approves' })).toHaveCount(0);
      await shots(till, 'till-expired-never-en');
      // Closed without removing it: Save says why, and the warning is back.
      await never.getByRole('button', { name: 'Close' }).first().click();
      await expect(never).toBeHidden();
      await till.keyboard.press('F9');
      await expect(till.getByText('Take the expired stock off the sale first.')).toBeVisible();
      await expect(never).toBeVisible();
      await never.getByRole('button', { name: 'Remove the line' }).click();
      await expect(never).toBeHidden();
      await expect(till.getByTestId('till-cart')).toHaveCount(0);
      await expect(till).toHaveURL('/admin/pos');
      await own.close();
    } finally {
      await setExpiredSale(request, auth, 'approval');
    }
  });
});
