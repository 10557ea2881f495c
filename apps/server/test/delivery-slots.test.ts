import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

/** Delivery slots and the area's delivery charge (issue 15), through the real HTTP layer and DB. */

// 09:30 in Dhaka (UTC+6) on 10 March 2026: today's 10:00 slot is past its 60-minute cut-off.
const clock = new ManualClock(Date.parse('2026-03-10T03:30:00Z'));
const TODAY = '2026-03-10';
const TOMORROW = '2026-03-11';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let brand: number;
let buyer: { phone: string; token: string };

const SLOTS = {
  slots: [
    { start: '18:00', end: '20:00', capacity: 1 },
    { start: '10:00', end: '12:00', capacity: 2 },
    { start: '12:00', end: '14:00', capacity: 3 },
    { start: '16:00', end: '18:00', capacity: 5 },
  ],
  days_ahead: 1,
  cutoff_minutes: 60,
};

beforeAll(async () => {
  t = await testApp({ clock });
  api = client(t.app);
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
  buyer = await registerCustomer(t.app, { verified: true, database: t.database });
  await t.database.pool.query('UPDATE settings SET ship = 60');
});

const qtyOf = async (id: number) =>
  Number((await t.database.pool.query('SELECT qty FROM products WHERE id = $1', [id])).rows[0].qty);
const ledgerRows = async (id: number) =>
  Number(
    (await t.database.pool.query('SELECT count(*) FROM stock_ledger WHERE product_id = $1', [id])).rows[0]
      .count,
  );
const product = async (qty = 100) => {
  const [p] = await makeProduct(t.app, admin, brand, { price: '50', qty: String(qty) });
  if (!p) throw new Error('no product');
  return p.id;
};
const order = (productId: number, extra: Record<string, unknown> = {}, who = buyer) =>
  api.post(
    '/api/order/add',
    {
      name: 'Rahima',
      phone: who.phone,
      address: 'House 4',
      area: 'Mirpur',
      carts: [{ product_id: productId, quantity: 1 }],
      ...extra,
    },
    who.token,
  );
const saveSlots = (body: unknown, token = admin) => api.post('/api/delivery-slots/settings', body, token);
type Day = { date: string; slots: Array<{ start: string; left: number; state: string }> };
const listing = async () =>
  (await api.get('/api/delivery-slots')).body.data as { enabled: boolean; days: Day[] };
const slotOf = (days: Day[], date: string, start: string) =>
  days.find((d) => d.date === date)?.slots.find((s) => s.start === start);

describe('without slots', () => {
  it('lists none and checkout stays as it was (no slot asked, none stored)', async () => {
    expect(await listing()).toEqual({ enabled: false, days: [] });
    const res = await order(await product(), { slot: { date: TOMORROW, start: '10:00' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ slot: null, ship: 60 });
  });
});

describe('slot settings', () => {
  it('are the owner’s: guests 401, customers 403', async () => {
    expect((await saveSlots(SLOTS, '')).status).toBe(401);
    expect((await saveSlots(SLOTS, buyer.token)).status).toBe(403);
    expect((await api.get('/api/delivery-slots/settings', buyer.token)).status).toBe(403);
  });

  it('refuse bad times, overlaps, an end before the start and too many days ahead', async () => {
    const bad = [
      { ...SLOTS, slots: [{ start: '25:00', end: '26:00', capacity: 1 }] },
      { ...SLOTS, slots: [{ start: '12:00', end: '10:00', capacity: 1 }] },
      { ...SLOTS, slots: [{ start: '10:00', end: '12:00', capacity: 0 }] },
      {
        ...SLOTS,
        slots: [
          { start: '10:00', end: '12:00', capacity: 1 },
          { start: '11:00', end: '13:00', capacity: 1 },
        ],
      },
      { ...SLOTS, days_ahead: 15 },
      { ...SLOTS, cutoff_minutes: -1 },
      { ...SLOTS, days_ahead: '2' },
    ];
    for (const body of bad) {
      const res = await saveSlots(body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([
        JSON.stringify(body),
        422,
        'invalid',
      ]);
    }
    expect((await api.get('/api/delivery-slots/settings', admin)).body.data).toMatchObject({ slots: [] });
  });

  it('are saved in the order of the day', async () => {
    const res = await saveSlots(SLOTS);
    expect(res.status).toBe(200);
    expect((res.body.data as typeof SLOTS).slots.map((s) => s.start)).toEqual([
      '10:00',
      '12:00',
      '16:00',
      '18:00',
    ]);
    expect((await api.get('/api/delivery-slots/settings', admin)).body.data).toEqual(res.body.data);
  });
});

describe('with slots', () => {
  it('lists today and the days ahead; a slot past its cut-off is closed', async () => {
    const { enabled, days } = await listing();
    expect(enabled).toBe(true);
    expect(days.map((d) => d.date)).toEqual([TODAY, TOMORROW]);
    expect(slotOf(days, TODAY, '10:00')).toMatchObject({ state: 'closed' });
    expect(slotOf(days, TODAY, '12:00')).toMatchObject({ state: 'open', left: 3 });
    expect(slotOf(days, TOMORROW, '10:00')).toMatchObject({ state: 'open', left: 2, capacity: 2 });
    // 11:05: the 12:00 slot closes at 11:00.
    clock.advance(95 * 60_000);
    expect(slotOf((await listing()).days, TODAY, '12:00')).toMatchObject({ state: 'closed' });
    clock.advance(-95 * 60_000);
  });

  it('stores the slot on the order and shows it in its answers', async () => {
    const res = await order(await product(), { slot: { date: TOMORROW, start: '12:00' } });
    expect(res.status).toBe(201);
    const placed = res.body.data as { id: number; slot: unknown };
    expect(placed.slot).toEqual({ date: TOMORROW, start: '12:00', end: '14:00' });
    const read = await api.get(`/api/order/${placed.id}`, buyer.token);
    expect(read.body.data).toMatchObject({ slot: { date: TOMORROW, start: '12:00', end: '14:00' } });
    const mine = await api.get(`/api/orders/${buyer.phone}`, buyer.token);
    const listed = (mine.body.data as Array<{ id: number; slot: unknown }>).find((o) => o.id === placed.id);
    expect(listed?.slot).toEqual({ date: TOMORROW, start: '12:00', end: '14:00' });
    expect(slotOf((await listing()).days, TOMORROW, '12:00')).toMatchObject({ left: 2 });
  });

  it('refuses a missing, unknown, too far, closed or full slot, and takes no stock', async () => {
    const p = await product(10);
    const cases: Array<[unknown, number, string]> = [
      [undefined, 422, 'slot_required'],
      [null, 422, 'slot_required'],
      [{ date: TOMORROW, start: '11:00' }, 422, 'slot_unknown'],
      [{ date: '2026-03-12', start: '10:00' }, 422, 'slot_unknown'],
      [{ date: '2026-03-09', start: '18:00' }, 422, 'slot_unknown'],
      [{ date: TODAY, start: '10:00' }, 409, 'slot_closed'],
    ];
    for (const [slot, status, code] of cases) {
      const res = await order(p, slot === undefined ? {} : { slot });
      expect([slot, res.status, res.body.code]).toEqual([slot, status, code]);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await order(p, { slot: { date: TOMORROW, start: '25:00' } })).status).toBe(422);
    expect((await order(p, { slot: { date: TOMORROW, start: '18:00' } })).status).toBe(201);
    const full = await order(p, { slot: { date: TOMORROW, start: '18:00' } });
    expect([full.status, full.body.code, full.body.message]).toEqual([
      409,
      'slot_full',
      'This delivery slot is full. Please choose another.',
    ]);
    expect(slotOf((await listing()).days, TOMORROW, '18:00')).toMatchObject({ left: 0, state: 'full' });
    expect(await qtyOf(p)).toBe(9);
  });

  it('a cancelled order frees its place', async () => {
    const p = await product();
    const first = await order(p, { slot: { date: TODAY, start: '18:00' } });
    expect(first.status).toBe(201);
    expect((await order(p, { slot: { date: TODAY, start: '18:00' } })).body.code).toBe('slot_full');
    const id = (first.body.data as { id: number }).id;
    expect((await api.post(`/api/order/pay/${id}`, { status: 4, paid: 0 }, admin)).status).toBe(200);
    expect(slotOf((await listing()).days, TODAY, '18:00')).toMatchObject({ left: 1, state: 'open' });
    expect((await order(p, { slot: { date: TODAY, start: '18:00' } })).status).toBe(201);
  });

  it('30 shoppers at once for the last 5 places: exactly 5 orders, stock moved for those only', async () => {
    const p = await product(100);
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, () => registerCustomer(t.app, { verified: true, database: t.database })),
    );
    const ledgerBefore = await ledgerRows(p);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        order(p, { slot: { date: TODAY, start: '16:00' } }, shoppers[i % shoppers.length]),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'slot_full')).toHaveLength(25);
    expect(await qtyOf(p)).toBe(95);
    expect(await ledgerRows(p)).toBe(ledgerBefore + 5);
    const booked = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM orders WHERE delivery_date = $1 AND slot_start = '16:00' AND status <> 4`,
      [TODAY],
    );
    expect(booked.rows[0].n).toBe(5);
  });
});

describe('deliveries of a day', () => {
  it("lists today's slotted orders in slot order, without cancelled ones; admins only", async () => {
    const res = await api.get('/api/orders/deliveries', admin);
    expect(res.status).toBe(200);
    const list = res.body.data as Array<{ slot: { date: string; start: string }; status: number }>;
    expect(list.length).toBe(6); // one at 18:00 (one cancelled), five at 16:00
    expect(list.map((o) => o.slot.start)).toEqual([...Array(5).fill('16:00'), '18:00']);
    expect(list.every((o) => o.slot.date === TODAY && o.status !== 4)).toBe(true);
    const tomorrow = await api.get(`/api/orders/deliveries?date=${TOMORROW}`, admin);
    expect((tomorrow.body.data as Array<{ slot: { start: string } }>).map((o) => o.slot.start)).toEqual([
      '12:00',
      '18:00',
    ]);
    expect((await api.get('/api/orders/deliveries', buyer.token)).status).toBe(403);
    expect((await api.get('/api/orders/deliveries')).status).toBe(401);
    expect((await api.get('/api/orders/deliveries?date=2026-02-30', admin)).status).toBe(422);
  });

  it('the order filter narrows to a slot day and a slot', async () => {
    const day = await api.get(`/api/order-filter?slot_date=${TOMORROW}`, admin);
    expect((day.body.data as unknown[]).length).toBe(2);
    const slot = await api.get(`/api/order-filter?slot_date=${TOMORROW}&slot_start=12:00`, admin);
    expect((slot.body.data as Array<{ slot: { start: string } }>).map((o) => o.slot.start)).toEqual([
      '12:00',
    ]);
    expect((await api.get('/api/order-filter?slot_start=9', admin)).status).toBe(422);
  });
});

describe('delivery charge by area', () => {
  beforeAll(async () => {
    await saveSlots({ ...SLOTS, slots: [] });
  });

  it('areas carry their own charge (null: the settings’)', async () => {
    const outside = await api.post('/api/area/add', { title: 'Outside Dhaka', charge: 120 }, admin);
    expect(outside.status).toBe(201);
    expect(outside.body.data).toMatchObject({ title: 'Outside Dhaka', charge: 120 });
    const inside = await api.post('/api/area/add', { title: 'Inside Dhaka' }, admin);
    expect(inside.body.data).toMatchObject({ charge: null });
    expect((await api.post('/api/area/add', { title: 'Far', charge: -5 }, admin)).status).toBe(422);
    const areas = (await api.get('/api/areas')).body.data as Array<{ title: string; charge: number | null }>;
    expect(areas.find((a) => a.title === 'Outside Dhaka')?.charge).toBe(120);
  });

  it("ship is the area's charge in both ways of placing, whatever the browser sends", async () => {
    const p = await product();
    const fast = await order(p, { area: 'outside dhaka', ship: 0, due: 50 });
    expect(fast.body.data).toMatchObject({ ship: 120, subtotal: 50, due: 170 });
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/order/add',
      headers: {
        authorization: `Bearer ${buyer.token}`,
        'content-type': 'application/json',
        'idempotency-key': 'area-charge-1',
      },
      payload: JSON.stringify({
        name: 'R',
        phone: buyer.phone,
        address: 'A',
        area: 'Outside Dhaka',
        ship: 1,
        carts: [{ product_id: p, quantity: 1 }],
      }),
    });
    expect(locked.json().data).toMatchObject({ ship: 120, due: 170 });
    expect((await order(p, { area: 'Inside Dhaka', ship: 500 })).body.data).toMatchObject({ ship: 60 });
    expect((await order(p, { area: 'Nowhere' })).body.data).toMatchObject({ ship: 60 });
  });

  it('a changed charge is used by the next order; emptied, the settings’ again', async () => {
    const p = await product();
    const areas = (await api.get('/api/areas')).body.data as Array<{ id: number; title: string }>;
    const id = areas.find((a) => a.title === 'Outside Dhaka')?.id;
    await api.post(`/api/area/edit/${id}`, { title: 'Outside Dhaka', charge: 150 }, admin);
    expect((await order(p, { area: 'Outside Dhaka' })).body.data).toMatchObject({ ship: 150 });
    // Left out on edit keeps it.
    await api.post(`/api/area/edit/${id}`, { title: 'Outside Dhaka' }, admin);
    expect((await order(p, { area: 'Outside Dhaka' })).body.data).toMatchObject({ ship: 150 });
    await api.post(`/api/area/edit/${id}`, { title: 'Outside Dhaka', charge: null }, admin);
    expect((await order(p, { area: 'Outside Dhaka' })).body.data).toMatchObject({ ship: 60 });
  });
});
