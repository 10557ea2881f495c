import type { MoneyMismatch } from '@bazar/contracts/money.api';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, postForm, registerCustomer, staffToken, testApp, type TestApp } from './helpers';

/**
 * The money core: every movement of money is a ledger row and the books are checked against it
 * (`GET /api/money/check`). The drawer's one figure: money-drawer.test.ts.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let owner: string;
let brand: number;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  owner = await adminToken(t);
  brand = await makeBrand(t.app, owner);
});

const check = async () => (await api.get('/api/money/check', owner)).body.data as MoneyMismatch[];

describe('GET /api/money/check', () => {
  it('is the owner’s: a manager, a cashier and a customer are refused', async () => {
    expect((await api.get('/api/money/check', owner)).status).toBe(200);
    for (const role of ['manager', 'cashier']) {
      const staff = await staffToken(t, role, owner);
      expect((await api.get('/api/money/check', staff.token)).status).toBe(403);
    }
    const customer = await registerCustomer(t.app);
    expect((await api.get('/api/money/check', customer.token)).status).toBe(403);
    expect((await api.get('/api/money/check')).status).toBe(401);
  });

  it('finds a figure changed behind the ledger’s back, and is empty again when it is put right', async () => {
    const [p] = await makeProduct(t.app, owner, brand, { price: '120', qty: '10' });
    const sale = await api.post(
      '/api/order/add',
      {
        terminal: 1,
        ship: 0,
        carts: [{ product_id: p!.id, quantity: 1 }],
        payments: [{ method: 'cash', amount: 120 }],
      },
      owner,
    );
    const id = (sale.body.data as { id: number }).id;
    expect(await check()).toEqual([]);
    const q = (text: string) => t.database.pool.query(text, [id]);
    await q('UPDATE orders SET paid = paid + 20, due = due - 20 WHERE id = $1');
    // Its paid disagrees with the ledger, and so does its due (total − what the ledger holds).
    expect(await check()).toEqual([
      { check: 'order_due', id, recorded: -20, ledger: 0 },
      { check: 'order_paid', id, recorded: 140, ledger: 120 },
    ]);
    await q('UPDATE orders SET paid = paid - 20, due = due + 20 WHERE id = $1');
    // A payment row nobody wrote through the core: the order and the payment both disagree.
    const extra = await t.database.pool.query<{ id: number }>(
      `INSERT INTO payments (order_id, amount, method) VALUES ($1, 30, 'cash') RETURNING id`,
      [id],
    );
    expect(await check()).toEqual([{ check: 'payment', id: extra.rows[0]!.id, recorded: 30, ledger: 0 }]);
    await q('DELETE FROM payments WHERE order_id = $1 AND amount = 30');
    // An advance set in the database only.
    const customer = await registerCustomer(t.app);
    const u = await t.database.pool.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [
      customer.phone,
    ]);
    const userId = u.rows[0]!.id;
    await t.database.pool.query('UPDATE users SET balance = 75 WHERE id = $1', [userId]);
    expect(await check()).toEqual([{ check: 'customer_advance', id: userId, recorded: 75, ledger: 0 }]);
    await t.database.pool.query('UPDATE users SET balance = 0 WHERE id = $1', [userId]);
    expect(await check()).toEqual([]);
  });
});

describe('advances set by hand', () => {
  it('Quick Edit and an import move the advance through the ledger', async () => {
    const c = await api.post('/api/customer/add', { phone: '01812300077', name: 'Advance Ali' }, owner);
    const id = (c.body.data as { id: number }).id;
    expect(
      (await api.post(`/api/customer/edit/${id}`, { name: 'Advance Ali', balance: 300 }, owner)).status,
    ).toBe(200);
    expect(
      (await api.post(`/api/customer/edit/${id}`, { name: 'Advance Ali', balance: 120 }, owner)).status,
    ).toBe(200);
    const csv = 'phone,name,balance\n01812300077,Advance Ali,90\n01812300078,New Nadia,40\n';
    const res = await postForm(t.app, '/api/customer/import', { file: Buffer.from(csv) }, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await t.database.pool.query<{ amount: number; reference: string }>(
      `SELECT amount, reference FROM money_ledger WHERE kind = 'advance' AND customer_id = $1 ORDER BY id`,
      [id],
    );
    expect(rows.rows).toEqual([
      { amount: 300, reference: 'edited' },
      { amount: -180, reference: 'edited' },
      { amount: -30, reference: 'imported' },
    ]);
    expect(await check()).toEqual([]);
  });
});
