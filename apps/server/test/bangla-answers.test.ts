import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct, pngImage } from './catalog-factories';
import { adminToken, newPhone, postForm, registerCustomer, testApp, type TestApp } from './helpers';

/**
 * The server answers its error messages in Bangla when `Accept-Language` prefers it (issue 12),
 * through the real HTTP layer: the texts change, the codes, field names and data do not, and a
 * request without the header (or in English) gets exactly the English answer of the spec.
 */
let t: TestApp;
let admin: string;
let brand: number;
let buyer: { phone: string; token: string };

beforeAll(async () => {
  t = await testApp();
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
  buyer = await registerCustomer(t.app, { verified: true, database: t.database });
});

type Json = Record<string, unknown>;

/** One JSON request with an Accept-Language header (or none); the answer's status, JSON, raw text and headers. */
async function ask(
  lang: string | undefined,
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; token?: string } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      ...(lang !== undefined && { 'accept-language': lang }),
      ...(opts.token && { authorization: `Bearer ${opts.token}` }),
      ...(opts.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(opts.body !== undefined && { payload: JSON.stringify(opts.body) }),
  });
  return { status: res.statusCode, body: res.json() as Json, raw: res.body, headers: res.headers };
}

const badRegistration = { name: '', phone: '0171111', password: '12345' };
const englishRegistration = {
  message: 'The name field is required.',
  code: 'invalid',
  errors: {
    name: ['The name field is required.'],
    phone: ['The phone must be a Bangladeshi mobile number (01XXXXXXXXX).'],
    password: ['The password must be at least 8 characters.'],
  },
};

describe('a 422 of a bad registration', () => {
  it('answers Bangla field messages, with Bengali digits, to Accept-Language: bn', async () => {
    const res = await ask('bn', 'POST', '/api/register', { body: badRegistration });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'নাম দিতে হবে।',
      code: 'invalid',
      errors: {
        name: ['নাম দিতে হবে।'],
        phone: ['ফোন নম্বরটি বাংলাদেশের মোবাইল নম্বর হতে হবে (যেমন ০১৭১২৩৪৫৬৭৮)।'],
        password: ['পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে।'],
      },
    });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers the exact English texts without the header, with en, and when English ranks first', async () => {
    const answers = await Promise.all(
      [undefined, 'en', 'en-US,en;q=0.9,bn;q=0.8', 'bn;q=0.5, en;q=0.5', 'xx-@@, ;q=2'].map((lang) =>
        ask(lang, 'POST', '/api/register', { body: badRegistration }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(422);
      expect(res.raw).toBe(JSON.stringify(englishRegistration));
    }
  });

  it('follows the q-values: bn-BD first, or bn above en, is Bangla', async () => {
    for (const lang of ['bn-BD', 'bn-BD,bn;q=0.9,en-US;q=0.8,en;q=0.7', 'en;q=0.4, bn;q=0.6', 'BN']) {
      const res = await ask(lang, 'POST', '/api/register', { body: badRegistration });
      expect(res.body.message, lang).toBe('নাম দিতে হবে।');
    }
  });

  it('says Vary: Accept-Language in both languages', async () => {
    for (const lang of ['bn', 'en', undefined]) {
      const res = await ask(lang, 'POST', '/api/register', { body: badRegistration });
      expect(String(res.headers.vary)).toMatch(/(^|, )Accept-Language($|,)/i);
    }
  });
});

describe('a 422 of a bad product form (multipart)', () => {
  const badForm = async () => ({
    title: 'Bangla Rice',
    price: 'abc',
    qty: '100001',
    tags: 'rice',
    brand_id: String(brand),
    image: await pngImage(),
  });

  it('answers Bangla, with numbers grouped the Bangladeshi way in Bengali digits', async () => {
    const res = await postForm(t.app, '/api/product/add', await badForm(), admin, {
      'accept-language': 'bn',
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('invalid');
    expect(res.body.errors).toEqual({
      price: ['দাম সংখ্যায় দিতে হবে।'],
      qty: ['পরিমাণ ১,০০,০০০-এর বেশি হতে পারবে না।'],
    });
    expect(res.body.message).toBe('দাম সংখ্যায় দিতে হবে।');
  });

  it('answers the English texts in English', async () => {
    const res = await postForm(t.app, '/api/product/add', await badForm(), admin, {
      'accept-language': 'en',
    });
    expect(res.body).toEqual({
      message: 'The price must be a number.',
      code: 'invalid',
      errors: {
        price: ['The price must be a number.'],
        qty: ['The qty may not be greater than 100000.'],
      },
    });
  });
});

describe('the named errors', () => {
  it('401: not signed in', async () => {
    const bn = await ask('bn', 'GET', '/api/profile');
    expect([bn.status, bn.body]).toEqual([401, { message: 'আপনি লগইন করেননি।', code: 'unauthenticated' }]);
    const en = await ask(undefined, 'GET', '/api/profile');
    expect(en.raw).toBe('{"message":"Unauthenticated.","code":"unauthenticated"}');
  });

  it('401: a wrong password', async () => {
    const body = { phone: buyer.phone, password: 'not-the-password' };
    const bn = await ask('bn-BD', 'POST', '/api/login', { body });
    expect([bn.status, bn.body]).toEqual([
      401,
      { message: 'ফোন নম্বর বা পাসওয়ার্ড সঠিক নয়।', code: 'unauthenticated' },
    ]);
  });

  it('404: an unknown API route, and a record that does not exist', async () => {
    const route = await ask('bn', 'GET', '/api/no-such-route');
    expect([route.status, route.body]).toEqual([404, { message: 'এই API রুট নেই।', code: 'not_found' }]);
    expect(String(route.headers.vary)).toMatch(/Accept-Language/i);
    const english = await ask(undefined, 'GET', '/api/no-such-route');
    expect(english.raw).toBe('{"message":"This API route does not exist.","code":"not_found"}');

    const order = await ask('bn', 'GET', '/api/order/99999999', { token: admin });
    expect([order.status, order.body]).toEqual([404, { message: 'অর্ডারটি পাওয়া যায়নি।', code: 'not_found' }]);
  });

  it('403: an admin route for a customer', async () => {
    const res = await ask('bn', 'GET', '/api/orders', { token: buyer.token });
    expect([res.status, res.body]).toEqual([403, { message: 'এখানে প্রবেশের অনুমতি নেই', code: 'forbidden' }]);
  });

  it('409: a cart the shop cannot fill keeps its code and lines, and translates its message', async () => {
    const [scarce] = await makeProduct(t.app, admin, brand, { title: 'Scarce Hilsa', qty: '1' });
    const order = {
      name: 'Rahima',
      phone: buyer.phone,
      address: 'House 4, Road 2',
      area: 'Mirpur',
      carts: [{ product_id: scarce?.id, quantity: 3 }],
    };
    const lines = [{ product_id: scarce?.id, title: 'Scarce Hilsa', attri: '', available: 1 }];
    const bn = await ask('bn', 'POST', '/api/order/add', { body: order, token: buyer.token });
    expect([bn.status, bn.body]).toEqual([
      409,
      { message: 'কার্টের কিছু পণ্য আপনার চাওয়া পরিমাণে নেই।', code: 'stock_short', lines },
    ]);
    const en = await ask('en', 'POST', '/api/order/add', { body: order, token: buyer.token });
    expect(en.raw).toBe(
      JSON.stringify({
        message: 'Some products in your cart are not available in the quantity you asked for.',
        code: 'stock_short',
        lines,
      }),
    );
  });

  it('400: a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'bn', 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'পাঠানো তথ্য সঠিক JSON নয়।', code: 'bad_request' },
    ]);
  });

  it('a phone taken: the field keeps its name, the text is Bangla', async () => {
    const res = await ask('bn', 'POST', '/api/register', {
      body: { name: 'Rahim', phone: buyer.phone, password: 'secret123' },
    });
    expect([res.status, res.body.errors]).toEqual([422, { phone: ['এই ফোন নম্বরে আগেই একটি অ্যাকাউন্ট আছে।'] }]);
  });
});

describe('success answers are left alone', () => {
  it('a cached catalogue read does not vary by language', async () => {
    await makeProduct(t.app, admin, brand, { title: 'Offer Dal', offer: 'on' });
    const bn = await ask('bn', 'GET', '/api/productoffer');
    const en = await ask('en', 'GET', '/api/productoffer');
    expect(bn.status).toBe(200);
    expect(bn.raw).toBe(en.raw);
    expect(String(bn.headers.vary ?? '')).not.toMatch(/accept-language/i);
  });

  it('a new registration answers as before', async () => {
    const res = await ask('bn', 'POST', '/api/register', {
      body: { name: 'Karim', phone: newPhone(), password: 'secret123' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.vary).toBeUndefined();
  });
});
