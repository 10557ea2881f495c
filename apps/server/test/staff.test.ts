import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@bazar/contracts/common';
import { BUILT_IN_ROLE_DEFAULTS, BUILT_IN_ROLES, PERMISSIONS } from '@bazar/contracts/permissions';
import { makeBrand, makeProduct, pngImage } from './catalog-factories';
import {
  adminToken,
  client,
  newPhone,
  postForm,
  registerCustomer,
  staffToken,
  testApp,
  type TestApp,
} from './helpers';

let t: TestApp;
let owner: string;
const api = () => client(t.app);

beforeAll(async () => {
  t = await testApp();
  owner = await adminToken(t);
});

describe('staff accounts', () => {
  it('the owner adds a cashier, who signs in with a role and its permissions', async () => {
    const phone = newPhone();
    const made = await api().post(
      '/api/staff',
      { name: 'Rahim', phone, password: 'cashier-pass', pin: '4321', role: 'cashier' },
      owner,
    );
    expect(made.status).toBe(201);
    expect(made.body.data).toEqual({
      id: expect.any(Number),
      name: 'Rahim',
      phone,
      role: 'cashier',
      role_name: 'Cashier',
      active: true,
      locked: false,
      has_pin: true,
    });

    const login = await api().post('/api/login', { phone, password: 'cashier-pass' });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual({
      name: 'Rahim',
      phone,
      role: ROLE.admin,
      staff_role: 'cashier',
      permissions: BUILT_IN_ROLE_DEFAULTS.cashier.permissions,
      staff_id: expect.any(Number),
      discount_limit: 5,
    });
    const token = login.body.token as string;
    const profile = await api().get('/api/profile', token);
    expect(profile.body).toMatchObject({
      staff_role: 'cashier',
      permissions: BUILT_IN_ROLE_DEFAULTS.cashier.permissions,
    });

    // The PIN and password are stored as hashes, never as typed.
    const row = await t.database.pool.query<{ pin_hash: string; password_hash: string }>(
      'SELECT pin_hash, password_hash FROM users WHERE phone = $1',
      [phone],
    );
    expect(row.rows[0]?.pin_hash).not.toContain('4321');
    expect(row.rows[0]?.password_hash).not.toContain('cashier-pass');

    // A cashier sells, but reads no profit and changes no setting.
    expect((await api().get('/api/till/catalog', token)).status).toBe(200);
    const profit = await api().get('/api/profit-loss', token);
    expect(profit.status).toBe(403);
    expect(profit.body).toEqual({
      message: 'Access Restricted: this needs the “reports.profit” permission.',
      code: 'forbidden',
      permission: 'reports.profit',
    });
    expect((await api().post('/api/settings', {}, token)).status).toBe(403);
    expect((await api().get('/api/staff', token)).status).toBe(403);
  });

  it('customers and owners carry no staff fields beyond their own: a customer has none, the owner every permission', async () => {
    const customer = await registerCustomer(t.app);
    const login = await api().post('/api/login', { phone: customer.phone, password: customer.password });
    expect(login.body.user).toEqual({ name: 'Test Customer', phone: customer.phone, role: ROLE.customer });
    const profile = await api().get('/api/profile', owner);
    expect(profile.body).toMatchObject({ staff_role: 'owner', permissions: [...PERMISSIONS] });
  });

  it('refuses a phone another account uses, an unknown role and a short PIN', async () => {
    const customer = await registerCustomer(t.app);
    const taken = await api().post(
      '/api/staff',
      { name: 'X', phone: customer.phone, password: 'long-enough', pin: '1234', role: 'cashier' },
      owner,
    );
    expect([taken.status, taken.body.errors]).toEqual([
      422,
      { phone: ['The phone has already been taken.'] },
    ]);
    const role = await api().post(
      '/api/staff',
      { name: 'X', phone: newPhone(), password: 'long-enough', pin: '1234', role: 'nobody' },
      owner,
    );
    expect([role.status, role.body.errors]).toEqual([422, { role: ['No role has the key nobody.'] }]);
    const pin = await api().post(
      '/api/staff',
      { name: 'X', phone: newPhone(), password: 'long-enough', pin: '12a', role: 'cashier' },
      owner,
    );
    expect([pin.status, pin.body.errors]).toEqual([422, { pin: ['The PIN must be 4 to 6 digits.'] }]);
    // An edit of nothing is refused, not written.
    const nothing = await api().post('/api/staff/1', { deep: [[]] }, owner);
    expect([nothing.status, nothing.body.message]).toEqual([422, 'Send at least one thing to change.']);
  });

  it('deactivating someone ends their sessions at once and keeps them out', async () => {
    const cashier = await staffToken(t, 'cashier', owner);
    expect((await api().get('/api/profile', cashier.token)).status).toBe(200);
    const off = await api().post(`/api/staff/${cashier.id}`, { active: false }, owner);
    expect([off.status, off.body.data]).toEqual([200, expect.objectContaining({ active: false })]);
    expect((await api().get('/api/profile', cashier.token)).status).toBe(401);
    const again = await api().post('/api/login', { phone: cashier.phone, password: 'staff-pass' });
    expect([again.status, again.body]).toEqual([
      403,
      { message: 'This account is not active. Please ask the owner.', code: 'forbidden' },
    ]);
    // A wrong password says only that it is wrong.
    const wrong = await api().post('/api/login', { phone: cashier.phone, password: 'not-the-pass' });
    expect(wrong.status).toBe(401);
    await api().post(`/api/staff/${cashier.id}`, { active: true }, owner);
    expect((await api().post('/api/login', { phone: cashier.phone, password: 'staff-pass' })).status).toBe(
      200,
    );
  });

  it('a new password ends their sessions; a new PIN or unlock clears the wrong tries', async () => {
    const cashier = await staffToken(t, 'cashier', owner);
    await t.database.pool.query('UPDATE users SET pin_failures = 5 WHERE id = $1', [cashier.id]);
    const list = await api().get('/api/staff?per_page=100', owner);
    expect(list.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: cashier.id, locked: true })]),
    );
    const unlocked = await api().post(`/api/staff/${cashier.id}`, { unlock: true }, owner);
    expect(unlocked.body.data).toMatchObject({ locked: false });
    const reset = await api().post(
      `/api/staff/${cashier.id}`,
      { password: 'new-staff-pass', pin: '998877' },
      owner,
    );
    expect(reset.status).toBe(200);
    expect((await api().get('/api/profile', cashier.token)).status).toBe(401);
    expect(
      (await api().post('/api/login', { phone: cashier.phone, password: 'new-staff-pass' })).status,
    ).toBe(200);
  });

  it('at least one active owner always remains', async () => {
    const me = (await api().get('/api/profile', owner)).body.id as number;
    // Every other owner of this database stops being one, so this owner is the last.
    await t.database.pool.query(
      `UPDATE users SET active = false WHERE staff_role_id = (SELECT id FROM staff_roles WHERE key = 'owner') AND id <> $1`,
      [me],
    );
    const off = await api().post(`/api/staff/${me}`, { active: false }, owner);
    expect([off.status, off.body]).toEqual([
      409,
      { message: 'At least one active owner must remain.', code: 'conflict' },
    ]);
    const demote = await api().post(`/api/staff/${me}`, { role: 'manager' }, owner);
    expect(demote.status).toBe(409);
    // With a second owner, either may step down: but not both at once.
    const second = await staffToken(t, 'owner', owner);
    const [a, b] = await Promise.all([
      api().post(`/api/staff/${me}`, { role: 'manager' }, owner),
      api().post(`/api/staff/${second.id}`, { active: false }, second.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const left = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u JOIN staff_roles r ON r.id = u.staff_role_id WHERE r.key = 'owner' AND u.active`,
    );
    expect(left.rows[0]?.n).toBe(1);
    // Put this owner back for the other tests.
    await t.database.pool.query(
      `UPDATE users SET staff_role_id = (SELECT id FROM staff_roles WHERE key = 'owner'), active = true WHERE id = $1`,
      [me],
    );
  });

  it('an admin made outside the Staff screen is an owner; a customer is never staff', async () => {
    const customer = await registerCustomer(t.app);
    const row = () =>
      t.database.pool.query<{ key: string | null }>(
        'SELECT r.key FROM users u LEFT JOIN staff_roles r ON r.id = u.staff_role_id WHERE u.phone = $1',
        [customer.phone],
      );
    expect((await row()).rows[0]?.key).toBeNull();
    await t.database.pool.query('UPDATE users SET role = $1 WHERE phone = $2', [ROLE.admin, customer.phone]);
    expect((await row()).rows[0]?.key).toBe('owner');
    await t.database.pool.query('UPDATE users SET role = $1 WHERE phone = $2', [
      ROLE.customer,
      customer.phone,
    ]);
    expect((await row()).rows[0]?.key).toBeNull();
    await expect(
      t.database.pool.query(
        `UPDATE users SET staff_role_id = (SELECT id FROM staff_roles WHERE key = 'cashier') WHERE phone = $1`,
        [customer.phone],
      ),
    ).resolves.toBeDefined();
    // The trigger keeps a customer without a role whatever is written.
    expect((await row()).rows[0]?.key).toBeNull();
  });
});

describe('roles', () => {
  it('starts with the four built-in roles as the contracts describe them', async () => {
    const res = await api().get('/api/roles', owner);
    expect(res.status).toBe(200);
    const builtIn = (res.body.data as Array<Record<string, unknown>>).filter((r) => r.built_in);
    expect(builtIn.map((r) => r.key)).toEqual([...BUILT_IN_ROLES]);
    for (const r of builtIn) {
      const want = BUILT_IN_ROLE_DEFAULTS[r.key as (typeof BUILT_IN_ROLES)[number]];
      expect(r).toMatchObject({ name: want.name, discount_limit: want.discountLimit });
      expect([r.key, [...(r.permissions as string[])].sort()]).toEqual([r.key, [...want.permissions].sort()]);
    }
  });

  it('a role copied with one more permission: its people may do that at once; edits follow on the next request', async () => {
    const made = await api().post(
      '/api/roles',
      {
        name: 'Senior cashier',
        permissions: [...BUILT_IN_ROLE_DEFAULTS.cashier.permissions, 'reports.view'],
        discount_limit: 10,
      },
      owner,
    );
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      key: 'senior_cashier',
      built_in: false,
      discount_limit: 10,
      staff: 0,
    });
    const senior = await staffToken(t, 'senior_cashier', owner);
    expect((await api().get('/api/daily-report', senior.token)).status).toBe(200);
    const id = (made.body.data as { id: number }).id;
    const edited = await api().post(`/api/roles/${id}`, { permissions: ['till.sell'] }, owner);
    expect(edited.body.data).toMatchObject({ permissions: ['till.sell'], staff: 1 });
    expect((await api().get('/api/daily-report', senior.token)).status).toBe(403);

    const twice = await api().post(
      '/api/roles',
      { key: 'senior_cashier', name: 'Again', permissions: [] },
      owner,
    );
    expect([twice.status, twice.body.errors]).toEqual([
      422,
      { key: ['A role with the key senior_cashier already exists.'] },
    ]);
    const bangla = await api().post('/api/roles', { name: 'ক্যাশিয়ার', permissions: ['till.sell'] }, owner);
    expect(bangla.body.data).toMatchObject({ key: 'role', name: 'ক্যাশিয়ার' });
    const unknown = await api().post('/api/roles', { name: 'Bad', permissions: ['everything'] }, owner);
    expect(unknown.status).toBe(422);
  });

  it("the owner's role cannot change", async () => {
    const roles = (await api().get('/api/roles', owner)).body.data as Array<{ id: number; key: string }>;
    const ownerRole = roles.find((r) => r.key === 'owner');
    const res = await api().post(`/api/roles/${ownerRole?.id}`, { permissions: [] }, owner);
    expect([res.status, res.body]).toEqual([
      409,
      { message: "The owner's role cannot be changed.", code: 'conflict' },
    ]);
  });

  it('staff without orders.view read only their own orders, like a customer', async () => {
    const keeper = await staffToken(t, 'stock', owner);
    const customer = await registerCustomer(t.app);
    const theirs = await api().get(`/api/orders/${customer.phone}`, keeper.token);
    expect(theirs.status).toBe(403);
    const manager = await staffToken(t, 'manager', owner);
    expect((await api().get(`/api/orders/${customer.phone}`, manager.token)).status).toBe(200);
  });
});

describe('buy prices and profit are left out of answers for staff without them', () => {
  it('a stock keeper reads products and stock without buy prices, and cannot change sell prices', async () => {
    const brandId = await makeBrand(t.app, owner);
    const [product] = await makeProduct(t.app, owner, brandId, { buyprice: '70', price: '100' });
    const id = product?.id ?? 0;
    const keeper = await staffToken(t, 'stock', owner);

    const ownerView = await api().get(`/api/product/${id}`, owner);
    expect(ownerView.body.data).toMatchObject({ buyprice: 70, price: 100 });
    const keeperView = await api().get(`/api/product/${id}`, keeper.token);
    expect(keeperView.status).toBe(200);
    expect(keeperView.body.data).toMatchObject({ id, price: 100 });
    expect(keeperView.body.data).not.toHaveProperty('buyprice');
    const list = await api().get('/api/products?per_page=100', keeper.token);
    expect((list.body.data as object[]).some((p) => 'buyprice' in p)).toBe(false);
    const live = await api().get('/api/live-stock', keeper.token);
    expect(live.status).toBe(200);
    expect(JSON.stringify(live.body)).not.toMatch(/buyprice|invested/);
    expect(JSON.stringify((await api().get('/api/live-stock', owner)).body)).toMatch(/buyprice|invested/);

    // The same prices pass (the stock changes); a new price is refused, naming the permission.
    const same = await api().post(
      `/api/product/edit-quick/${id}`,
      { price: 100, offprice: null, qty: 12 },
      keeper.token,
    );
    expect(same.status).toBe(200);
    expect(same.body.data).not.toHaveProperty('buyprice');
    const cheaper = await api().post(
      `/api/product/edit-quick/${id}`,
      { price: 90, offprice: null, qty: 12 },
      keeper.token,
    );
    expect([cheaper.status, cheaper.body.permission]).toEqual([403, 'products.prices']);
    expect((await api().get(`/api/product/${id}`, owner)).body.data).toMatchObject({
      price: 100,
      buyprice: 70,
      qty: 12,
    });

    // Their product form sends no buy price: the stored one stays.
    const edited = await postForm(
      t.app,
      `/api/product/edit/${id}`,
      { title: 'Renamed', price: '100', qty: '12', tags: 'test', brand_id: String(brandId) },
      keeper.token,
    );
    expect(edited.status).toBe(200);
    expect((await api().get(`/api/product/${id}`, owner)).body.data).toMatchObject({
      title: 'Renamed',
      buyprice: 70,
    });
    // A new product is a price decision.
    const added = await postForm(
      t.app,
      '/api/product/add',
      { title: 'New', price: '50', qty: '1', tags: 'x', brand_id: String(brandId), image: await pngImage() },
      keeper.token,
    );
    expect([added.status, added.body.permission]).toEqual([403, 'products.prices']);
  });

  it('downloads leave out buy prices, cost and profit for staff without them', async () => {
    const made = await api().post(
      '/api/roles',
      { name: 'Clerk', permissions: ['exports.download', 'products.view'], discount_limit: 0 },
      owner,
    );
    const clerk = await staffToken(t, (made.body.data as { key: string }).key, owner);
    const header = async (file: string, token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/export/${file}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect([file, res.statusCode]).toEqual([file, 200]);
      return res.body.replace(/^\uFEFF/, '').split('\r\n')[0] ?? '';
    };
    expect(await header('products.csv', owner)).toContain('Buy price');
    const products = await header('products.csv', clerk.token);
    expect(products).toContain('Price');
    expect(products).not.toContain('Buy price');
    expect(await header('live-stock.csv', clerk.token)).not.toMatch(/Buy price|Stock value/);
    expect(await header('product-sale.csv', clerk.token)).not.toMatch(/Buy price|Cost|Profit/);
    expect(await header('product-sale.csv', owner)).toMatch(/Buy price.*Cost.*Profit/);
    // The rows lose the same cell as the header: the owner's first row without its buy price.
    const rows = async (token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/export/products.csv',
        headers: { authorization: `Bearer ${token}` },
      });
      return res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    };
    const [ownerHead = '', ownerFirst = ''] = await rows(owner);
    const [, clerkFirst = ''] = await rows(clerk.token);
    const at = ownerHead.split(',').indexOf('Buy price');
    expect(at).toBeGreaterThan(0);
    expect(clerkFirst.split(',')).toEqual(ownerFirst.split(',').filter((_, i) => i !== at));
  });

  it('sales reports without reports.profit carry no buy price, cost or profit', async () => {
    const made = await api().post(
      '/api/roles',
      { name: 'Reports reader', permissions: ['reports.view'], discount_limit: 0 },
      owner,
    );
    const reader = await staffToken(t, (made.body.data as { key: string }).key, owner);
    const page = await api().get('/api/product-sale/page', reader.token);
    expect(page.status).toBe(200);
    expect(page.body.meta).toMatchObject({ totals: { total: expect.any(Number) } });
    expect(JSON.stringify(page.body)).not.toMatch(/buyprice|"cost"|"profit"/);
    const ownerPage = await api().get('/api/product-sale/page', owner);
    expect(ownerPage.body.meta).toMatchObject({
      totals: { cost: expect.any(Number), profit: expect.any(Number) },
    });
  });
});
