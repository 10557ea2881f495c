import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct, pngImage } from './catalog-factories';
import { adminToken, client, postForm, registerCustomer, testApp, type TestApp } from './helpers';

/**
 * GET /api/product/barcode/{code}, the till's scan: a product's own barcode or a scale label
 * (Setting's rules: 21 weight, 23 price by default), and the scale item code (PLU) of products.
 * Every label below is written out with its real EAN-13 check digit.
 */

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let brand: number;
/** Loose lentils: PLU 12345, sold by the kg at 90 taka, no offer. */
let lentils: { id: number; barcode: string };

type Lookup = {
  product: {
    id: number;
    title: string;
    attri: string;
    price: number;
    offprice: number | null;
    barcode: string;
    unit: string;
  };
  quantity: number;
  label_poisha: number | null;
};
const scan = async (code: string, token = admin) => api.get(`/api/product/barcode/${code}`, token);
const found = async (code: string) => {
  const res = await scan(code);
  expect([code, res.status]).toEqual([code, 200]);
  return res.body.data as Lookup;
};
const editForm = (title: string, extra: Record<string, string> = {}) => ({
  title,
  price: '100',
  qty: '5',
  tags: 'x',
  brand_id: String(brand),
  ...extra,
});

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
  const [p] = await makeProduct(t.app, admin, brand, {
    title: 'Masoor Dal Loose',
    attri: 'per kg',
    price: '90',
    unit: 'kg',
    plu: '12345',
  });
  if (!p) throw new Error('no product');
  lentils = p;
});

describe('scale labels', () => {
  it('a weight label (21) gives its product and the weight in kg', async () => {
    // 21 | 12345 | 01500 g | 2
    expect(await found('2112345015002')).toEqual({
      product: {
        id: lentils.id,
        title: 'Masoor Dal Loose',
        attri: 'per kg',
        title_bn: '',
        attri_bn: '',
        price: 90,
        offprice: null,
        barcode: lentils.barcode,
        unit: 'kg',
      },
      quantity: 1.5,
      // A weight label's line costs price × weight.
      label_poisha: null,
    });
    // 750 g
    expect((await found('2112345007502')).quantity).toBe(0.75);
  });

  it('a price label (23) gives the price over the unit price, to 0.01 rounded half up', async () => {
    // 23 | 12345 | 12375 poisha | 6: 123.75 taka of a 90-taka kg is 1.375 kg → 1.38
    const label = await found('2312345123756');
    expect([label.product.id, label.quantity]).toEqual([lentils.id, 1.38]);
    // The line costs the printed 123.75, not 1.38 × 90 = 124.20 (ADR 0061).
    expect(label.label_poisha).toBe(12375);
  });

  it('the unit price of a price label is the offer price when there is one (what the till charges)', async () => {
    const [rice] = await makeProduct(t.app, admin, brand, {
      title: 'Chinigura Rice Loose',
      price: '200',
      offprice: '180',
      unit: 'kg',
      plu: '04240',
    });
    // 23 | 04240 | 04500 poisha | 4: 45 taka of 180 taka/kg = 0.25 kg (of 200 it would be 0.23)
    const label = await found('2304240045004');
    expect([label.product.id, label.product.offprice, label.quantity]).toEqual([rice?.id, 180, 0.25]);
  });

  it('a wrong check digit is 422 on code', async () => {
    const res = await scan('2112345015003');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'invalid',
      errors: { code: ["The barcode's check digit is wrong: scan it again."] },
    });
  });

  it('a weight or price of 0 is not a sale (422); neither is a price label of a product that costs 0', async () => {
    for (const [code, message] of [
      ['2112345000008', 'The label shows a weight of 0: it is not a sale.'],
      ['2312345000002', 'The label shows a price of 0: it is not a sale.'],
    ] as const) {
      const res = await scan(code);
      expect([res.status, res.body.errors]).toEqual([422, { code: [message] }]);
    }
    await makeProduct(t.app, admin, brand, {
      title: 'Free Sample Loose',
      price: '0',
      unit: 'kg',
      plu: '11111',
    });
    // 23 | 11111 | 12375 | 4
    const res = await scan('2311111123754');
    expect([res.status, res.body.errors]).toEqual([
      422,
      { code: ['Free Sample Loose has no price, so its price label cannot be read.'] },
    ]);
    // Its weight label still reads: 21 | 11111 | 01500 | 0
    expect((await found('2111111015000')).quantity).toBe(1.5);
  });

  it('a label whose item code no product has is 404 naming the item code', async () => {
    // 21 | 99999 | 01500 | 8
    const res = await scan('2199999015008');
    expect([res.status, res.body]).toEqual([
      404,
      { code: 'not_found', message: 'No product has the scale item code 99999.' },
    ]);
  });
});

describe('product barcodes', () => {
  it('a product’s own barcode gives it with quantity 1; an unknown code is 404', async () => {
    const [p] = await makeProduct(t.app, admin, brand, {
      title: 'Pran Mango Juice',
      barcode: '8941100500019',
    });
    expect(await found('8941100500019')).toEqual({
      product: {
        id: p?.id,
        title: 'Pran Mango Juice',
        attri: '',
        title_bn: '',
        attri_bn: '',
        price: 100,
        offprice: null,
        barcode: '8941100500019',
        unit: 'pcs',
      },
      quantity: 1,
      label_poisha: null,
    });
    // A generated in-store barcode (prefix 20) is never read as a label.
    expect((await found(lentils.barcode)).quantity).toBe(1);
    expect(lentils.barcode).toMatch(/^20\d{11}$/);
    const res = await scan('4006381333931');
    expect([res.status, res.body]).toEqual([
      404,
      { code: 'not_found', message: 'No product has the barcode 4006381333931.' },
    ]);
    // Letters are part of the barcodes a product may have.
    const [coded] = await makeProduct(t.app, admin, brand, { barcode: 'SHELF-12/A' });
    expect((await found(encodeURIComponent('SHELF-12/A'))).product.id).toBe(coded?.id);
  });

  it('an exact barcode wins over a label it looks like, even one with a wrong check digit', async () => {
    // A maker's EAN-13 that reads as a 21 label of PLU 12345 at 2 kg: the product's own barcode wins.
    const [maker] = await makeProduct(t.app, admin, brand, {
      title: 'Imported Biscuit',
      barcode: '2112345020006',
    });
    expect(await found('2112345020006')).toMatchObject({ product: { id: maker?.id }, quantity: 1 });
    // A typed-in barcode with a label's prefix and a wrong check digit is still that product's.
    const [typed] = await makeProduct(t.app, admin, brand, { title: 'Typed Code', barcode: '2312345123750' });
    expect(await found('2312345123750')).toMatchObject({ product: { id: typed?.id }, quantity: 1 });
    // Other labels of PLU 12345 still give the lentils.
    expect((await found('2112345015002')).product.id).toBe(lentils.id);
  });

  it('refuse codes no barcode can be: 422 on code', async () => {
    for (const code of ['%3Cscript%3E', 'caf%C3%A9', '1'.repeat(65), '%20%20']) {
      const res = await scan(code);
      expect([code, res.status, Object.keys((res.body.errors as object) ?? {})]).toEqual([
        code,
        422,
        ['code'],
      ]);
    }
    expect((await scan('1'.repeat(64))).status).toBe(404);
  });

  it('only admins may scan: guests 401, customers 403', async () => {
    expect((await api.get('/api/product/barcode/2112345015002')).status).toBe(401);
    const customer = await registerCustomer(t.app, { verified: true, database: t.database });
    expect((await scan('2112345015002', customer.token)).status).toBe(403);
  });
});

describe('scale item codes (PLU) on products', () => {
  it('show in reads, and are unique: a taken one is 422 on plu', async () => {
    const one = await api.get(`/api/product/${lentils.id}`, admin);
    expect((one.body.data as { plu: string | null }).plu).toBe('12345');
    const list = await api.get('/api/products?q=Masoor Dal Loose', admin);
    expect((list.body.data as Array<{ plu: string | null }>).map((p) => p.plu)).toEqual(['12345']);

    const dup = await postForm(
      t.app,
      '/api/product/add',
      { ...editForm('Another Dal'), plu: '12345', image: await pngImage() },
      admin,
    );
    expect([dup.status, dup.body.errors]).toEqual([
      422,
      { plu: ['This scale item code is already used by another product.'] },
    ]);
    // A taken barcode is still named as the barcode.
    const dupBarcode = await postForm(
      t.app,
      '/api/product/add',
      { ...editForm('Another Dal'), barcode: lentils.barcode, image: await pngImage() },
      admin,
    );
    expect([dupBarcode.status, dupBarcode.body.errors]).toEqual([
      422,
      { barcode: ['This barcode is already used by another product.'] },
    ]);

    const [other] = await makeProduct(t.app, admin, brand, { title: 'Mug Dal Loose', unit: 'kg' });
    expect(other?.plu).toBeNull();
    const taken = await postForm(
      t.app,
      `/api/product/edit/${other?.id}`,
      editForm('Mug Dal Loose', { plu: '12345' }),
      admin,
    );
    expect([taken.status, taken.body.errors]).toEqual([
      422,
      { plu: ['This scale item code is already used by another product.'] },
    ]);

    for (const plu of ['1234', '123456', 'abcde', '12 45']) {
      const res = await postForm(
        t.app,
        `/api/product/edit/${other?.id}`,
        editForm('Mug Dal Loose', { plu }),
        admin,
      );
      expect([plu, res.status, res.body.errors]).toEqual([
        plu,
        422,
        { plu: ['The scale item code (PLU) is 5 digits.'] },
      ]);
    }
  });

  it('go to the main product only, not to its variations', async () => {
    const rows = await makeProduct(t.app, admin, brand, {
      title: 'Potato Loose',
      unit: 'kg',
      plu: '30001',
      'variations[0][title]': '5 kg bag',
      'variations[0][price]': '200',
    });
    expect(rows.map((r) => r.plu)).toEqual(['30001', null]);
  });

  it('an edit that leaves plu out keeps it; sent empty removes it (and its labels stop reading)', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Onion Loose', unit: 'kg', plu: '55555' });
    // 21 | 55555 | 01500 | 4
    expect((await found('2155555015004')).product.id).toBe(p?.id);

    const kept = await postForm(t.app, `/api/product/edit/${p?.id}`, editForm('Onion Loose Deshi'), admin);
    expect([kept.status, (kept.body.data as { plu: string | null }).plu]).toEqual([200, '55555']);
    expect((await found('2155555015004')).product.title).toBe('Onion Loose Deshi');

    const removed = await postForm(
      t.app,
      `/api/product/edit/${p?.id}`,
      editForm('Onion Loose Deshi', { plu: '' }),
      admin,
    );
    expect([removed.status, (removed.body.data as { plu: string | null }).plu]).toEqual([200, null]);
    expect((await scan('2155555015004')).status).toBe(404);

    // Free again: another product may take it, and the label follows.
    const [q] = await makeProduct(t.app, admin, brand, {
      title: 'Red Onion Loose',
      unit: 'kg',
      plu: '55555',
    });
    expect((await found('2155555015004')).product.id).toBe(q?.id);
  });
});

describe('scale rules in Setting', () => {
  type Settings = Record<string, unknown> & { scale_rules: Array<{ prefix: string; kind: string }> };
  const current = async () => (await api.get('/api/settings', admin)).body.data as Settings;

  it('are the defaults 21 weight and 23 price', async () => {
    expect((await current()).scale_rules).toEqual([
      { prefix: '21', kind: 'weight' },
      { prefix: '23', kind: 'price' },
    ]);
  });

  it('a new rule works in the lookup right after saving; a removed one stops', async () => {
    // 25 | 04240 | 04500 poisha | 8: not a rule yet
    expect((await scan('2504240045008')).status).toBe(404);
    const settings = await current();
    const rules = [
      { prefix: '21', kind: 'weight' },
      { prefix: '25', kind: 'price' },
    ];
    const saved = await api.post('/api/settings', { ...settings, scale_rules: rules }, admin);
    expect([saved.status, (saved.body.data as Settings).scale_rules]).toEqual([200, rules]);
    // 45 taka of the rice at its 180-taka offer: 0.25 kg
    expect(await found('2504240045008')).toMatchObject({
      product: { title: 'Chinigura Rice Loose' },
      quantity: 0.25,
    });
    // 23 is no rule now: its label is an unknown barcode
    const old = await scan('2312345123756');
    expect([old.status, old.body.message]).toEqual([404, 'No product has the barcode 2312345123756.']);

    // Other settings saved without scale_rules keep them.
    expect((await api.post('/api/settings', { ...settings, scale_rules: undefined }, admin)).status).toBe(
      200,
    );
    expect((await current()).scale_rules).toEqual(rules);

    expect((await api.post('/api/settings', settings, admin)).status).toBe(200);
    expect((await found('2312345123756')).quantity).toBe(1.38);
  });

  it('refuse prefix 20 (the shop’s own barcodes), other prefixes, unknown kinds and a prefix twice', async () => {
    const settings = await current();
    for (const [rules, field] of [
      [[{ prefix: '20', kind: 'weight' }], 'scale_rules.0.prefix'],
      [[{ prefix: '2', kind: 'weight' }], 'scale_rules.0.prefix'],
      [[{ prefix: '31', kind: 'weight' }], 'scale_rules.0.prefix'],
      [[{ prefix: '22', kind: 'count' }], 'scale_rules.0.kind'],
      [
        [
          { prefix: '22', kind: 'weight' },
          { prefix: '22', kind: 'price' },
        ],
        'scale_rules',
      ],
    ] as const) {
      const res = await api.post('/api/settings', { ...settings, scale_rules: rules }, admin);
      expect([rules, res.status, Object.keys(res.body.errors as object)]).toEqual([rules, 422, [field]]);
    }
    const res = await api.post(
      '/api/settings',
      { ...settings, scale_rules: [{ prefix: '20', kind: 'weight' }] },
      admin,
    );
    expect((res.body.errors as Record<string, string[]>)['scale_rules.0.prefix']).toEqual([
      "A scale prefix is 21 to 29 (20 is for the shop's own barcodes).",
    ]);
    expect((await current()).scale_rules).toEqual(settings.scale_rules);
  });
});
