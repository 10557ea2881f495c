import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, newPhone, registerCustomer, testApp, type TestApp } from './helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
});

type CustomerBody = {
  id: number;
  name: string;
  phone: string;
  area: string;
  address: string;
  balance: number;
};

describe('customers', () => {
  it('are added at the till with a random password, unverified, and the phone only once', async () => {
    const phone = newPhone();
    const res = await api.post(
      '/api/customer/add',
      { phone, name: 'Till Karim', area: 'Mirpur', address: 'Road 3', password: '12345678' },
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Customer saved');
    expect(res.body.data).toMatchObject({ phone, name: 'Till Karim', area: 'Mirpur', balance: 0, status: 0 });
    // The spec's fixed default password is not what the account got.
    const login = await api.post('/api/login', { phone, password: '12345678' });
    expect(login.status).toBe(401);

    const again = await api.post('/api/customer/add', { phone, name: 'Twice' }, admin);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ phone: ['The phone has already been taken.'] });
    const noName = await api.post('/api/customer/add', { phone: newPhone(), name: ' ' }, admin);
    expect(noName.body.message).toBe('Please enter the name');
  });

  it('are listed newest first, a page at a time, and found by phone digits or name', async () => {
    const phones = [newPhone(), newPhone(), newPhone()];
    for (const [i, phone] of phones.entries()) {
      await api.post('/api/customer/add', { phone, name: `Paged Customer ${i}` }, admin);
    }
    const page = await api.get('/api/customers?page=1&per_page=2', admin);
    expect(page.status).toBe(200);
    const data = page.body.data as CustomerBody[];
    expect(data.map((c) => c.phone)).toEqual([phones[2], phones[1]]);
    expect(page.body.meta).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2 });
    expect((page.body.links as { next: string }).next).toBe('/api/customers?page=2&per_page=2');

    const byPhone = await api.get(`/api/customer/search/${phones[0]?.slice(3)}`, admin);
    expect((byPhone.body.data as CustomerBody[]).map((c) => c.phone)).toEqual([phones[0]]);
    const byName = await api.get('/api/customer/search/paged%20customer', admin);
    expect((byName.body.data as CustomerBody[]).length).toBeGreaterThanOrEqual(3);
    // A wildcard typed in is a character, not a pattern.
    expect((await api.get('/api/customer/search/%25', admin)).body.data).toEqual([]);
  });

  it('are edited by admins; a missing balance counts as 0, a negative one is refused', async () => {
    const phone = newPhone();
    const id = (
      (await api.post('/api/customer/add', { phone, name: 'Edit Me' }, admin)).body.data as CustomerBody
    ).id;
    const res = await api.post(
      `/api/customer/edit/${id}`,
      { name: 'Edited', area: 'Uttara', address: 'House 9', balance: 500, point: 12 },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Customer update',
      data: { name: 'Edited', area: 'Uttara', address: 'House 9', balance: 500, point: 12, phone },
    });
    const cleared = await api.post(`/api/customer/edit/${id}`, { name: 'Edited', balance: null }, admin);
    expect((cleared.body.data as CustomerBody).balance).toBe(0);
    expect((await api.post(`/api/customer/edit/${id}`, { name: 'X', balance: -1 }, admin)).status).toBe(422);
    expect((await api.post(`/api/customer/edit/${id}`, { area: 'Y' }, admin)).status).toBe(422);
    expect((await api.post('/api/customer/edit/999999', { name: 'Nobody' }, admin)).status).toBe(404);
  });

  it('are deleted with their sessions, and their orders stay', async () => {
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    const [{ id }] = (
      await t.database.pool.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [buyer.phone])
    ).rows as [{ id: number }];
    await t.database.pool.query(
      `INSERT INTO orders (user_id, name, phone, subtotal, due, online) VALUES ($1, 'Kept', $2, 100, 100, true)`,
      [id, buyer.phone],
    );
    expect((await api.del(`/api/customer/delete/${id}`, admin)).status).toBe(200);
    expect((await api.get('/api/profile', buyer.token)).status).toBe(401);
    const kept = await t.database.pool.query('SELECT user_id FROM orders WHERE phone = $1', [buyer.phone]);
    expect(kept.rows).toEqual([{ user_id: null }]);
    expect((await api.del(`/api/customer/delete/${id}`, admin)).status).toBe(404);
  });

  it('cannot be read or changed by customers, and admins are not customers', async () => {
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    expect((await api.get('/api/customers', buyer.token)).status).toBe(403);
    expect((await api.get('/api/customer/search/017', buyer.token)).status).toBe(403);
    const adminRow = await t.database.pool.query<{ id: number }>(
      'SELECT id FROM users WHERE role = 23314 LIMIT 1',
    );
    const adminId = adminRow.rows[0]?.id;
    expect((await api.del(`/api/customer/delete/${adminId}`, admin)).status).toBe(404);
    expect((await api.post(`/api/customer/edit/${adminId}`, { name: 'Hijack' }, admin)).status).toBe(404);
  });
});
