import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_DEFAULTS, BUILT_IN_ROLES, isPermission } from '@bazar/contracts/permissions';
import { adminToken, client, registerCustomer, staffToken, testApp, type TestApp } from './helpers';

let t: TestApp;
let customer: string;
let unverified: string;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  customer = (await registerCustomer(t.app, { verified: true, database: t.database })).token;
  unverified = (await registerCustomer(t.app)).token;
  admin = await adminToken(t);
});

// Every registered /api route, with :params filled in (an id no record has, so the admin pass
// deletes nothing the other checks use); new modules' routes join automatically.
const routes = () =>
  t.app.apiRoutes.map((r) => ({ ...r, path: r.url.replace(/:[a-zA-Z]+/g, '2147483000').replace('*', 'x') }));

async function call(method: string, url: string, token?: string) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(token && { authorization: `Bearer ${token}` }), 'content-type': 'application/json' },
    ...(method !== 'GET' && method !== 'DELETE' && { payload: '{}' }),
  });
  return res;
}

describe('every route declares who may call it, and the server enforces it', () => {
  it('knows the foundation routes', () => {
    const list = routes().map((r) => `${r.method} ${r.url} ${r.access}`);
    expect(list).toEqual(
      expect.arrayContaining([
        'POST /api/login guest',
        'GET /api/profile customer',
        'POST /api/settings admin',
        'POST /api/staff admin',
        'POST /api/area/add admin',
        'DELETE /api/area/delete/:id admin',
      ]),
    );
  });

  it('admin routes: guest 401, customer 403, every route names its permission', async () => {
    const adminRoutes = routes().filter((r) => r.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(90);
    for (const r of adminRoutes) {
      expect([r.url, r.permission?.every(isPermission)]).toEqual([r.url, true]);
      const guest = await call(r.method, r.path);
      expect([r.url, guest.statusCode, guest.json()]).toEqual([
        r.url,
        401,
        { message: 'Unauthenticated.', code: 'unauthenticated' },
      ]);
      const cust = await call(r.method, r.path, customer);
      expect([r.url, cust.statusCode, cust.json()]).toEqual([
        r.url,
        403,
        { message: 'Access Restricted', code: 'forbidden' },
      ]);
    }
  });

  // The matrix: for every admin route and every built-in role, whether it may call the route follows
  // from the route table (its permission) and the role's permissions; a refusal is a 403 naming the
  // permission, an allowed call is neither 401 nor 403.
  it.each(BUILT_IN_ROLES)('the %s role: allowed exactly what its permissions say', async (role) => {
    const holds = new Set(BUILT_IN_ROLE_DEFAULTS[role].permissions);
    const token = role === 'owner' ? admin : (await staffToken(t, role, admin)).token;
    let allowed = 0;
    let refused = 0;
    for (const r of routes().filter((x) => x.access === 'admin')) {
      const res = await call(r.method, r.path, token);
      const may = (r.permission ?? []).some((p) => holds.has(p));
      if (may) {
        allowed++;
        expect([r.method, r.url, res.statusCode]).not.toEqual([r.method, r.url, 401]);
        expect([r.method, r.url, res.statusCode]).not.toEqual([r.method, r.url, 403]);
      } else {
        refused++;
        const permission = r.permission?.[0] ?? '';
        expect([r.method, r.url, res.statusCode, res.json()]).toEqual([
          r.method,
          r.url,
          403,
          {
            message: `Access Restricted: this needs the “${permission}” permission.`,
            code: 'forbidden',
            permission,
          },
        ]);
      }
    }
    expect(allowed).toBeGreaterThan(0);
    if (role === 'owner') expect(refused).toBe(0);
    else expect(refused).toBeGreaterThan(0);
  });

  it('customer and verified routes: guest 401', async () => {
    for (const r of routes().filter((x) => x.access === 'customer' || x.access === 'verified')) {
      if (r.url === '/api/logout') continue; // would end the session the other checks use
      const guest = await call(r.method, r.path);
      expect([r.url, guest.statusCode]).toEqual([r.url, 401]);
      const cust = await call(r.method, r.path, customer);
      expect([r.url, cust.statusCode]).not.toEqual([r.url, 401]);
    }
  });

  it('verified routes refuse an unverified phone with 403', async () => {
    for (const r of routes().filter((x) => x.access === 'verified')) {
      const res = await call(r.method, r.path, unverified);
      expect([r.url, res.statusCode]).toEqual([r.url, 403]);
    }
  });

  it('no route answers 5xx to junk input, and errors never carry stack traces or SQL', async () => {
    const junk = ['{"a":[1,{"b":null}]}', '[]', '"x"', '{"phone":{"$gt":""},"id":"1 OR 1=1"}', '{'];
    for (const r of routes().filter((x) => x.url !== '/api/logout')) {
      for (const token of [undefined, admin]) {
        for (const payload of junk) {
          const res = await t.app.inject({
            method: r.method as 'POST',
            url: r.url.replace(/:[a-zA-Z]+/g, "1'--"),
            headers: {
              ...(token && { authorization: `Bearer ${token}` }),
              'content-type': 'application/json',
            },
            ...(r.method !== 'GET' && r.method !== 'DELETE' && { payload }),
          });
          expect([r.method, r.url, payload, res.statusCode < 500]).toEqual([r.method, r.url, payload, true]);
          expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+|SELECT |INSERT |stack/);
        }
      }
    }
  });
});

describe('error shapes', () => {
  it('malformed JSON is 400, unknown /api path is a JSON 404, validation is 422 with field errors', async () => {
    const api = client(t.app);
    const bad = await api.post('/api/login', '{"phone":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'The request body is not valid JSON.', code: 'bad_request' });
    const missing = await api.get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
    expect(missing.body).toEqual({ message: 'This API route does not exist.', code: 'not_found' });
    const invalid = await api.post('/api/login', { phone: 'x' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({
      message: expect.any(String),
      code: 'invalid',
      errors: { phone: [expect.any(String)] },
    });
    const params = await api.del('/api/area/delete/abc', admin);
    expect(params.status).toBe(422);
    expect(params.body.errors).toHaveProperty('id');
  });

  it('sets security headers and publishes an OpenAPI document to admins only', async () => {
    expect((await client(t.app).get('/api/docs')).status).toBe(401);
    expect((await client(t.app).get('/api/docs', customer)).status).toBe(403);
    const res = await client(t.app).get('/api/docs', admin);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths as object)).toEqual(
      expect.arrayContaining(['/api/login', '/api/settings']),
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
