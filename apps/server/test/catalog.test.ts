import { beforeAll, describe, expect, it } from 'vitest';
import { isValidEan13 } from '../src/modules/catalog/barcode';
import { makeBrand, makeCategory, makeProduct, pngImage } from './catalog-factories';
import { adminToken, client, postForm, registerCustomer, testApp, type TestApp } from './helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let brand: number;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
});

type Node = { id: number; title: string; parent: number | null; parents: Node[] };

describe('categories', () => {
  it('nest three levels deep and answer as a tree with children under parents', async () => {
    const top = await makeCategory(t.app, admin, null, 'Grocery');
    const child = await makeCategory(t.app, admin, top, 'Rice & Dal');
    const grandchild = await makeCategory(t.app, admin, child, 'Rice');
    const tree = (await api.get('/api/categories')).body.data as Node[];
    const grocery = tree.find((c) => c.id === top);
    expect(grocery).toEqual({
      id: top,
      title: 'Grocery',
      title_bn: '',
      parent: null,
      parents: [
        {
          id: child,
          title: 'Rice & Dal',
          title_bn: '',
          parent: top,
          parents: [{ id: grandchild, title: 'Rice', title_bn: '', parent: child, parents: [] }],
        },
      ],
    });

    const fourth = await api.post('/api/category/add', { title: 'Too deep', parent: grandchild }, admin);
    expect(fourth.status).toBe(422);
    expect(fourth.body.errors).toEqual({ parent: ['Categories go at most 3 levels deep.'] });
  });

  it('refuse cycles, moves that would go too deep, unknown parents, and deleting a parent', async () => {
    const a = await makeCategory(t.app, admin);
    const b = await makeCategory(t.app, admin, a);
    const c = await makeCategory(t.app, admin, b);
    expect((await api.post(`/api/category/edit/${a}`, { title: 'A', parent: c }, admin)).status).toBe(422);
    expect((await api.post(`/api/category/edit/${a}`, { title: 'A', parent: a }, admin)).body.errors).toEqual(
      {
        parent: ['A category cannot be placed under itself or its own subcategory.'],
      },
    );
    const other = await makeCategory(t.app, admin);
    // a has two levels below it: under `other` it would make four
    expect((await api.post(`/api/category/edit/${a}`, { title: 'A', parent: other }, admin)).status).toBe(
      422,
    );
    expect(
      (await api.post(`/api/category/edit/${c}`, { title: 'C moved', parent: other }, admin)).status,
    ).toBe(200);
    expect((await api.post('/api/category/add', { title: 'X', parent: 999999 }, admin)).status).toBe(422);

    const del = await api.del(`/api/category/delete/${a}`, admin);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('This category has subcategories. Move or delete them first.');
    expect((await api.del(`/api/category/delete/${b}`, admin)).status).toBe(200);
    expect((await api.del(`/api/category/delete/${b}`, admin)).status).toBe(404);
  });

  it('showcategory lists products of the category and its subcategories', async () => {
    const top = await makeCategory(t.app, admin);
    const sub = await makeCategory(t.app, admin, top);
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Sub product', 'category[]': [String(sub)] });
    const res = await api.get(`/api/showcategory/${top}`);
    expect(res.status).toBe(200);
    const data = res.body.data as { title: string; products: Array<{ id: number }> };
    expect(data.products.map((x) => x.id)).toEqual([p?.id]);
    expect((await api.get('/api/showcategory/999999')).status).toBe(404);
  });
});

describe('brands', () => {
  it('cannot be deleted while products use them; duplicates are refused', async () => {
    const b = await makeBrand(t.app, admin, 'Teer Test');
    expect((await api.post('/api/brand/add', { title: 'teer test' }, admin)).status).toBe(409);
    await makeProduct(t.app, admin, b);
    const del = await api.del(`/api/brand/delete/${b}`, admin);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('This brand is used by 1 product.');
    const unused = await makeBrand(t.app, admin);
    expect((await api.post(`/api/brand/edit/${unused}`, { title: 'Renamed' }, admin)).body).toEqual({
      data: { id: unused, title: 'Renamed', title_bn: '' },
    });
    expect((await api.del(`/api/brand/delete/${unused}`, admin)).status).toBe(200);
  });
});

describe('products', () => {
  it('are created with every field, a generated in-store EAN-13 and images in two sizes', async () => {
    const cat = await makeCategory(t.app, admin);
    const [p] = await makeProduct(t.app, admin, brand, {
      title: 'Mustard Oil',
      attri: '1 litre',
      price: '290',
      offprice: '275',
      buyprice: '250',
      qty: '12.5',
      desc: 'Cold pressed',
      tags: 'oil',
      offer: 'on',
      popular: 'on',
      'category[]': [String(cat)],
    });
    expect(p).toMatchObject({
      title: 'Mustard Oil',
      attri: '1 litre',
      price: 290,
      offprice: 275,
      buyprice: 250,
      qty: 12.5,
      offer: 'on',
      popular: 'on',
      food: '',
      stock_out: '',
      stock: '',
      link_qty: 0,
      category: [{ id: cat, title: expect.any(String) }],
      brand: { id: brand, title: expect.any(String) },
    });
    expect(p?.barcode).toMatch(/^20\d{11}$/);
    expect(isValidEan13(p?.barcode ?? '')).toBe(true);
    const image = p?.image as string;
    expect(image).toMatch(/^\/uploads\/[0-9a-f]{32}-400\.webp$/);
    const file = await t.app.inject({ method: 'GET', url: image });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('keep barcodes unique', async () => {
    const [a] = await makeProduct(t.app, admin, brand, { barcode: '8941100500019' });
    expect(a?.barcode).toBe('8941100500019');
    const dup = await postForm(
      t.app,
      '/api/product/add',
      {
        title: 'Dup',
        price: '10',
        tags: 'x',
        brand_id: String(brand),
        barcode: '8941100500019',
        image: await pngImage(),
      },
      admin,
    );
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ barcode: ['This barcode is already used by another product.'] });
    const many = await Promise.all([1, 2, 3, 4].map(() => makeProduct(t.app, admin, brand)));
    const codes = many.flat().map((p) => p.barcode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('accept only real pictures up to 5 MB, checked by content', async () => {
    const base = { title: 'Pic', price: '10', tags: 'x', brand_id: String(brand) };
    const fake = await postForm(
      t.app,
      '/api/product/add',
      { ...base, image: Buffer.from('<?php echo 1; ?>') },
      admin,
    );
    expect(fake.status).toBe(422);
    expect(fake.body.errors).toEqual({ image: ['The image must be a JPEG, PNG, WebP or GIF picture.'] });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await postForm(t.app, '/api/product/add', { ...base, image: svg }, admin)).status).toBe(422);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await postForm(t.app, '/api/product/add', { ...base, image: big }, admin);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toEqual({ image: ['The image may not be greater than 5 MB.'] });
    const none = await postForm(t.app, '/api/product/add', base, admin);
    expect(none.body.errors).toEqual({ image: ['The image field is required.'] });
  });

  it.each([
    [{ price: '' }, 'price'],
    [{ price: '-5' }, 'price'],
    [{ price: '10.5' }, 'price'],
    [{ title: '' }, 'title'],
    [{ tags: '' }, 'tags'],
    [{ brand_id: '' }, 'brand_id'],
    [{ brand_id: '999999' }, 'brand_id'],
    [{ qty: 'lots' }, 'qty'],
    [{ qty: '1.234' }, 'qty'],
    [{ 'category[]': ['999999'] }, 'category'],
  ])('refuse %j with 422 on %s', async (change, field) => {
    const fields = {
      title: 'X',
      price: '10',
      tags: 'x',
      brand_id: String(brand),
      image: await pngImage(),
      ...change,
    };
    const res = await postForm(t.app, '/api/product/add', fields, admin);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors as object)[0]).toBe(field);
  });

  it('with variations become one product per variation in one group; Bind Stock shares the count', async () => {
    const rows = await makeProduct(t.app, admin, brand, {
      title: 'Miniket Rice',
      attri: '1 kg',
      price: '78',
      qty: '40',
      'variations[0][title]': '5 kg',
      'variations[0][price]': '380',
      'variations[0][offprice]': '365',
      'variations[0][buyprice]': '320',
      'variations[0][qty]': '7',
      'variations[1][title]': '25 kg',
      'variations[1][price]': '1850',
      'variations[1][qty]': '2',
    });
    expect(rows.map((r) => [r.attri, r.price, r.offprice, r.qty, r.link_qty])).toEqual([
      ['1 kg', 78, null, 40, 0],
      ['5 kg', 380, 365, 7, 0],
      ['25 kg', 1850, null, 2, 0],
    ]);
    expect(new Set(rows.map((r) => r.group_id)).size).toBe(1);
    const list = await api.get(`/api/product/edit-list/${rows[1]?.id}`, admin);
    expect((list.body.data as Array<{ attri: string }>).map((r) => r.attri)).toEqual([
      '1 kg',
      '5 kg',
      '25 kg',
    ]);

    const bound = await makeProduct(t.app, admin, brand, {
      title: 'Soybean Oil Loose',
      attri: '1 litre',
      qty: '60',
      link_qty: '1',
      'variations[0][title]': '2 litre',
      'variations[0][price]': '345',
      'variations[0][qty]': '3',
    });
    expect(bound.map((r) => [r.qty, r.link_qty])).toEqual([
      [60, 1],
      [60, 1],
    ]);
    const edited = await api.post(
      `/api/product/edit-quick/${bound[1]?.id}`,
      { price: 345, offprice: null, qty: 55.5 },
      admin,
    );
    expect(edited.status).toBe(200);
    const after = await api.get(`/api/product/edit-list/${bound[0]?.id}`, admin);
    expect((after.body.data as Array<{ qty: number }>).map((r) => r.qty)).toEqual([55.5, 55.5]);
    // Without Bind Stock, each variation keeps its own count
    await api.post(
      `/api/product/edit-quick/${rows[0]?.id}`,
      { price: 78, offprice: null, qty: 1, attri: '1 kg bag' },
      admin,
    );
    const own = (await api.get(`/api/product/edit-list/${rows[0]?.id}`, admin)).body.data as Array<{
      qty: number;
      attri: string;
    }>;
    expect(own.map((r) => [r.attri, r.qty])).toEqual([
      ['1 kg bag', 1],
      ['5 kg', 7],
      ['25 kg', 2],
    ]);
  });

  it('edit keeps the image unless a new one comes, and sets flags and categories', async () => {
    const cat = await makeCategory(t.app, admin);
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Editable', stock_out: 'on', offprice: '' });
    expect(p?.offprice).toBeNull();
    const res = await postForm(
      t.app,
      `/api/product/edit/${p?.id}`,
      {
        title: 'Edited',
        price: '55',
        qty: '3',
        tags: 'a, b',
        brand_id: String(brand),
        food: 'on',
        'category[]': [String(cat)],
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Edited',
      price: 55,
      qty: 3,
      food: 'on',
      stock_out: '',
      image: p?.image,
      category: [{ id: cat }],
    });
    expect((await api.get(`/api/product/${p?.id}`, admin)).body.data).toMatchObject({
      title: 'Edited',
      tags: 'a, b',
    });
    expect(
      (
        await postForm(
          t.app,
          '/api/product/edit/999999',
          { title: 'x', price: '1', tags: 'x', brand_id: String(brand) },
          admin,
        )
      ).status,
    ).toBe(404);
  });

  it('never show the buy price, tags or categories to the public', async () => {
    const [p] = await makeProduct(t.app, admin, brand, {
      title: 'Secret Margin Soap',
      buyprice: '41',
      offer: 'on',
      popular: 'on',
    });
    const cat = await makeCategory(t.app, admin);
    await postForm(
      t.app,
      `/api/product/edit/${p?.id}`,
      {
        title: 'Secret Margin Soap',
        price: '100',
        tags: 'x',
        brand_id: String(brand),
        offer: 'on',
        popular: 'on',
        'category[]': [String(cat)],
      },
      admin,
    );
    for (const url of [
      '/api/productoffer',
      '/api/productpopular',
      '/api/product/search/secret',
      `/api/showcategory/${cat}`,
      '/api/product/find/secret',
    ]) {
      const res = await api.get(url);
      expect([url, res.status]).toEqual([url, 200]);
      expect(JSON.stringify(res.body)).toContain('Secret Margin Soap');
      expect([url, JSON.stringify(res.body)]).not.toEqual([
        url,
        expect.stringMatching(/buyprice|"tags"|"category"|link_qty/),
      ]);
    }
    expect((await api.get(`/api/product/${p?.id}`)).status).toBe(401);
  });

  it('paginate for the back office with a text filter', async () => {
    for (let i = 0; i < 3; i++) await makeProduct(t.app, admin, brand, { title: `Paged Lentil ${i}` });
    const res = await api.get('/api/products?page=2&per_page=2&q=paged lentil', admin);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ current_page: 2, from: 3, last_page: 2, per_page: 2, to: 3, total: 3 });
    expect(res.body.links).toMatchObject({
      prev: '/api/products?page=1&per_page=2&q=paged%20lentil',
      next: null,
    });
    expect((res.body.data as unknown[]).length).toBe(1);
    expect((await api.get('/api/products?per_page=500', admin)).status).toBe(422);
  });

  it('delete', async () => {
    const [p] = await makeProduct(t.app, admin, brand);
    expect((await api.del(`/api/product/delete/${p?.id}`, admin)).status).toBe(200);
    expect((await api.get(`/api/product/${p?.id}`, admin)).status).toBe(404);
    expect((await api.del(`/api/product/delete/${p?.id}`, admin)).status).toBe(404);
  });
});

describe('search', () => {
  it('ranks titles that start with the text first and forgives one typo', async () => {
    await makeProduct(t.app, admin, brand, { title: 'Deshi Chicken Whole' });
    await makeProduct(t.app, admin, brand, { title: 'Chicken Broiler Fresh' });
    await makeProduct(t.app, admin, brand, { title: 'Green Chilli Fresh' });
    const exact = (await api.get('/api/product/search/chicken')).body.data as Array<{ title: string }>;
    expect(exact.map((p) => p.title).slice(0, 2)).toEqual(['Chicken Broiler Fresh', 'Deshi Chicken Whole']);
    const typo = (await api.get('/api/product/search/chiken')).body.data as Array<{ title: string }>;
    expect(typo.map((p) => p.title)).toEqual(
      expect.arrayContaining(['Chicken Broiler Fresh', 'Deshi Chicken Whole']),
    );
    expect(typo.map((p) => p.title)).not.toContain('Green Chilli Fresh');
    expect(
      ((await api.get('/api/product/search/fresh chiken')).body.data as Array<{ title: string }>).map(
        (p) => p.title,
      ),
    ).toEqual(['Chicken Broiler Fresh']);
    // a product added later is found by its typo too (the title words are re-read after a change)
    await makeProduct(t.app, admin, brand, { title: 'Zucchini Green' });
    const later = (await api.get('/api/product/search/zuchini')).body.data as Array<{ title: string }>;
    expect(later.map((p) => p.title)).toEqual(['Zucchini Green']);
    // every word counts, in any order
    const words = (await api.get('/api/product/search/broiler chicken')).body.data as Array<{
      title: string;
    }>;
    expect(words.map((p) => p.title)).toEqual(['Chicken Broiler Fresh']);
    expect((await api.get('/api/product/search/ch')).status).toBe(422);
    expect((await api.get('/api/product/search/%25%25%25')).status).toBe(200);
  });

  it('find: an exact barcode first, then titles', async () => {
    const [p] = await makeProduct(t.app, admin, brand, {
      title: 'Scanner Biscuit',
      barcode: '8901234567890',
    });
    const res = await api.get('/api/product/find/8901234567890');
    expect((res.body.data as Array<{ id: number }>).map((x) => x.id)).toEqual([p?.id]);
    const byTitle = await api.get('/api/product/find/scanner bis');
    expect((byTitle.body.data as Array<{ title: string }>)[0]?.title).toBe('Scanner Biscuit');
  });
});

describe('stories', () => {
  it('admins add and delete stories with pictures; everyone lists them', async () => {
    const add = await postForm(
      t.app,
      '/api/story/add',
      { link: '/category/1', image: await pngImage(300, 500) },
      admin,
    );
    expect(add.status).toBe(201);
    const story = add.body.data as { id: number; image: string; link: string };
    expect(story.image).toMatch(/^\/uploads\/.+\.webp$/);
    expect((await api.get('/api/storys')).body.data).toContainEqual(story);
    expect(
      (await postForm(t.app, '/api/story/add', { link: 'x', image: Buffer.from('nope') }, admin)).status,
    ).toBe(422);
    expect((await api.del(`/api/story/delete/${story.id}`, admin)).status).toBe(200);
    expect((await api.get('/api/storys')).body.data).not.toContainEqual(story);
  });
});

describe('product requests', () => {
  it('a stock-out product can be requested once per customer; back in stock sends each requester one SMS', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Hilsa', attri: '1 kg', qty: '0' });
    const c1 = await registerCustomer(t.app, { verified: true, database: t.database });
    const c2 = await registerCustomer(t.app, { verified: true, database: t.database });
    // A request ends in an SMS the shop pays for: an unverified account may not ask.
    const unverified = await registerCustomer(t.app);
    const refused = await api.get(`/api/request/add/${p?.id}`, unverified.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'unverified']);
    for (const c of [c1, c1, c2]) {
      const res = await api.get(`/api/request/add/${p?.id}`, c.token);
      expect(res.body).toEqual({ message: 'Request send successfuly' });
    }
    expect((await api.get(`/api/request/add/${p?.id}`)).status).toBe(401);
    const list = (await api.get('/api/requests', admin)).body.data as Array<{
      phone: string;
      product_title: string;
    }>;
    expect(
      list
        .filter((r) => r.product_title === 'Hilsa')
        .map((r) => r.phone)
        .sort(),
    ).toEqual([c1.phone, c2.phone].sort());

    await api.post(`/api/product/edit-quick/${p?.id}`, { price: 100, offprice: null, qty: 5 }, admin);
    await api.post(`/api/product/edit-quick/${p?.id}`, { price: 100, offprice: null, qty: 0 }, admin);
    await api.post(`/api/product/edit-quick/${p?.id}`, { price: 100, offprice: null, qty: 3 }, admin);
    const sms = await t.database.pool.query<{ to_phone: string; message: string }>(
      "SELECT to_phone, message FROM sms_outbox WHERE message LIKE '%Hilsa%' ORDER BY id",
    );
    expect(sms.rows.map((r) => r.to_phone).sort()).toEqual([c1.phone, c2.phone].sort());
    expect(sms.rows[0]?.message).toBe(
      'Good news! Hilsa (1 kg) is back in stock. Order now before it runs out.',
    );

    // In stock now: nothing to request
    expect((await api.get(`/api/request/add/${p?.id}`, c1.token)).status).toBe(409);
  });

  it('clearing the stock-out flag also counts as back in stock', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Flagged Ghee', qty: '5', stock_out: 'on' });
    const c = await registerCustomer(t.app, { verified: true, database: t.database });
    await api.get(`/api/request/add/${p?.id}`, c.token);
    await postForm(
      t.app,
      `/api/product/edit/${p?.id}`,
      { title: 'Flagged Ghee', price: '100', qty: '5', tags: 'x', brand_id: String(brand) },
      admin,
    );
    const sms = await t.database.pool.query("SELECT 1 FROM sms_outbox WHERE message LIKE '%Flagged Ghee%'");
    expect(sms.rowCount).toBe(1);
  });
});

describe('stock ledger', () => {
  it('after everything above, every quantity equals the sum of its ledger rows', async () => {
    const { rows } = await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stock_ledger',
    );
    expect(rows[0]?.n).toBeGreaterThan(10);
    const check = await api.get('/api/stock/check', admin);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ data: [] });
    // and the check does catch a change made behind the ledger's back
    const [p] = await makeProduct(t.app, admin, brand, { qty: '4' });
    await t.database.pool.query('UPDATE products SET qty = 9 WHERE id = $1', [p?.id]);
    expect((await api.get('/api/stock/check', admin)).body).toEqual({
      data: [{ id: p?.id, qty: 9, ledger: 4 }],
    });
  });
});
