import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, staffToken, testApp, type TestApp } from './helpers';

/**
 * Issue 24, the till with several cashiers: a cashier's discount above their role's limit, a return,
 * a void and the drawer opened with no sale need a manager's PIN (403 `approval_required` without
 * it); the approval is stored with both people and in the audit trail. "Switch cashier" gives the
 * next sales to the person whose PIN it was; 5 wrong PINs lock a PIN until a manager unlocks it.
 */
let t: TestApp;
let owner: string;
let cashier: { id: number; phone: string; token: string };
let manager: { id: number; phone: string; token: string };
let productId: number;
const api = () => client(t.app);

beforeAll(async () => {
  t = await testApp();
  owner = await adminToken(t);
  cashier = await staffToken(t, 'cashier', owner);
  manager = await staffToken(t, 'manager', owner);
  const brand = await makeBrand(t.app, owner);
  const [product] = await makeProduct(t.app, owner, brand, { price: '200', qty: '100' });
  productId = product!.id;
});

/** A till sale of `qty` at 200 with `discount`, and whatever more the body carries. */
const sale = (qty: number, discount: number, more: Record<string, unknown> = {}) => ({
  terminal: 1,
  name: '',
  phone: '',
  address: '',
  area: '',
  ship: 0,
  discount,
  paid: 200 * qty - discount,
  method: 'cash',
  carts: [{ product_id: productId, quantity: qty }],
  ...more,
});

const approvalsOf = async (orderId: number) =>
  (
    await t.database.pool.query<{ kind: string; staff_id: number; approver_id: number; offline: boolean }>(
      'SELECT kind, staff_id, approver_id, offline FROM approvals WHERE order_id = $1 ORDER BY id',
      [orderId],
    )
  ).rows;

const trail = async (query: string) =>
  (await api().get(`/api/audit?per_page=100${query}`, owner)).body.data as Array<
    Record<string, unknown> & {
      staff_id: number | null;
      entity_id: string | null;
      changes: Record<string, unknown>;
    }
  >;

describe('manager approval at the till', () => {
  it('a discount above the cashier’s 5 % needs a manager’s PIN; within it, none', async () => {
    // 10 of 1,000 (1 %) is within the limit.
    const small = await api().post('/api/order/add', sale(5, 10), cashier.token);
    expect(small.status, JSON.stringify(small.body)).toBe(201);

    // 100 of 1,000 (10 %) is not.
    const refused = await api().post('/api/order/add', sale(5, 100), cashier.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'approval_required',
      kind: 'discount',
      message: "A discount of 10% is above this cashier's limit of 5%: a manager must approve it.",
    });

    // The cashier's own PIN is no manager's.
    const own = await api().post(
      '/api/order/add',
      sale(5, 100, { approval: { phone: cashier.phone, pin: '1234' } }),
      cashier.token,
    );
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({
      code: 'approval_required',
      message: 'This person may not approve: ask a manager or the owner.',
    });

    // A wrong manager PIN is refused, and counted.
    const wrong = await api().post(
      '/api/order/add',
      sale(5, 100, { approval: { phone: manager.phone, pin: '9999' } }),
      cashier.token,
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'approval_required', message: 'Incorrect phone or PIN.' });

    const ok = await api().post(
      '/api/order/add',
      sale(5, 100, { approval: { phone: manager.phone, pin: '1234' } }),
      cashier.token,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const orderId = (ok.body.data as { id: number }).id;
    expect(await approvalsOf(orderId)).toEqual([
      { kind: 'discount', staff_id: cashier.id, approver_id: manager.id, offline: false },
    ]);
    const stored = await t.database.pool.query('SELECT staff_id, discount FROM orders WHERE id = $1', [
      orderId,
    ]);
    expect(stored.rows[0]).toEqual({ staff_id: cashier.id, discount: 100 });

    // The audit trail: the sale and its approval, by the cashier, naming the manager; the wrong PIN too.
    const events = await trail(`&entity=order`);
    const mine = events.filter((e) => e.entity_id === String(orderId));
    expect(mine.map((e) => e.action).sort()).toEqual(['approval_given', 'sale_made']);
    expect(mine.every((e) => e.staff_id === cashier.id)).toBe(true);
    expect(mine.find((e) => e.action === 'approval_given')?.changes).toMatchObject({
      kind: 'discount',
      approver_id: manager.id,
      percent: 10,
      limit: 5,
    });
    const failed = await trail('&action=pin_failed');
    expect(failed.some((e) => e.entity_id === String(manager.id))).toBe(true);

    // The manager gives any discount without anyone's approval.
    const byManager = await api().post('/api/order/add', sale(5, 300), manager.token);
    expect(byManager.status).toBe(201);
    expect(await approvalsOf((byManager.body.data as { id: number }).id)).toEqual([]);
  });

  it('the till checks a manager’s PIN first, and learns who they are', async () => {
    const ok = await api().post(
      '/api/till/approver',
      { phone: manager.phone, pin: '1234', kind: 'discount' },
      cashier.token,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: manager.id, staff_role: 'manager', phone: manager.phone });
    expect((ok.body.data as { permissions: string[] }).permissions).toContain('till.approve');
    const cashierPin = await api().post(
      '/api/till/approver',
      { phone: cashier.phone, pin: '1234', kind: 'return' },
      cashier.token,
    );
    expect(cashierPin.status).toBe(403);
    expect(cashierPin.body).toMatchObject({ code: 'approval_required', kind: 'return' });
  });

  it('a price changed at the till needs approval, and then the customer pays it', async () => {
    const line = { product_id: productId, quantity: 1, price: 150, price_changed: true };
    const body = { ...sale(1, 0), paid: 150, carts: [line] };
    const refused = await api().post('/api/order/add', body, cashier.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'approval_required', kind: 'price' });
    const ok = await api().post(
      '/api/order/add',
      { ...body, approval: { phone: manager.phone, pin: '1234' } },
      cashier.token,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const order = ok.body.data as { id: number; subtotal: number; due: number };
    expect(order).toMatchObject({ subtotal: 150, due: 0 });
    expect(await approvalsOf(order.id)).toEqual([
      { kind: 'price', staff_id: cashier.id, approver_id: manager.id, offline: false },
    ]);
  });

  it('money left owing needs a customer’s phone: a walk-in pays in full, or a manager approves the credit', async () => {
    // F9 with nothing paid and no customer: refused, naming what is left.
    const walkIn = await api().post('/api/order/add', sale(1, 0, { paid: 0 }), cashier.token);
    expect(walkIn.status).toBe(403);
    expect(walkIn.body).toEqual({
      code: 'approval_required',
      kind: 'credit',
      message:
        'A walk-in customer pays in full: 200 BDT is left. Look up the customer who owes it, take the rest, or ask a manager to approve the credit.',
    });
    // Part paid, still a walk-in: the same.
    const part = await api().post('/api/order/add', sale(1, 0, { paid: 150 }), cashier.token);
    expect(part.body).toMatchObject({ code: 'approval_required', kind: 'credit' });
    // With the customer's phone the credit is theirs.
    await api().post('/api/customer/add', { phone: '01812377001', name: 'Baki Rahim' }, cashier.token);
    const named = await api().post(
      '/api/order/add',
      sale(1, 0, { paid: 150, phone: '01812377001' }),
      cashier.token,
    );
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect(named.body.data).toMatchObject({ due: 50, name: 'Baki Rahim' });
    // A manager's PIN lets a walk-in owe, and the approval is stored with the sale.
    const approved = await api().post(
      '/api/order/add',
      sale(1, 0, { paid: 0, approval: { phone: manager.phone, pin: '1234' } }),
      cashier.token,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    const order = approved.body.data as { id: number; due: number };
    expect(order.due).toBe(200);
    expect(await approvalsOf(order.id)).toEqual([
      { kind: 'credit', staff_id: cashier.id, approver_id: manager.id, offline: false },
    ]);
    // Paid in full, nobody is asked.
    expect((await api().post('/api/order/add', sale(1, 0), cashier.token)).status).toBe(201);
  });

  it('a return and a void need a manager; the return then goes through', async () => {
    const made = await api().post('/api/order/add', sale(2, 0), cashier.token);
    const orderId = (made.body.data as { id: number }).id;
    const back = { lines: [{ product_id: productId, quantity: 1 }], refund: { method: 'cash', amount: 200 } };
    const refused = await api().post(`/api/order/return/${orderId}`, back, cashier.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'approval_required', kind: 'return' });
    const returned = await api().post(
      `/api/order/return/${orderId}`,
      { ...back, approval: { phone: manager.phone, pin: '1234' } },
      cashier.token,
    );
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect(await approvalsOf(orderId)).toEqual([
      { kind: 'return', staff_id: cashier.id, approver_id: manager.id, offline: false },
    ]);
    expect((await trail('&action=goods_returned')).some((e) => e.entity_id === String(orderId))).toBe(true);

    // A role that may delete orders but not approve: deleting a saved till sale is a void.
    const role = await api().post(
      '/api/roles',
      {
        name: 'Senior cashier',
        permissions: ['till.sell', 'orders.view', 'orders.delete'],
        discount_limit: 5,
      },
      owner,
    );
    expect(role.status).toBe(201);
    const senior = await staffToken(t, (role.body.data as { key: string }).key, owner);
    const voidRefused = await api().del(`/api/order/delete/${orderId}`, senior.token);
    expect(voidRefused.status).toBe(403);
    expect(voidRefused.body).toMatchObject({ code: 'approval_required', kind: 'void' });
    const voided = await api().del(`/api/order/delete/${orderId}`, senior.token, {
      approval: { phone: manager.phone, pin: '1234' },
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await approvalsOf(orderId)).toContainEqual({
      kind: 'void',
      staff_id: senior.id,
      approver_id: manager.id,
      offline: false,
    });
  });

  it('the drawer opened with no sale: a manager approves, both are stored', async () => {
    const refused = await api().post('/api/till/drawer', { reason: 'Change for a 1000 note' }, cashier.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'approval_required', kind: 'drawer' });
    const opened = await api().post(
      '/api/till/drawer',
      { reason: 'Change for a 1000 note', approval: { phone: manager.phone, pin: '1234' } },
      cashier.token,
    );
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({ by: 'Staff cashier', approved_by: 'Staff manager' });
    const [event] = await trail('&action=drawer_opened');
    expect(event).toMatchObject({ staff_id: cashier.id, changes: { approver_id: manager.id } });
  });

  it('a sale made offline keeps the cashier and the approval the till checked', async () => {
    const body = sale(5, 100, {
      offline: true,
      client_id: randomUUID(),
      carts: [{ product_id: productId, quantity: 5, price: 200 }],
      staff_id: cashier.id,
      approved_by: manager.id,
    });
    // Synced by whoever is signed in on the till now (the manager here).
    const synced = await api().post('/api/order/add', body, manager.token);
    expect(synced.status, JSON.stringify(synced.body)).toBe(201);
    const orderId = (synced.body.data as { id: number }).id;
    const stored = await t.database.pool.query('SELECT staff_id FROM orders WHERE id = $1', [orderId]);
    expect(stored.rows[0]).toEqual({ staff_id: cashier.id });
    expect(await approvalsOf(orderId)).toEqual([
      { kind: 'discount', staff_id: cashier.id, approver_id: manager.id, offline: true },
    ]);
    // Only a sale made offline may name them.
    const online = await api().post('/api/order/add', sale(1, 0, { staff_id: cashier.id }), manager.token);
    expect(online.status).toBe(422);
    // A cashier is no approver, offline either.
    const notManager = await api().post(
      '/api/order/add',
      { ...body, client_id: randomUUID(), approved_by: cashier.id },
      manager.token,
    );
    expect(notManager.status).toBe(422);
  });
});

describe('switch cashier and PIN lock', () => {
  it('the next sale is the switched-to cashier’s; a customer cannot switch', async () => {
    const second = await staffToken(t, 'cashier', owner);
    const switched = await api().post(
      '/api/till/switch',
      { phone: second.phone, pin: '1234' },
      cashier.token,
    );
    expect(switched.status).toBe(200);
    expect(switched.body.user).toMatchObject({ staff_role: 'cashier', staff_id: second.id });
    const made = await api().post('/api/order/add', sale(1, 0), switched.body.token as string);
    const stored = await t.database.pool.query('SELECT staff_id FROM orders WHERE id = $1', [
      (made.body.data as { id: number }).id,
    ]);
    expect(stored.rows[0]).toEqual({ staff_id: second.id });
    const [event] = await trail('&action=till_switch');
    expect(event).toMatchObject({ staff_id: second.id, changes: { from: cashier.id } });

    const customer = await registerCustomer(t.app);
    const refused = await api().post(
      '/api/till/switch',
      { phone: second.phone, pin: '1234' },
      customer.token,
    );
    expect(refused.status).toBe(403);
    // A stock keeper's right PIN switches nobody to the till.
    const keeper = await staffToken(t, 'stock', owner);
    const noSeller = await api().post(
      '/api/till/switch',
      { phone: keeper.phone, pin: '1234' },
      cashier.token,
    );
    expect(noSeller.status).toBe(403);
  });

  it('5 wrong PINs lock it, even against the right one, until a manager unlocks it', async () => {
    const victim = await staffToken(t, 'cashier', owner);
    for (let i = 1; i <= 4; i++) {
      const res = await api().post('/api/till/switch', { phone: victim.phone, pin: '0000' }, cashier.token);
      expect(res.status).toBe(401);
    }
    const fifth = await api().post('/api/till/switch', { phone: victim.phone, pin: '0000' }, cashier.token);
    expect(fifth.status).toBe(403);
    expect(fifth.body.code).toBe('pin_locked');
    const right = await api().post('/api/till/switch', { phone: victim.phone, pin: '1234' }, cashier.token);
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('pin_locked');
    expect((await trail('&action=pin_locked')).some((e) => e.entity_id === String(victim.id))).toBe(true);

    // A cashier may not unlock; a manager may.
    expect((await api().post(`/api/staff/${victim.id}/unlock`, {}, cashier.token)).status).toBe(403);
    const unlocked = await api().post(`/api/staff/${victim.id}/unlock`, {}, manager.token);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toMatchObject({ locked: false });
    const again = await api().post('/api/till/switch', { phone: victim.phone, pin: '1234' }, cashier.token);
    expect(again.status).toBe(200);
  });

  it('changing one’s own PIN needs the current password', async () => {
    const me = await staffToken(t, 'cashier', owner);
    const without = await api().post('/api/profile/update', { name: 'Staff cashier', pin: '5678' }, me.token);
    expect(without.status).toBe(422);
    const wrong = await api().post(
      '/api/profile/update',
      { name: 'Staff cashier', pin: '5678', current_password: 'nope' },
      me.token,
    );
    expect(wrong.status).toBe(422);
    const ok = await api().post(
      '/api/profile/update',
      { name: 'Staff cashier', pin: '5678', current_password: 'staff-pass' },
      me.token,
    );
    expect(ok.status).toBe(200);
    expect(
      (await api().post('/api/till/switch', { phone: me.phone, pin: '5678' }, cashier.token)).status,
    ).toBe(200);
  });

  it('a cashier’s day is in the trail with their name: shift, cash out, a due taken, the close; a stock entry by the stock keeper', async () => {
    const me = await staffToken(t, 'cashier', owner);
    expect((await api().post('/api/shift/open', { float: 500 }, me.token)).status).toBe(201);
    // A credit sale to a customer: 400 of it stays due, then the customer pays 150 of it.
    const customer = await api().post(
      '/api/customer/add',
      { name: 'Rahima', phone: '01799999911', area: '', address: '' },
      me.token,
    );
    const customerId = (customer.body.data as { id: number }).id;
    const credit = await api().post(
      '/api/order/add',
      sale(2, 0, { name: 'Rahima', phone: '01799999911', paid: 0 }),
      me.token,
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const paid = await api().post(
      `/api/customer/pay/${customerId}`,
      { amount: 150, method: 'cash' },
      me.token,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await api().post('/api/shift/move', { amount: -100, reason: 'Tea' }, me.token)).status).toBe(200);
    expect((await api().post('/api/shift/close', { counted: 540, note: '' }, me.token)).status).toBe(200);
    const keeper = await staffToken(t, 'stock', owner);
    const entry = await api().post(
      '/api/stock/add',
      { price: 150, qty: 5, items: [{ id: productId }] },
      keeper.token,
    );
    expect(entry.status).toBe(201);

    const mine = (await trail('')).filter((e) => e.staff_id === me.id).map((e) => [e.action, e.changes]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['shift_opened', { float: 500 }],
        ['dues_paid', expect.objectContaining({ amount: 150, method: 'cash', due: [400, 250] })],
        ['cash_moved', { amount: -100, reason: 'Tea' }],
        ['shift_closed', { expected: 550, counted: 540, difference: -10 }],
      ]),
    );
    const [stock] = await trail('&action=stock_added');
    expect(stock).toMatchObject({
      staff_id: keeper.id,
      changes: { qty: 5, price: 150, product_ids: [productId] },
    });
  });

  it('the back office’s money and stock are in the trail: a purchase, its supplier paid, an expense, the cash closed, a product added and deleted', async () => {
    const manager2 = await staffToken(t, 'manager', owner);
    const by = manager2.token;
    const supplier = await api().post('/api/supplier/add', { name: `Meghna ${Date.now()}` }, by);
    const supplierId = (supplier.body.data as { id: number }).id;
    const purchase = await api().post(
      '/api/purchase/add',
      {
        supplier_id: supplierId,
        lines: [{ product_id: productId, quantity: 10, buyprice: 150 }],
        paid: 500,
        method: 'cash',
      },
      by,
    );
    expect(purchase.status, JSON.stringify(purchase.body)).toBe(201);
    const purchaseId = (purchase.body.data as { id: number }).id;
    expect(
      (await api().post(`/api/supplier/pay/${supplierId}`, { amount: 400, method: 'bkash' }, by)).status,
    ).toBe(200);
    expect((await api().post('/api/expance/add', { detail: 'Tea for staff', amount: 120 }, by)).status).toBe(
      201,
    );
    expect((await api().post('/api/save-report', {}, by)).status).toBe(200);
    const brand = await makeBrand(t.app, owner);
    const [made] = await makeProduct(t.app, by, brand, { title: 'Trail Lentils', price: '140', qty: '3' });
    expect((await api().del(`/api/product/delete/${made!.id}`, by)).status).toBe(200);

    const actions = (await trail('')).filter((e) => e.staff_id === manager2.id);
    const of = (action: string) => actions.find((e) => e.action === action);
    expect(of('purchase_added')).toMatchObject({
      entity_id: String(purchaseId),
      changes: { total: 1500, paid: 500, lines: 1 },
    });
    expect(of('supplier_paid')).toMatchObject({
      changes: { amount: 400, method: 'bkash', due: [1000, 600] },
    });
    expect(of('expense_added')).toMatchObject({ changes: { amount: 120, detail: 'Tea for staff' } });
    expect(of('cash_closed')).toBeTruthy();
    expect(of('product_added')).toMatchObject({
      entity_id: String(made!.id),
      changes: { title: 'Trail Lentils', price: 140, qty: 3 },
    });
    expect(of('product_deleted')).toMatchObject({
      entity_id: String(made!.id),
      changes: { title: 'Trail Lentils' },
    });
    // A purchase entered by mistake and deleted (the supplier's due still holds its unpaid part).
    const mistake = await api().post(
      '/api/purchase/add',
      {
        supplier_id: supplierId,
        lines: [{ product_id: productId, quantity: 1, buyprice: 150 }],
        paid: 0,
        method: 'cash',
      },
      by,
    );
    const mistakeId = (mistake.body.data as { id: number }).id;
    expect((await api().del(`/api/purchase/${mistakeId}`, by)).status).toBe(200);
    expect((await trail('&action=purchase_deleted'))[0]).toMatchObject({
      staff_id: manager2.id,
      entity_id: String(mistakeId),
      changes: { total: 150, paid: 0 },
    });
  });

  it('the audit chain still verifies', async () => {
    const res = await api().get('/api/audit/verify', owner);
    expect(res.body.data).toMatchObject({ ok: true, first_broken_id: null });
  });
});
