import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '@bazar/contracts/imports';
import { makeCategory } from './catalog-factories';
import { adminToken, postForm, testApp, type TestApp } from './helpers';

/**
 * Issue 29, an import that asks before creating: a category path the shop does not have is listed
 * by the dry run with the nearest existing categories, and the import makes it only when ticked
 * (`create_categories`), uses a chosen category instead (`map_categories`), or refuses the rows.
 * Tags may be left out of an imported row. Through HTTP and the real database.
 */

let t: TestApp;
let admin: string;
/** Names no other test (nor an earlier run) uses. */
const tag = `Q${process.pid.toString(36)}${Date.now().toString(36)}`;
let food: string;
let riceId: number;

beforeAll(async () => {
  t = await testApp();
  admin = await adminToken(t);
  food = `${tag} Food`;
  const foodId = await makeCategory(t.app, admin, null, food);
  riceId = await makeCategory(t.app, admin, foodId, 'Rice');
  await makeCategory(t.app, admin, foodId, 'Oil');
  await makeCategory(t.app, admin, foodId, 'Spices');
});

const COLUMNS = ['title', 'price', 'brand', 'category', 'barcode'] as const;
type Row = Partial<Record<(typeof COLUMNS)[number] | 'tags', string>>;

const csv = (rows: Row[], columns: readonly string[] = COLUMNS) =>
  Buffer.from(
    stringify([[...columns], ...rows.map((r) => columns.map((c) => r[c as keyof Row] ?? ''))], { bom: true }),
  );

async function send(
  file: Buffer,
  opts: {
    dryRun?: boolean;
    skipErrors?: boolean;
    create?: string[] | string;
    map?: Record<string, number>;
  } = {},
) {
  const fields: Record<string, string | Buffer> = { file };
  if (opts.dryRun) fields.dry_run = '1';
  if (opts.skipErrors) fields.skip_errors = '1';
  if (opts.create !== undefined)
    fields.create_categories = typeof opts.create === 'string' ? opts.create : JSON.stringify(opts.create);
  if (opts.map) fields.map_categories = JSON.stringify(opts.map);
  return postForm(t.app, '/api/product/import', fields, admin);
}
const report = (res: { body: Record<string, unknown> }) => res.body.data as ImportReport;

async function categoriesTitled(title: string) {
  const res = await t.database.pool.query<{ id: number; parent_id: number | null }>(
    'SELECT id, parent_id FROM categories WHERE title = $1',
    [title],
  );
  return res.rows;
}

async function product(title: string) {
  const res = await t.database.pool.query<{ id: number; tags: string; categories: number[] }>(
    `SELECT p.id, p.tags, coalesce(array_agg(pc.category_id) FILTER (WHERE pc.category_id IS NOT NULL), '{}') AS categories
     FROM products p LEFT JOIN product_categories pc ON pc.product_id = p.id WHERE p.title = $1 GROUP BY p.id`,
    [title],
  );
  return res.rows;
}

describe('product import: unknown category paths (issue 29)', () => {
  it('a dry run lists a typo path once, with the nearest existing category first, and beside its rows', async () => {
    const file = csv([
      { title: `${tag} Dry A`, price: '10', brand: `${tag} Brand`, category: `${food} > Rce` },
      { title: `${tag} Dry B`, price: '10', brand: `${tag} Brand`, category: `${food.toLowerCase()} > rce ` },
      { title: `${tag} Dry C`, price: '10', brand: `${tag} Brand`, category: `${food} > Rice` },
    ]);
    const before = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM categories');
    const res = await send(file, { dryRun: true });
    expect(res.status).toBe(200);
    const r = report(res);
    expect(r).toMatchObject({ created: 3, refused: 0, errors: [], new_categories: [] });
    expect(r.unknown_categories).toHaveLength(1);
    const [unknown] = r.unknown_categories ?? [];
    expect(unknown).toMatchObject({ path: `${food} > Rce`, rows: [2, 3] });
    expect(unknown?.suggestions[0]).toEqual({ id: riceId, path: `${food} > Rice` });
    expect(unknown?.suggestions.length).toBeLessThanOrEqual(3);
    expect(r.results.map((x) => x.unknown_categories)).toEqual([
      [`${food} > Rce`],
      [`${food} > Rce`],
      undefined,
    ]);
    const after = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM categories');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('without a tick, no category is made and those rows are refused with the error (skipped with skip_errors)', async () => {
    const file = csv([
      { title: `${tag} Untick A`, price: '10', brand: `${tag} Brand`, category: `${food} > Rce` },
      { title: `${tag} Untick B`, price: '12', brand: `${tag} Brand`, category: `${food} > Rice` },
    ]);
    const refused = await send(file);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'row 2: category': [
        `The shop has no category ${food} > Rce: tick "Create this category", or choose one the shop has.`,
      ],
    });
    const res = await send(file, { skipErrors: true });
    expect(res.status).toBe(200);
    expect(report(res)).toMatchObject({ applied: true, created: 1, refused: 1, new_categories: [] });
    expect(await categoriesTitled('Rce')).toEqual([]);
    expect(await product(`${tag} Untick A`)).toEqual([]);
    expect((await product(`${tag} Untick B`))[0]?.categories).toEqual([riceId]);
  });

  it('a ticked path is made once, however many rows name it (in any case)', async () => {
    const path = `${food} > Rice Bran`;
    const file = csv([
      { title: `${tag} Bran A`, price: '10', brand: `${tag} Brand`, category: path },
      { title: `${tag} Bran B`, price: '10', brand: `${tag} Brand`, category: path.toUpperCase() },
    ]);
    const dry = await send(file, { dryRun: true, create: [path] });
    expect(report(dry)).toMatchObject({ created: 2, refused: 0, new_categories: [path] });
    const res = await send(file, { create: [`${food.toLowerCase()}>rice bran`] });
    expect(res.status).toBe(200);
    expect(report(res)).toMatchObject({ applied: true, created: 2, refused: 0, new_categories: [path] });
    const made = await categoriesTitled('Rice Bran');
    expect(made).toHaveLength(1);
    expect((await product(`${tag} Bran A`))[0]?.categories).toEqual([made[0]?.id]);
    expect((await product(`${tag} Bran B`))[0]?.categories).toEqual([made[0]?.id]);
  });

  it('a path mapped to an existing category uses it; a mapped category gone refuses the rows', async () => {
    const file = csv([
      { title: `${tag} Mapped`, price: '10', brand: `${tag} Brand`, category: `${food} > Rce` },
    ]);
    const res = await send(file, { map: { [`${food} > Rce`]: riceId } });
    expect(res.status).toBe(200);
    expect(report(res)).toMatchObject({ created: 1, refused: 0, new_categories: [] });
    expect((await product(`${tag} Mapped`))[0]?.categories).toEqual([riceId]);
    expect(await categoriesTitled('Rce')).toEqual([]);

    const gone = await send(csv([{ title: `${tag} Gone`, price: '1', brand: 'x', category: 'Zzz' }]), {
      dryRun: true,
      map: { zzz: 2_000_000_000 },
    });
    expect(report(gone).errors).toEqual([
      { row: 2, field: 'category', message: 'The category chosen for Zzz is not in the shop any more.' },
    ]);
  });

  it('create_categories=* makes every unknown path, as imports did before', async () => {
    const file = csv([
      { title: `${tag} Star`, price: '10', brand: `${tag} Brand`, category: `${tag} Star Top > Star Mid` },
    ]);
    const res = await send(file, { create: '*' });
    expect(report(res)).toMatchObject({
      created: 1,
      new_categories: [`${tag} Star Top`, `${tag} Star Top > Star Mid`],
    });
  });

  it('refuses choices that are not JSON of the right shape (422)', async () => {
    const file = csv([{ title: `${tag} Junk`, price: '1', brand: 'x' }]);
    const bad = await postForm(
      t.app,
      '/api/product/import',
      { file, create_categories: '{"a":1}', map_categories: '["x"]' },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['create_categories', 'map_categories']);
  });

  it('tags are optional for a new product: left out or blank, it has none', async () => {
    const noColumn = await send(csv([{ title: `${tag} No Tags`, price: '10', brand: `${tag} Brand` }]));
    expect(report(noColumn)).toMatchObject({ created: 1, refused: 0 });
    expect((await product(`${tag} No Tags`))[0]?.tags).toBe('');
    const blank = await send(
      csv(
        [{ title: `${tag} Blank Tags`, price: '10', brand: `${tag} Brand`, tags: '' }],
        [...COLUMNS, 'tags'],
      ),
    );
    expect(report(blank)).toMatchObject({ created: 1, refused: 0 });
    expect((await product(`${tag} Blank Tags`))[0]?.tags).toBe('');
  });
});
