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
});
