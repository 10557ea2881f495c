import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct, pngImage } from './catalog-factories';
import { adminToken, testApp, type TestApp } from './helpers';

/**
 * An upload whose body is not a whole multipart form (the connection ended mid-file, or the
 * closing boundary never came) is the client's fault: 400 `bad_request`, never a 500, and nothing
 * is stored. Raw bodies through the real HTTP layer (app.inject), on every kind of upload route.
 */
let t: TestApp;
let admin: string;
let brand: number;
let product: number;

beforeAll(async () => {
  t = await testApp();
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
  const [p] = await makeProduct(t.app, admin, brand);
  product = p!.id;
});

const BOUNDARY = '----BazarCutShort7MA4YWxkTrZu0gW';

/** The form's text fields, then one file part with its content, as a browser would send them. */
function formStart(fields: Record<string, string>, file: { name: string; filename: string; type: string }) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  return Buffer.from(parts.join(''));
}

/** The three ways a body falls short of a whole form. */
function cutShort(start: Buffer, content: Buffer): Array<[string, Buffer]> {
  return [
    // The connection ended halfway through the file.
    ['ends mid-file', Buffer.concat([start, content.subarray(0, Math.floor(content.length / 2))])],
    // The whole file, then nothing: no closing boundary.
    ['has no closing boundary', Buffer.concat([start, content, Buffer.from('\r\n')])],
    // The closing boundary begun but not finished.
    [
      'ends in the closing boundary',
      Buffer.concat([start, content, Buffer.from(`\r\n--${BOUNDARY.slice(0, 9)}`)]),
    ],
  ];
}

const send = (url: string, payload: Buffer) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload,
  });

const count = async (table: 'products' | 'users' | 'stories') =>
  (await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;

const CUT_SHORT = {
  message: 'The form arrived cut short, before its end. Please send it again.',
  code: 'bad_request',
};

describe('a multipart body cut short', () => {
  it('a product picture upload (add and edit) answers 400 bad_request and stores nothing', async () => {
    const picture = await pngImage();
    const fields = { title: 'Cut Short Rice', price: '90', tags: 'rice', brand_id: String(brand) };
    const start = formStart(fields, { name: 'image', filename: 'rice.png', type: 'image/png' });
    const before = await count('products');
    for (const url of ['/api/product/add', `/api/product/edit/${product}`]) {
      for (const [how, body] of cutShort(start, picture)) {
        const res = await send(url, body);
        expect([url, how, res.statusCode]).toEqual([url, how, 400]);
        expect(res.json()).toEqual(CUT_SHORT);
      }
    }
    expect(await count('products')).toBe(before);
    const kept = await t.database.pool.query<{ title: string }>('SELECT title FROM products WHERE id = $1', [
      product,
    ]);
    expect(kept.rows[0]?.title).not.toBe('Cut Short Rice');
  });

  it('a story picture upload answers 400 bad_request and stores nothing', async () => {
    const start = formStart({ link: '/category/1' }, { name: 'image', filename: 'a.png', type: 'image/png' });
    const before = await count('stories');
    for (const [how, body] of cutShort(start, await pngImage())) {
      const res = await send('/api/story/add', body);
      expect([how, res.statusCode]).toEqual([how, 400]);
      expect(res.json()).toEqual(CUT_SHORT);
    }
    expect(await count('stories')).toBe(before);
  });

  it('the product and customer imports answer 400 bad_request and import nothing', async () => {
    const products = Buffer.from('title,price,unit\nCut Short Dal,120,kg\nCut Short Oil,200,pcs\n');
    const customers = Buffer.from('name,phone\nCut Short,01712398765\n');
    const cases: Array<[string, Buffer]> = [
      ['/api/product/import', products],
      ['/api/customer/import', customers],
    ];
    const before = { products: await count('products'), users: await count('users') };
    for (const [url, file] of cases) {
      const start = formStart({}, { name: 'file', filename: 'rows.csv', type: 'text/csv' });
      for (const [how, body] of cutShort(start, file)) {
        const res = await send(url, body);
        expect([url, how, res.statusCode]).toEqual([url, how, 400]);
        expect(res.json()).toEqual(CUT_SHORT);
      }
      // A dry run given in the form's fields before the file: still refused, not half read.
      const dry = formStart({ dry_run: '1' }, { name: 'file', filename: 'rows.csv', type: 'text/csv' });
      const res = await send(url, Buffer.concat([dry, file.subarray(0, 10)]));
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    expect({ products: await count('products'), users: await count('users') }).toEqual(before);
  });

  it('a whole form after them is read as usual', async () => {
    const picture = await pngImage();
    const fields = { title: 'Whole Form Rice', price: '90', tags: 'rice', brand_id: String(brand) };
    const start = formStart(fields, { name: 'image', filename: 'rice.png', type: 'image/png' });
    const res = await send(
      '/api/product/add',
      Buffer.concat([start, picture, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    );
    expect(res.statusCode).toBe(201);
  });
});
