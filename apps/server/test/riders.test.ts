import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, staffToken, testApp, type TestApp } from './helpers';

/** Riders (issue 27) through the real HTTP layer and database. */

let t: TestApp;
let api: ReturnType<typeof client>;
let owner: string;
let brand: number;
let buyer: { phone: string; token: string };
let riderA: { id: number; phone: string; token: string };
let riderB: { id: number; phone: string; token: string };
let manager: { id: number; phone: string; token: string };
let cashier: { id: number; phone: string; token: string };
let product: number;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  owner = await adminToken(t);
  brand = await makeBrand(t.app, owner);
  buyer = await registerCustomer(t.app, { verified: true, database: t.database });
  riderA = await staffToken(t, 'rider', owner);
  riderB = await staffToken(t, 'rider', owner);
  manager = await staffToken(t, 'manager', owner);
  cashier = await staffToken(t, 'cashier', owner);
  await t.database.pool.query('UPDATE settings SET ship = 60');
  const [p] = await makeProduct(t.app, owner, brand, { price: '100', qty: '500' });
  if (!p) throw new Error('no product');
  product = p.id;
});

/** An online order of the buyer: 2 × 100 + 60 delivery = 260 to pay. */
async function placeOrder(quantity = 2): Promise<number> {
  const res = await api.post(
    '/api/order/add',
    {
      name: 'Rahima',
      phone: buyer.phone,
      address: 'House 4, Road 2',
      area: 'Mirpur',
      carts: [{ product_id: product, quantity }],
    },
    buyer.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.data as { id: number }).id;
}

const smsTo = async (phone: string, since: number) =>
  (
    await t.database.pool.query<{ message: string }>(
      'SELECT message FROM sms_outbox WHERE to_phone = $1 AND id > $2 ORDER BY id',
      [phone, since],
    )
  ).rows.map((r) => r.message);
const lastSmsId = async () =>
  Number((await t.database.pool.query('SELECT coalesce(max(id), 0) AS n FROM sms_outbox')).rows[0].n);
const orderOf = async (id: number) =>
  (await api.get(`/api/order/${id}`, owner)).body.data as {
    paid: number;
    due: number;
    status: number;
    rider: { id: number; name: string } | null;
    timeline: Array<{ status: number; by?: string; failed?: string; note?: string }>;
    payments: Array<{ method: string; amount: number; reference: string | null }>;
  };
const deliveriesOf = async (token: string) =>
  (await api.get('/api/rider/deliveries', token)).body.data as Array<{
    id: number;
    state: string;
    due: number;
    lines: Array<{ title: string; quantity: number }>;
    collected: Array<{ method: string; amount: number }>;
  }>;

describe('riders and assigning', () => {
  it('lists the riders (the built-in Rider role), not the owner or a manager', async () => {
    const res = await api.get('/api/riders', manager.token);
    expect(res.status).toBe(200);
    const ids = (res.body.data as Array<{ id: number; cash_held: number }>).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([riderA.id, riderB.id]));
    expect(ids).not.toContain(manager.id);
    // A cashier may not assign; a rider may not see the back office's lists.
    expect((await api.get('/api/riders', cashier.token)).status).toBe(403);
    expect((await api.get('/api/orders?type=2', riderA.token)).status).toBe(403);
  });

  it('assigns, reassigns and unassigns one order; many at once all or none', async () => {
    const id = await placeOrder();
    const one = await api.post(`/api/order/${id}/rider`, { rider_id: riderA.id }, manager.token);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toMatchObject({ order_ids: [id], rider: { id: riderA.id } });
    expect((await orderOf(id)).rider).toMatchObject({ id: riderA.id });
    await api.post(`/api/order/${id}/rider`, { rider_id: riderB.id }, manager.token);
    expect((await orderOf(id)).rider).toMatchObject({ id: riderB.id });
    expect((await deliveriesOf(riderA.token)).map((d) => d.id)).not.toContain(id);
    expect((await deliveriesOf(riderB.token)).map((d) => d.id)).toContain(id);
    await api.post(`/api/order/${id}/rider`, { rider_id: null }, manager.token);
    expect((await orderOf(id)).rider).toBeNull();

    const two = [await placeOrder(), await placeOrder()];
    const many = await api.post(
      '/api/deliveries/assign',
      { order_ids: two, rider_id: riderA.id },
      manager.token,
    );
    expect(many.status).toBe(200);
    for (const o of two) expect((await orderOf(o)).rider).toMatchObject({ id: riderA.id });

    // Not a rider: 422; a cancelled order among them: 409 and nothing changes.
    const bad = await api.post(`/api/order/${id}/rider`, { rider_id: manager.id }, manager.token);
    expect(bad.status).toBe(422);
    const cancelled = await placeOrder();
    await api.post(`/api/order/pay/${cancelled}`, { status: 4, paid: 0 }, owner);
    const mixed = await api.post(
      '/api/deliveries/assign',
      { order_ids: [id, cancelled], rider_id: riderB.id },
      manager.token,
    );
    expect(mixed.status).toBe(409);
    expect((await orderOf(id)).rider).toBeNull();
    // A cashier may not assign.
    expect((await api.post(`/api/order/${id}/rider`, { rider_id: riderA.id }, cashier.token)).status).toBe(
      403,
    );
  });
});

describe("the rider's deliveries", () => {
  it('a rider sees only their own; acting on another rider’s order answers 404', async () => {
    const mine = await placeOrder();
    const theirs = await placeOrder();
    await api.post(`/api/order/${mine}/rider`, { rider_id: riderA.id }, owner);
    await api.post(`/api/order/${theirs}/rider`, { rider_id: riderB.id }, owner);
    const list = await deliveriesOf(riderA.token);
    expect(list.map((d) => d.id)).toContain(mine);
    expect(list.map((d) => d.id)).not.toContain(theirs);
    const item = list.find((d) => d.id === mine);
    expect(item).toMatchObject({ state: 'assigned', due: 260, lines: [{ quantity: 2 }] });
    for (const step of ['picked-up', 'delivered', 'failed']) {
      const body =
        step === 'failed' ? { reason: 'not_home' } : step === 'delivered' ? { payments: [] } : undefined;
      const res = await api.post(`/api/rider/deliveries/${theirs}/${step}`, body, riderA.token);
      expect(res.status, step).toBe(404);
    }
    // A customer and a cashier are no riders.
    expect((await api.get('/api/rider/deliveries', buyer.token)).status).toBe(403);
    expect((await api.get('/api/rider/deliveries', cashier.token)).status).toBe(403);
  });

  it('picked up: Out for delivery on the timeline with the rider’s name, one SMS naming the rider, once', async () => {
    const id = await placeOrder();
    await api.post(`/api/order/${id}/rider`, { rider_id: riderA.id }, owner);
    const before = await lastSmsId();
    const first = await api.post(`/api/rider/deliveries/${id}/picked-up`, undefined, riderA.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ state: 'picked_up', status: 2 });
    const again = await api.post(`/api/rider/deliveries/${id}/picked-up`, undefined, riderA.token);
    expect(again.status).toBe(200);
    const sms = await smsTo(buyer.phone, before);
    expect(sms).toEqual([
      `Your order #${id} is on its way with Staff rider (${riderA.phone}). Please keep 260 BDT ready.`,
    ]);
    const order = await orderOf(id);
    expect(order.status).toBe(2);
    expect(order.timeline.filter((s) => s.status === 2)).toEqual([
      expect.objectContaining({ by: 'Staff rider' }),
    ]);
    // The customer sees the rider's name on their own timeline too.
    const mineAsCustomer = (await api.get(`/api/order/${id}`, buyer.token)).body.data as typeof order;
    expect(mineAsCustomer.timeline.at(-1)).toMatchObject({ status: 2, by: 'Staff rider' });
  });

  it('delivered with a split payment: paid and due change once, even when sent twice', async () => {
    const id = await placeOrder();
    await api.post(`/api/order/${id}/rider`, { rider_id: riderA.id }, owner);
    await api.post(`/api/rider/deliveries/${id}/picked-up`, undefined, riderA.token);
    const before = await lastSmsId();
    const body = {
      payments: [
        { method: 'cash', amount: 160 },
        { method: 'bkash', amount: 100, reference: 'TRX9A8B7C' },
      ],
    };
    const [a, b] = await Promise.all([
      api.post(`/api/rider/deliveries/${id}/delivered`, body, riderA.token),
      api.post(`/api/rider/deliveries/${id}/delivered`, body, riderA.token),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const resent = await api.post(`/api/rider/deliveries/${id}/delivered`, body, riderA.token);
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ state: 'delivered', paid: 260, due: 0 });
    const order = await orderOf(id);
    expect(order).toMatchObject({ status: 3, paid: 260, due: 0 });
    expect(order.payments.map((p) => [p.method, p.amount, p.reference])).toEqual([
      ['cash', 160, null],
      ['bkash', 100, 'TRX9A8B7C'],
    ]);
    expect(order.timeline.filter((s) => s.status === 3)).toEqual([
      expect.objectContaining({ by: 'Staff rider' }),
    ]);
    // One status SMS (the shop's "delivered" text).
    expect(await smsTo(buyer.phone, before)).toEqual([
      `Your order #${id} is delivered. Thank you for shopping with us!`,
    ]);
    // The money core's books still balance.
    const check = await api.get('/api/money/check', owner);
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual([]);
  });

  it('refuses more than the due, bKash without its TrxID, and a method a rider does not take', async () => {
    const id = await placeOrder();
    await api.post(`/api/order/${id}/rider`, { rider_id: riderA.id }, owner);
    const over = await api.post(
      `/api/rider/deliveries/${id}/delivered`,
      { payments: [{ method: 'cash', amount: 261 }] },
      riderA.token,
    );
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('amount_large');
    const noTrx = await api.post(
      `/api/rider/deliveries/${id}/delivered`,
      { payments: [{ method: 'bkash', amount: 100 }] },
      riderA.token,
    );
    expect(noTrx.status).toBe(422);
    expect(noTrx.body.errors).toHaveProperty(['payments.0.reference']);
    const card = await api.post(
      `/api/rider/deliveries/${id}/delivered`,
      { payments: [{ method: 'balance', amount: 10 }] },
      riderA.token,
    );
    expect(card.status).toBe(422);
    expect((await orderOf(id)).paid).toBe(0);
  });

  it('failed with a reason and a new slot: back at the shop, unassigned, on the timeline, one SMS, once', async () => {
    await api.post(
      '/api/delivery-slots/settings',
      { slots: [{ start: '10:00', end: '12:00', capacity: 50 }], days_ahead: 3, cutoff_minutes: 0 },
      owner,
    );
    const slots = (await api.get('/api/delivery-slots')).body.data as {
      days: Array<{ date: string; slots: Array<{ start: string; state: string }> }>;
    };
    const later = slots.days.find((d) => d.slots.some((s) => s.state === 'open'));
    if (!later) throw new Error('no open slot');
    const res = await api.post(
      '/api/order/add',
      {
        name: 'Rahima',
        phone: buyer.phone,
        address: 'House 4',
        area: 'Mirpur',
        carts: [{ product_id: product, quantity: 1 }],
        slot: { date: later.date, start: '10:00' },
      },
      buyer.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = (res.body.data as { id: number }).id;
    const nextDay = slots.days.at(-1)?.date ?? later.date;
    await api.post(`/api/order/${id}/rider`, { rider_id: riderA.id }, owner);
    await api.post(`/api/rider/deliveries/${id}/picked-up`, undefined, riderA.token);
    // "other" needs a note.
    const noNote = await api.post(`/api/rider/deliveries/${id}/failed`, { reason: 'other' }, riderA.token);
    expect(noNote.status).toBe(422);
    // A full slot is refused as it is at checkout: capacity 1, taken by another order.
    await api.post(
      '/api/delivery-slots/settings',
      { slots: [{ start: '10:00', end: '12:00', capacity: 1 }], days_ahead: 3, cutoff_minutes: 0 },
      owner,
    );
    const taken = await api.post(
      '/api/order/add',
      {
        name: 'Rahima',
        phone: buyer.phone,
        address: 'House 4',
        area: 'Mirpur',
        carts: [{ product_id: product, quantity: 1 }],
        slot: { date: nextDay, start: '10:00' },
      },
      buyer.token,
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const full = await api.post(
      `/api/rider/deliveries/${id}/failed`,
      { reason: 'not_home', slot: { date: nextDay, start: '10:00' } },
      riderA.token,
    );
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('slot_full');
    await api.post(`/api/order/pay/${(taken.body.data as { id: number }).id}`, { status: 4, paid: 0 }, owner);

    const before = await lastSmsId();
    const body = { reason: 'not_home', note: 'Gate locked', slot: { date: nextDay, start: '10:00' } };
    const first = await api.post(`/api/rider/deliveries/${id}/failed`, body, riderA.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      state: 'failed',
      reason: 'not_home',
      reason_note: 'Gate locked',
    });
    // Sent again (a lost answer): the same answer, nothing new.
    const again = await api.post(`/api/rider/deliveries/${id}/failed`, body, riderA.token);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ state: 'failed' });
    const order = (await api.get(`/api/order/${id}`, owner)).body.data as {
      status: number;
      rider: unknown;
      slot: { date: string; start: string };
      timeline: Array<{ status: number; failed?: string; note?: string; by?: string }>;
    };
    expect(order).toMatchObject({ status: 1, rider: null, slot: { date: nextDay, start: '10:00' } });
    expect(order.timeline.filter((s) => s.failed)).toEqual([
      expect.objectContaining({ status: 1, failed: 'not_home', note: 'Gate locked', by: 'Staff rider' }),
    ]);
    expect(await smsTo(buyer.phone, before)).toEqual([
      `We could not deliver your order #${id}: nobody was at home. We will come again on ${nextDay}, 10:00-12:00.`,
    ]);
    // Still on the rider's list today, as failed, also once the shop gives it to another rider.
    expect((await deliveriesOf(riderA.token)).find((d) => d.id === id)).toMatchObject({ state: 'failed' });
    await api.post(`/api/order/${id}/rider`, { rider_id: riderB.id }, owner);
    await api.post(`/api/rider/deliveries/${id}/picked-up`, undefined, riderB.token);
    expect((await deliveriesOf(riderA.token)).find((d) => d.id === id)).toMatchObject({
      state: 'failed',
      reason: 'not_home',
    });
    expect((await deliveriesOf(riderB.token)).find((d) => d.id === id)).toMatchObject({
      state: 'picked_up',
      reason: null,
    });
    await api.post('/api/delivery-slots/settings', { slots: [], days_ahead: 2, cutoff_minutes: 60 }, owner);
  });

  it('a step sent with the phone’s id is made once, even when the order came back to the same rider before the resend', async () => {
    const id = await placeOrder();
    await api.post(`/api/order/${id}/rider`, { rider_id: riderA.id }, owner);
    const step = { reason: 'refused', client_id: '6f9a4c1e-2b7d-4c3a-9e8f-1a2b3c4d5e6f' };
    expect((await api.post(`/api/rider/deliveries/${id}/failed`, step, riderA.token)).status).toBe(200);
    // The answer was lost; the shop gives the order back to the same rider; the phone resends.
    await api.post(`/api/order/${id}/rider`, { rider_id: riderA.id }, owner);
    const before = await lastSmsId();
    const resent = await api.post(`/api/rider/deliveries/${id}/failed`, step, riderA.token);
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ state: 'assigned' });
    expect(await smsTo(buyer.phone, before)).toEqual([]);
    expect((await orderOf(id)).timeline.filter((s) => s.failed)).toHaveLength(1);
    // The same id for another order is refused.
    const other = await placeOrder();
    await api.post(`/api/order/${other}/rider`, { rider_id: riderA.id }, owner);
    expect((await api.post(`/api/rider/deliveries/${other}/failed`, step, riderA.token)).status).toBe(409);
    // Delivered with an id: a resend takes nothing more.
    const paid = {
      payments: [{ method: 'cash', amount: 260 }],
      client_id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    };
    expect((await api.post(`/api/rider/deliveries/${id}/delivered`, paid, riderA.token)).status).toBe(200);
    expect((await api.post(`/api/rider/deliveries/${id}/delivered`, paid, riderA.token)).status).toBe(200);
    expect((await orderOf(id)).payments).toHaveLength(1);
  });

  it('a Bangla customer gets the rider’s SMS in Bangla', async () => {
    const bn = await registerCustomer(t.app, { verified: true, database: t.database });
    await t.database.pool.query("UPDATE users SET lang = 'bn' WHERE phone = $1", [bn.phone]);
    const res = await api.post(
      '/api/order/add',
      {
        name: 'Karim',
        phone: bn.phone,
        address: 'House 9',
        area: 'Mirpur',
        carts: [{ product_id: product, quantity: 1 }],
      },
      bn.token,
    );
    const id = (res.body.data as { id: number }).id;
    await api.post(`/api/order/${id}/rider`, { rider_id: riderB.id }, owner);
    const before = await lastSmsId();
    await api.post(`/api/rider/deliveries/${id}/picked-up`, undefined, riderB.token);
    expect(await smsTo(bn.phone, before)).toEqual([
      `আপনার অর্ডার #${id} নিয়ে আসছেন Staff rider (${riderB.phone})। ১৬০ টাকা প্রস্তুত রাখুন।`,
    ]);
  });
});

describe('settling a rider', () => {
  it('totals equal the collected payments; a short handover stays with the rider until settled', async () => {
    const rider = await staffToken(t, 'rider', owner);
    const ids = [await placeOrder(1), await placeOrder(1), await placeOrder(1)];
    await api.post('/api/deliveries/assign', { order_ids: ids, rider_id: rider.id }, manager.token);
    const [a, b, c] = ids as [number, number, number];
    await api.post(
      `/api/rider/deliveries/${a}/delivered`,
      { payments: [{ method: 'cash', amount: 160 }] },
      rider.token,
    );
    await api.post(
      `/api/rider/deliveries/${b}/delivered`,
      {
        payments: [
          { method: 'cash', amount: 60 },
          { method: 'nagad', amount: 100, reference: 'NG12345' },
        ],
      },
      rider.token,
    );
    await api.post(`/api/rider/deliveries/${c}/failed`, { reason: 'refused' }, rider.token);

    const sheet = await api.get(`/api/riders/${rider.id}/settlement`, manager.token);
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    const day = sheet.body.data as {
      date: string;
      delivered: Array<{ id: number; collected: Array<{ amount: number }> }>;
      failed: Array<{ id: number; reason: string }>;
      collected: { cash: number; bkash: number; nagad: number };
      cash_held: number;
      held_before: number;
    };
    expect(day.delivered.map((o) => o.id)).toEqual([a, b]);
    expect(day.failed).toEqual([expect.objectContaining({ id: c, reason: 'refused' })]);
    expect(day.collected).toEqual({ cash: 220, bkash: 0, nagad: 100 });
    const sum = day.delivered.flatMap((o) => o.collected).reduce((n, p) => n + p.amount, 0);
    expect(sum).toBe(day.collected.cash + day.collected.bkash + day.collected.nagad);
    expect(day.cash_held).toBe(220);

    // The rider's cash is in the day's money once, as cash taken outside the till's shifts; a
    // handover (even by a manager with a shift open) moves no money, so it is not counted twice.
    await api.post('/api/shift/open', { float: 0 }, manager.token);
    const dayCash = async () =>
      ((await api.get(`/api/day-close?date=${day.date}`, owner)).body.data as { cash: { expected: number } })
        .cash.expected;
    const cashBefore = await dayCash();

    // 200 handed over: 20 stays with the rider, shown until a later handover settles it.
    const short = await api.post(
      `/api/riders/${rider.id}/settlement`,
      { date: day.date, cash: 200 },
      manager.token,
    );
    expect(short.status, JSON.stringify(short.body)).toBe(201);
    expect(short.body.data).toMatchObject({ cash_held: 20, handovers: [{ amount: 200, expected: 220 }] });
    const listed = (await api.get('/api/riders', manager.token)).body.data as Array<{
      id: number;
      cash_held: number;
    }>;
    expect(listed.find((r) => r.id === rider.id)?.cash_held).toBe(20);
    const rest = await api.post(
      `/api/riders/${rider.id}/settlement`,
      { date: day.date, cash: 20, note: 'the rest' },
      manager.token,
    );
    expect(rest.body.data).toMatchObject({ cash_held: 0 });
    expect(await dayCash()).toBe(cashBefore);
    expect((await api.get('/api/money/check', owner)).body.data).toEqual([]);
    // Only those who settle may: a cashier and the rider get 403.
    expect((await api.get(`/api/riders/${rider.id}/settlement`, cashier.token)).status).toBe(403);
    expect(
      (await api.post(`/api/riders/${rider.id}/settlement`, { date: day.date, cash: 1 }, rider.token)).status,
    ).toBe(403);
  });
});

describe('pick list, short lines and the dashboard', () => {
  it('totals each product over the chosen orders; a short line comes off the order, stock unmoved, the customer told', async () => {
    const ids = [await placeOrder(2), await placeOrder(3)];
    const res = await api.get(`/api/deliveries/pick-list?order_ids=${ids.join(',')}`, manager.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = res.body.data as {
      orders: Array<{ id: number; items: number }>;
      categories: Array<{ products: Array<{ product_id: number; quantity: number; orders: unknown[] }> }>;
    };
    expect(list.orders.map((o) => [o.id, o.items])).toEqual([
      [ids[0], 2],
      [ids[1], 3],
    ]);
    const line = list.categories.flatMap((c) => c.products).find((p) => p.product_id === product);
    expect(line).toMatchObject({
      quantity: 5,
      orders: [
        { order_id: ids[0], quantity: 2 },
        { order_id: ids[1], quantity: 3 },
      ],
    });

    const qty = async () =>
      Number((await t.database.pool.query('SELECT qty FROM products WHERE id = $1', [product])).rows[0].qty);
    const stockBefore = await qty();
    const before = await lastSmsId();
    const short = await api.post(
      `/api/order/${ids[1]}/short`,
      { product_id: product, quantity: 1 },
      manager.token,
    );
    expect(short.status, JSON.stringify(short.body)).toBe(200);
    expect(short.body.data).toMatchObject({ subtotal: 200, due: 260 });
    expect(await qty()).toBe(stockBefore);
    expect(await smsTo(buyer.phone, before)).toEqual([
      `Sorry, E2E product of your order #${ids[1]} is out of stock and was taken off. New total: 260 BDT.`.replace(
        'E2E product',
        (short.body.data as { carts: Array<{ title: string; attri: string }> }).carts
          .map((c) => (c.attri ? `${c.title} (${c.attri})` : c.title))
          .join(''),
      ),
    ]);
    const again = await api.get(`/api/deliveries/pick-list?order_ids=${ids[1]}`, manager.token);
    expect((again.body.data as { orders: Array<{ items: number }> }).orders[0]?.items).toBe(2);
    // More than is left: 409.
    expect(
      (await api.post(`/api/order/${ids[1]}/short`, { product_id: product, quantity: 5 }, manager.token))
        .status,
    ).toBe(409);
  });

  it('the dashboard summary counts a day’s deliveries, on time, failed reasons and the cash with riders', async () => {
    const res = await api.get('/api/deliveries/summary', owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.data as {
      delivered: number;
      on_time: number;
      failed_reasons: Array<{ reason: string; count: number }>;
      cash_with_riders: number;
    };
    expect(s.delivered).toBeGreaterThanOrEqual(3);
    expect(s.on_time).toBe(s.delivered);
    expect(s.failed_reasons.map((r) => r.reason)).toEqual(expect.arrayContaining(['not_home', 'refused']));
    const riders = (await api.get('/api/riders', owner)).body.data as Array<{ cash_held: number }>;
    expect(s.cash_with_riders).toBe(riders.reduce((n, r) => n + Math.max(0, r.cash_held), 0));
    expect(s.cash_with_riders).toBeGreaterThan(0);
  });
});
