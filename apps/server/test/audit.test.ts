import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, staffToken, testApp, type TestApp } from './helpers';

let t: TestApp;
let owner: string;
let ownerId: number;
const api = () => client(t.app);

type Row = {
  id: number;
  staff_id: number | null;
  staff_name: string | null;
  role: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  ip: string | null;
  changes: Record<string, unknown>;
};

async function trail(query = ''): Promise<Row[]> {
  const res = await api().get(`/api/audit?per_page=100${query}`, owner);
  expect(res.status).toBe(200);
  return res.body.data as Row[];
}

beforeAll(async () => {
  t = await testApp();
  owner = await adminToken(t);
  ownerId = (await api().get('/api/profile', owner)).body.id as number;
});

describe('the audit trail', () => {
  it('records who changed staff, a price and deleted nothing they may not: with the person, before and after', async () => {
    const cashier = await staffToken(t, 'cashier', owner);
    const brandId = await makeBrand(t.app, owner);
    const [product] = await makeProduct(t.app, owner, brandId, {
      title: 'Miniket Rice 25 kg',
      price: '1850',
    });
    const id = product?.id ?? 0;
    const quick = await api().post(
      `/api/product/edit-quick/${id}`,
      { price: 1800, offprice: null, qty: 10 },
      owner,
    );
    expect(quick.status).toBe(200);
    // A refused change (the cashier may not edit products) changes nothing and records nothing.
    expect(
      (
        await api().post(
          `/api/product/edit-quick/${id}`,
          { price: 1, offprice: null, qty: 10 },
          cashier.token,
        )
      ).status,
    ).toBe(403);
    await api().post(`/api/staff/${cashier.id}`, { active: false }, owner);
    await api().post('/api/login', { phone: cashier.phone, password: 'wrong-password' });

    const rows = await trail();
    const price = rows.find((r) => r.action === 'price_changed' && r.entity_id === String(id));
    expect(price).toMatchObject({
      staff_id: ownerId,
      staff_name: 'Admin',
      role: 'owner',
      entity: 'product',
      changes: { title: 'Miniket Rice 25 kg', price: [1850, 1800] },
    });
    expect(rows.filter((r) => r.action === 'price_changed' && r.entity_id === String(id))).toHaveLength(1);
    expect(rows.find((r) => r.action === 'staff_added' && r.entity_id === String(cashier.id))).toMatchObject({
      staff_id: ownerId,
      changes: { role: [null, 'cashier'] },
    });
    expect(
      rows.find((r) => r.action === 'staff_changed' && r.entity_id === String(cashier.id)),
    ).toMatchObject({
      changes: { active: [true, false] },
    });
    // Sign-ins of staff, and a refused one, with the address.
    expect(rows.find((r) => r.action === 'sign_in' && r.staff_id === cashier.id)).toMatchObject({
      role: 'cashier',
      ip: expect.any(String),
    });
    expect(rows.find((r) => r.action === 'sign_in_failed' && r.staff_id === cashier.id)).toBeDefined();
    // Passwords and PINs are never written down.
    expect(JSON.stringify(rows)).not.toMatch(/staff-pass|1234|wrong-password/);

    // Filters: a person, an action.
    const mine = await trail(`&staff_id=${cashier.id}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.staff_id === cashier.id)).toBe(true);
    expect((await trail('&action=price_changed')).every((r) => r.action === 'price_changed')).toBe(true);
  });

  it('records an order deleted and a file downloaded', async () => {
    const brandId = await makeBrand(t.app, owner);
    const [oil] = await makeProduct(t.app, owner, brandId, { title: 'Audit Oil', price: '190', qty: '4' });
    const sale = await api().post(
      '/api/order/add',
      { terminal: 1, ship: 0, paid: 190, carts: [{ product_id: oil?.id, quantity: 1 }] },
      owner,
    );
    expect(sale.status).toBe(201);
    const orderId = (sale.body.data as { id: number }).id;
    expect((await api().del(`/api/order/delete/${orderId}`, owner)).status).toBe(200);
    expect((await trail('&action=order_deleted'))[0]).toMatchObject({
      entity: 'order',
      entity_id: String(orderId),
      staff_id: ownerId,
      changes: { paid: 190 },
    });

    await api().get('/api/export/customers.csv', owner);
    const rows = await trail('&entity=export');
    expect(rows[0]).toMatchObject({
      action: 'export_downloaded',
      entity_id: 'customers.csv',
      staff_id: ownerId,
    });
  });

  it("a customer's balance changes only with customers.balance, and each change is on record; so are settings", async () => {
    const customer = await registerCustomer(t.app);
    const id = (await api().get('/api/profile', customer.token)).body.id as number;
    const cashier = await staffToken(t, 'cashier', owner);
    // The cashier may fix a name, but not the advance the shop owes.
    const name = await api().post(
      `/api/customer/edit/${id}`,
      { name: 'Fixed Name', balance: 0 },
      cashier.token,
    );
    expect(name.status).toBe(200);
    const more = await api().post(
      `/api/customer/edit/${id}`,
      { name: 'Fixed Name', balance: 500 },
      cashier.token,
    );
    expect([more.status, more.body.permission]).toEqual([403, 'customers.balance']);
    const byOwner = await api().post(`/api/customer/edit/${id}`, { name: 'Fixed Name', balance: 500 }, owner);
    expect(byOwner.status).toBe(200);
    const rows = await trail('&action=balance_changed');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staff_id: ownerId,
      entity: 'customer',
      entity_id: String(id),
      changes: { name: 'Fixed Name', balance: [0, 500] },
    });

    const settings = (await api().get('/api/settings', owner)).body.data as Record<string, unknown>;
    const saved = await api().post('/api/settings', { ...settings, ship: 75 }, owner);
    expect(saved.status).toBe(200);
    const changedSettings = await trail('&action=settings_changed');
    expect(changedSettings[0]).toMatchObject({ staff_id: ownerId, changes: { ship: [settings.ship, 75] } });
  });

  it('downloads as CSV with the filter, for the owner only', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/export/audit.csv?action=balance_changed',
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Time,Staff ID,Staff,Role,Action,Entity,Entity ID,Changes,IP,Till,Seq,Hash');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('balance_changed');
    // A manager downloads lists, but not the owner's trail.
    const manager = await staffToken(t, 'manager', owner);
    const refused = await api().get('/api/export/audit.xlsx', manager.token);
    expect([refused.status, refused.body.permission]).toEqual([403, 'audit.view']);
  });

  it('is append only: the database refuses to change or remove a row', async () => {
    await api().get('/api/audit/verify', owner); // seals what is there
    const pool = t.database.pool;
    await expect(
      pool.query("UPDATE audit_events SET action = 'nothing' WHERE id = (SELECT min(id) FROM audit_events)"),
    ).rejects.toThrow(/append only/);
    await expect(pool.query('DELETE FROM audit_events')).rejects.toThrow(/append only/);
    await expect(pool.query('TRUNCATE audit_events')).rejects.toThrow(/append only/);
  });

  it('verifies the chain, and names the first row someone with database access edited', async () => {
    const ok = await api().get('/api/audit/verify', owner);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ ok: true, first_broken_id: null });
    expect((ok.body.data as { checked: number }).checked).toBeGreaterThan(3);

    // Someone with the database's keys turns the trigger off and edits one row's content.
    const pool = t.database.pool;
    const target = await pool.query<{ id: string }>(
      "SELECT id FROM audit_events WHERE action = 'price_changed' ORDER BY seq LIMIT 1",
    );
    const id = Number(target.rows[0]?.id);
    await pool.query('ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update');
    await pool.query(`UPDATE audit_events SET changes = '{"price": [1850, 1850]}' WHERE id = $1`, [id]);
    await pool.query('ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update');
    const broken = await api().get('/api/audit/verify', owner);
    expect(broken.body.data).toMatchObject({ ok: false, first_broken_id: id });
  });

  it("is the owner's: a manager may not read it", async () => {
    const manager = await staffToken(t, 'manager', owner);
    const res = await api().get('/api/audit', manager.token);
    expect([res.status, res.body.permission]).toEqual([403, 'audit.view']);
  });
});
