import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { sendDuesReminders } from '../src/modules/customers/dues-reminder';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, newPhone, staffToken, testApp, type TestApp } from './helpers';

/**
 * Issue 26, credit (baki) the way shops keep it: a credit limit per customer (else the shop's), a
 * sale past it needs a manager; "Receive due" at the till (split, oldest dues first, a receipt for
 * its slip, counted once when sent again); the khata with its running balance and its SMS summary;
 * the monthly reminder SMS to customers owing more than the owner's amount, never to one who opted out.
 */
// 11:00 in Dhaka on the first of the month: the reminder's hour has come.
const clock = new ManualClock(Date.parse('2026-11-01T05:00:00Z'));
let t: TestApp;
let owner: string;
let cashier: { id: number; phone: string; token: string };
let manager: { id: number; phone: string; token: string };
let productId: number;
const api = () => client(t.app);

beforeAll(async () => {
  t = await testApp({ clock });
  owner = await adminToken(t);
  cashier = await staffToken(t, 'cashier', owner);
  manager = await staffToken(t, 'manager', owner);
  const brand = await makeBrand(t.app, owner);
  const [product] = await makeProduct(t.app, owner, brand, { price: '100', qty: '1000' });
  productId = product!.id;
});

/** A till sale of `qty` at 100 to `phone`, `paid` in cash now, and whatever more the body carries. */
const sale = (phone: string, qty: number, paid: number, more: Record<string, unknown> = {}) => ({
  terminal: 1,
  name: '',
  phone,
  address: '',
  area: '',
  ship: 0,
  discount: 0,
  paid,
  method: 'cash',
  carts: [{ product_id: productId, quantity: qty }],
  ...more,
});

async function customer(name: string): Promise<{ id: number; phone: string }> {
  const phone = newPhone();
  const made = await api().post('/api/customer/add', { phone, name }, owner);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { id: (made.body.data as { id: number }).id, phone };
}

const dueOf = async (id: number) => {
  const found = await api().get(`/api/customer/dues/${id}`, owner);
  return (found.body.data as { orders: Array<{ due: number }> }).orders.reduce((s, o) => s + o.due, 0);
};

async function setSettings(changes: Record<string, unknown>) {
  const now = (await api().get('/api/settings', owner)).body.data as Record<string, unknown>;
  const saved = await api().post('/api/settings', { ...now, ...changes }, owner);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data as Record<string, unknown>;
}

const outbox = async (phone: string) =>
  (
    await t.database.pool.query<{ message: string; kind: string }>(
      'SELECT message, kind FROM sms_outbox WHERE to_phone = $1 ORDER BY id',
      [phone],
    )
  ).rows;

describe('credit limits', () => {
  it("a sale past the customer's own limit needs a manager; within it, none; the owner sets it", async () => {
    const rahim = await customer('Rahim Limit');
    // Only a person with the right to change balances sets a credit limit.
    const byCashier = await api().post(
      `/api/customer/edit/${rahim.id}`,
      { name: 'Rahim Limit', credit_limit: 500 },
      cashier.token,
    );
    expect(byCashier.status).toBe(403);
    const set = await api().post(
      `/api/customer/edit/${rahim.id}`,
      { name: 'Rahim Limit', credit_limit: 500 },
      owner,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ credit_limit: 500, due: 0 });

    // Owes 300: within 500.
    const first = await api().post('/api/order/add', sale(rahim.phone, 3, 0), cashier.token);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // 300 + 300 = 600 is past 500: refused, naming who, how much and the limit.
    const past = await api().post('/api/order/add', sale(rahim.phone, 3, 0), cashier.token);
    expect(past.status).toBe(403);
    expect(past.body).toEqual({
      code: 'approval_required',
      kind: 'credit',
      message:
        'Rahim Limit would owe 600 BDT, above their credit limit of 500 BDT: a manager must approve it.',
    });
    // Paid down to 200 owing: 300 + 200 = 500, within the limit.
    expect((await api().post('/api/order/add', sale(rahim.phone, 3, 100), cashier.token)).status).toBe(201);
    // A manager's PIN lets them go past it, and the approval is kept with the sale.
    const approved = await api().post(
      '/api/order/add',
      sale(rahim.phone, 1, 0, { approval: { phone: manager.phone, pin: '1234' } }),
      cashier.token,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    const orderId = (approved.body.data as { id: number }).id;
    const kept = await t.database.pool.query('SELECT kind, detail FROM approvals WHERE order_id = $1', [
      orderId,
    ]);
    expect(kept.rows).toEqual([{ kind: 'credit', detail: { due: 100, owed: 600, limit: 500 } }]);
    // The manager's own till needs nobody.
    expect((await api().post('/api/order/add', sale(rahim.phone, 1, 0), manager.token)).status).toBe(201);
    expect(await dueOf(rahim.id)).toBe(700);
  });

  it("the shop's default applies to customers with no limit of their own and to a new phone", async () => {
    const saved = await setSettings({ credit_limit: 250 });
    expect(saved).toMatchObject({ credit_limit: 250 });
    const karim = await customer('Karim Default');
    const past = await api().post('/api/order/add', sale(karim.phone, 3, 0), cashier.token);
    expect(past.body).toMatchObject({ code: 'approval_required', kind: 'credit' });
    expect((await api().post('/api/order/add', sale(karim.phone, 2, 0), cashier.token)).status).toBe(201);
    // A phone with no account yet.
    const stranger = await api().post('/api/order/add', sale(newPhone(), 3, 0), cashier.token);
    expect(stranger.body).toMatchObject({ code: 'approval_required', kind: 'credit' });
    // A customer's own limit wins over the shop's; paid in full needs nobody.
    await api().post(`/api/customer/edit/${karim.id}`, { name: 'Karim Default', credit_limit: 1000 }, owner);
    expect((await api().post('/api/order/add', sale(karim.phone, 3, 0), cashier.token)).status).toBe(201);
    expect((await api().post('/api/order/add', sale(newPhone(), 9, 900), cashier.token)).status).toBe(201);
    // No limit at all again.
    expect(await setSettings({ credit_limit: null })).toMatchObject({ credit_limit: null });
    expect((await api().post('/api/order/add', sale(newPhone(), 5, 0), cashier.token)).status).toBe(201);
    // A limit is whole taka, not below zero.
    const bad = await api().post(
      '/api/settings',
      { ...((await api().get('/api/settings', owner)).body.data as object), credit_limit: -5 },
      owner,
    );
    expect(bad.status).toBe(422);
  });
});

describe('receive due at the till', () => {
  it('split payments settle the oldest dues first, the receipt is kept once, and more than owed is refused', async () => {
    const salma = await customer('Salma Due');
    const older = (await api().post('/api/order/add', sale(salma.phone, 2, 50), cashier.token)).body.data as {
      id: number;
    };
    const newer = (await api().post('/api/order/add', sale(salma.phone, 3, 0), cashier.token)).body.data as {
      id: number;
    };
    expect(await dueOf(salma.id)).toBe(450);

    const client_id = randomUUID();
    const body = {
      client_id,
      payments: [
        { method: 'cash', amount: 200 },
        { method: 'bkash', amount: 100, reference: 'TRX12345' },
      ],
    };
    const paid = await api().post(`/api/till/due/${salma.id}`, body, cashier.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const receipt = paid.body.data as Record<string, unknown> & { id: number };
    expect(receipt).toMatchObject({
      customer: { id: salma.id, name: 'Salma Due', phone: salma.phone, lang: 'en' },
      cashier: 'Staff cashier',
      owed_before: 450,
      paid: 300,
      due: 150,
      payments: [
        { method: 'cash', amount: 200, reference: null },
        { method: 'bkash', amount: 100, reference: 'TRX12345' },
      ],
      // The older order's 150 first (cash), then 150 of the newer (50 cash, 100 bKash).
      orders: [
        { order_id: older.id, amount: 150 },
        { order_id: newer.id, amount: 150 },
      ],
    });
    const rows = await t.database.pool.query(
      `SELECT order_id, method, amount FROM payments WHERE order_id = ANY($1) AND created_at > now() - interval '1 hour'
       ORDER BY id`,
      [[older.id, newer.id]],
    );
    expect(rows.rows.slice(-3)).toEqual([
      { order_id: older.id, method: 'cash', amount: 150 },
      { order_id: newer.id, method: 'cash', amount: 50 },
      { order_id: newer.id, method: 'bkash', amount: 100 },
    ]);

    // The answer was lost and the till sends it again: the same receipt, the money taken once.
    const again = await api().post(`/api/till/due/${salma.id}`, body, cashier.token);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(receipt);
    expect(await dueOf(salma.id)).toBe(150);
    // Its slip can be printed again.
    const reprint = await api().get(`/api/till/due-receipt/${receipt.id}`, cashier.token);
    expect(reprint.body.data).toEqual(receipt);

    // The same id for another customer is refused; more than owed is refused.
    const other = await customer('Other Due');
    await api().post('/api/order/add', sale(other.phone, 1, 0), cashier.token);
    const clash = await api().post(`/api/till/due/${other.id}`, body, cashier.token);
    expect(clash.status).toBe(422);
    const tooMuch = await api().post(
      `/api/till/due/${salma.id}`,
      { client_id: randomUUID(), payments: [{ method: 'cash', amount: 151 }] },
      cashier.token,
    );
    expect(tooMuch.status).toBe(422);
    // The advance is not money coming in.
    const fromAdvance = await api().post(
      `/api/till/due/${salma.id}`,
      { client_id: randomUUID(), payments: [{ method: 'balance', amount: 10 }] },
      cashier.token,
    );
    expect(fromAdvance.status).toBe(422);
    // With an SMS receipt, in the customer's language.
    const last = await api().post(
      `/api/till/due/${salma.id}`,
      { client_id: randomUUID(), payments: [{ method: 'nagad', amount: 150, reference: 'NG1' }], sms: true },
      cashier.token,
    );
    expect(last.body.data).toMatchObject({ owed_before: 150, paid: 150, due: 0 });
    expect((await outbox(salma.phone)).at(-1)?.message).toContain('received 150 BDT against your dues');
    // Nothing owed: nothing to receive.
    const nothing = await api().post(
      `/api/till/due/${salma.id}`,
      { client_id: randomUUID(), payments: [{ method: 'cash', amount: 1 }] },
      cashier.token,
    );
    expect(nothing.status).toBe(422);
  });
});

describe('khata', () => {
  it('every sale on credit, every payment and return, with a running balance that ends at what is owed', async () => {
    const jamal = await customer('Jamal Khata');
    // Paid in full at the counter: never owed, not in the khata.
    await api().post('/api/order/add', sale(jamal.phone, 1, 100), cashier.token);
    const credit = (await api().post('/api/order/add', sale(jamal.phone, 4, 100), cashier.token)).body
      .data as {
      id: number;
    };
    const second = (await api().post('/api/order/add', sale(jamal.phone, 2, 0), cashier.token)).body.data as {
      id: number;
    };
    await api().post(
      `/api/till/due/${jamal.id}`,
      { client_id: randomUUID(), payments: [{ method: 'cash', amount: 250 }] },
      cashier.token,
    );
    // One of the second sale's two comes back, lowering what is owed.
    const back = await api().post(
      `/api/order/return/${second.id}`,
      { lines: [{ product_id: productId, quantity: 1 }], refund: { method: 'cash', amount: 0 } },
      manager.token,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(201);

    const book = await api().get(`/api/customer/khata/${jamal.id}`, cashier.token);
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    const data = book.body.data as {
      owed: number;
      credit_limit: number | null;
      entries: Array<{
        kind: string;
        order_id: number;
        amount: number;
        balance: number;
        method: string | null;
      }>;
    };
    expect(
      data.entries.map(({ kind, order_id, amount, balance, method }) => ({
        kind,
        order_id,
        amount,
        balance,
        method,
      })),
    ).toEqual([
      { kind: 'sale', order_id: credit.id, amount: 400, balance: 400, method: null },
      { kind: 'payment', order_id: credit.id, amount: -100, balance: 300, method: 'cash' },
      { kind: 'sale', order_id: second.id, amount: 200, balance: 500, method: null },
      { kind: 'payment', order_id: credit.id, amount: -250, balance: 250, method: 'cash' },
      { kind: 'return', order_id: second.id, amount: -100, balance: 150, method: null },
    ]);
    expect(data.owed).toBe(150);
    expect(await dueOf(jamal.id)).toBe(150);

    // Its summary by SMS, on request.
    const sms = await api().post(`/api/customer/khata/${jamal.id}/sms`, {}, cashier.token);
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    expect((await outbox(jamal.phone)).at(-1)?.message).toMatch(
      /^Bazar: you owe 150 BDT for 2 purchases\. Last payment 250 BDT on \d{4}-\d{2}-\d{2}\. Thank you\.$/,
    );
    // A sale on credit paid off a moment later is still on the khata (it was credit), balanced.
    const quick = await customer('Quick Payer');
    await api().post('/api/order/add', sale(quick.phone, 2, 0), cashier.token);
    await api().post(
      `/api/till/due/${quick.id}`,
      { client_id: randomUUID(), payments: [{ method: 'cash', amount: 200 }] },
      cashier.token,
    );
    const quickBook = (await api().get(`/api/customer/khata/${quick.id}`, cashier.token)).body.data as {
      entries: Array<{ kind: string; amount: number; balance: number }>;
    };
    expect(quickBook.entries.map(({ kind, amount, balance }) => ({ kind, amount, balance }))).toEqual([
      { kind: 'sale', amount: 200, balance: 200 },
      { kind: 'payment', amount: -200, balance: 0 },
    ]);
    // A customer sees no khata; an unknown id is 404.
    expect((await api().get('/api/customer/khata/999999', owner)).status).toBe(404);
  });
});

describe('the monthly dues reminder', () => {
  it('goes once a month to customers owing more than the amount, in their language, never to one who opted out', async () => {
    const over = await customer('Reminder Over');
    const bangla = await customer('Reminder Bangla');
    const optedOut = await customer('Reminder Stop');
    const under = await customer('Reminder Under');
    await api().post(`/api/customer/edit/${bangla.id}`, { name: 'Reminder Bangla', lang: 'bn' }, owner);
    await api().post(
      `/api/customer/edit/${optedOut.id}`,
      { name: 'Reminder Stop', sms_opt_out: true },
      owner,
    );
    for (const c of [over, bangla, optedOut])
      await api().post('/api/order/add', sale(c.phone, 6, 0), manager.token);
    await api().post('/api/order/add', sale(under.phone, 1, 0), manager.token);

    // Off until the owner sets an amount.
    expect(await sendDuesReminders(t.ctx)).toBeNull();
    await setSettings({ dues_reminder_over: 500, shop_phone: '01711000000' });
    // Before 10:00 in the shop, nothing goes.
    clock.advance(30 * 86_400_000 - 3 * 3_600_000); // 1 December, 08:00 in Dhaka
    expect(await sendDuesReminders(t.ctx)).toBeNull();
    clock.advance(3 * 3_600_000);
    const done = await sendDuesReminders(t.ctx);
    expect(done?.month).toBe('2026-12');
    expect((await outbox(over.phone)).at(-1)).toEqual({
      kind: 'marketing',
      message:
        'Bazar: a friendly reminder that 600 BDT is due on your account. Questions? Call 01711000000. Thank you.',
    });
    expect((await outbox(bangla.phone)).at(-1)?.message).toContain('৬০০ টাকা বাকি');
    expect(await outbox(optedOut.phone)).toEqual([]);
    expect(await outbox(under.phone)).toEqual([]);
    // Once a month: a second look (another app server, a later tick) sends nothing.
    expect(await sendDuesReminders(t.ctx)).toBeNull();
    expect((await outbox(over.phone)).length).toBe(1);

    // Marketing to a list leaves out the customer who asked for no SMS too (signed in again: the
    // shop's clock moved a month on).
    const later = await adminToken(t);
    const list = await api().post('/api/sms-list/add', { title: 'Reminder list' }, later);
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    const listId = (list.body.data as { id: number }).id;
    for (const c of [over, optedOut]) {
      const item = await api().post('/api/sms-item/add', { phone: c.phone, list_id: listId }, later);
      expect(item.status, JSON.stringify(item.body)).toBe(201);
    }
    expect((await api().get(`/api/sms-send/${listId}`, later)).body.data).toEqual({ recipients: 1 });
    const sent = await api().post(`/api/sms-send/${listId}`, { text: 'Eid offer' }, later);
    expect(sent.body).toMatchObject({ queued: 1 });
    expect(await outbox(optedOut.phone)).toEqual([]);
  });
});
