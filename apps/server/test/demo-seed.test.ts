import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/demo-seed';
import { adminToken, client, testApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});

describe('the demo data', () => {
  it('loads once, through the catalogue service: opening stock in the ledger, units, variants, pictures', async () => {
    expect(await seedDemo(t.ctx)).toBe(true);
    expect(await seedDemo(t.ctx)).toBe(false);
    const q = async (text: string) => (await t.database.pool.query(text)).rows;
    const [counts] = await q(`SELECT
      (SELECT count(*)::int FROM products) AS products,
      (SELECT count(*)::int FROM products WHERE image IS NULL) AS without_picture,
      (SELECT count(*)::int FROM products WHERE barcode !~ '^20[0-9]{11}$') AS without_barcode,
      (SELECT count(*)::int FROM products WHERE unit = 'kg') AS by_weight,
      (SELECT count(DISTINCT group_id)::int FROM products WHERE link_qty) AS bound_groups,
      (SELECT count(*)::int FROM stock_ledger WHERE reason = 'initial') AS opening_rows,
      (SELECT count(*)::int FROM areas) AS areas,
      (SELECT count(*)::int FROM stories) AS stories`);
    expect(counts).toMatchObject({
      without_picture: 0,
      without_barcode: 0,
      bound_groups: 1,
      areas: 7,
      stories: 4,
    });
    expect(counts.products).toBeGreaterThan(60);
    expect(counts.by_weight).toBeGreaterThan(5);
    const admin = await adminToken(t);
    expect((await client(t.app).get('/api/stock/check', admin)).body).toEqual({ data: [] });
    // Milk tracks expiry: its 40 in two dated batches, one on Expiring soon from the first day.
    const expiring = (await client(t.app).get('/api/stock/expiring', admin)).body.data as {
      batches: Array<{ title: string; code: string; qty: number; days_left: number }>;
    };
    expect(expiring.batches.map((b) => [b.title, b.code, b.qty, b.days_left])).toEqual([
      ['Liquid Milk', 'LM-A12', 12, 2],
    ]);
    // Three levels of categories: Food > Fruits & Vegetables > Fresh Fruits.
    const tree = (await client(t.app).get('/api/categories')).body.data as Array<{
      title: string;
      parents: Array<{ title: string; parents: Array<{ title: string }> }>;
    }>;
    const food = tree.find((c) => c.title === 'Food');
    expect(
      food?.parents.find((c) => c.title === 'Fruits & Vegetables')?.parents.map((c) => c.title),
    ).toContain('Fresh Fruits');
  });

  it('names every product, category, brand and area in Bangla too, attributes with Bengali digits', async () => {
    await seedDemo(t.ctx);
    const q = async (text: string) => (await t.database.pool.query(text)).rows;
    const [missing] = await q(`SELECT
      (SELECT count(*)::int FROM products WHERE title_bn = '' OR desc_bn = '') AS products,
      (SELECT count(*)::int FROM products WHERE attri <> '' AND attri_bn !~ '^[০-৯]') AS attributes,
      (SELECT count(*)::int FROM products WHERE attri_bn ~ '[0-9A-Za-z]') AS latin_in_attributes,
      (SELECT count(*)::int FROM categories WHERE title_bn = '') AS categories,
      (SELECT count(*)::int FROM brands WHERE title_bn = '') AS brands,
      (SELECT count(*)::int FROM areas WHERE title_bn = '') AS areas`);
    expect(missing).toEqual({
      products: 0,
      attributes: 0,
      latin_in_attributes: 0,
      categories: 0,
      brands: 0,
      areas: 0,
    });
    // Every read carries both languages: the rice of the storefront's search, in Bangla.
    const [rice] = (await client(t.app).get('/api/product/search/miniket')).body.data as Array<{
      title: string;
      title_bn: string;
      attri_bn: string;
      brand: { title_bn: string };
    }>;
    expect(rice).toMatchObject({ title: 'Miniket Rice', title_bn: 'মিনিকেট চাল', attri_bn: '১ কেজি' });
    expect(rice?.brand.title_bn).toBe('ফ্রেশ');
  });
});
