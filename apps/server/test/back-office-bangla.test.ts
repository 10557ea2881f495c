/**
 * The back office's product lists carry the products' Bangla names beside the English ones (issue
 * 12): live stock and the low-stock table, the product sale (all time from the tally, by dates, the
 * dashboard's top five and the paged screen), stock entries and product requests. A product without
 * Bangla names, or one since deleted, answers ''.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

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

const BN = { title_bn: 'মসুর ডাল', attri_bn: '১ কেজি' };
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
const till = async (carts: Array<{ product_id: number | undefined; quantity: number }>) => {
  const res = await api.post('/api/order/add', { terminal: 1, ship: 0, carts }, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

type Named = { id: number; title: string; attri: string; title_bn: string; attri_bn: string };
type SaleRow = {
  product_id: number | null;
  name: string;
  attri: string;
  name_bn: string;
  attri_bn: string;
  price: number;
  buyprice: number;
  qty: number;
};

describe('back-office product lists in Bangla', () => {
  it('live stock and the low-stock table carry the Bangla title and attribute', async () => {
    const [bn] = await makeProduct(t.app, admin, brand, {
      title: 'Stock Lentil',
      attri: '1 kg',
      ...BN,
      qty: '2',
    });
    const [plain] = await makeProduct(t.app, admin, brand, { title: 'Stock Salt', attri: '500 g', qty: '1' });
    const live = (await api.get('/api/live-stock?per_page=200', admin)).body.data as Named[];
    expect(live.find((p) => p.id === bn?.id)).toMatchObject({
      title: 'Stock Lentil',
      attri: '1 kg',
      title_bn: 'মসুর ডাল',
      attri_bn: '১ কেজি',
    });
    expect(live.find((p) => p.id === plain?.id)).toMatchObject({
      title: 'Stock Salt',
      title_bn: '',
      attri_bn: '',
    });
    const low = (await api.get('/api/low-stock-products', admin)).body.data as Named[];
    expect(low.find((p) => p.id === bn?.id)).toMatchObject({ title_bn: 'মসুর ডাল', attri_bn: '১ কেজি' });
    expect(low.find((p) => p.id === plain?.id)).toMatchObject({ title_bn: '', attri_bn: '' });
  });

  it('stock entries name their products in Bangla as they are now; a deleted one has none', async () => {
    const [bn] = await makeProduct(t.app, admin, brand, { title: 'Entry Lentil', attri: '1 kg', ...BN });
    const [plain] = await makeProduct(t.app, admin, brand, { title: 'Entry Salt' });
    const [gone] = await makeProduct(t.app, admin, brand, {
      title: 'Entry Gone',
      title_bn: 'মুছে ফেলা',
      attri_bn: 'এক',
    });
    const res = await api.post(
      '/api/stock/add',
      { price: 40, qty: 3, items: [{ id: bn?.id }, { id: plain?.id }, { id: gone?.id }] },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const entry = res.body.data as { id: number; product_list: Array<Named | Omit<Named, 'id'>> };
    expect(entry.product_list).toEqual([
      { id: bn?.id, title: 'Entry Lentil', attri: '1 kg', title_bn: 'মসুর ডাল', attri_bn: '১ কেজি' },
      { id: plain?.id, title: 'Entry Salt', attri: '', title_bn: '', attri_bn: '' },
      { id: gone?.id, title: 'Entry Gone', attri: '', title_bn: 'মুছে ফেলা', attri_bn: 'এক' },
    ]);

    expect((await api.del(`/api/product/delete/${gone?.id}`, admin)).status).toBe(200);
    const stocks = (await api.get('/api/stocks', admin)).body.data as Array<{
      id: number;
      product_list: unknown[];
    }>;
    expect(stocks.find((e) => e.id === entry.id)?.product_list).toEqual([
      { id: bn?.id, title: 'Entry Lentil', attri: '1 kg', title_bn: 'মসুর ডাল', attri_bn: '১ কেজি' },
      { id: plain?.id, title: 'Entry Salt', attri: '', title_bn: '', attri_bn: '' },
      { id: null, title: 'Entry Gone', attri: '', title_bn: '', attri_bn: '' },
    ]);
  });

  it('the product sale names each row in Bangla, every read of it, most sold first as before', async () => {
    const [bn] = await makeProduct(t.app, admin, brand, {
      title: 'Sale Lentil',
      attri: '1 kg',
      ...BN,
      price: '120',
      buyprice: '100',
      qty: '50',
    });
    const [plain] = await makeProduct(t.app, admin, brand, {
      title: 'Sale Salt',
      price: '30',
      buyprice: '20',
      qty: '50',
    });
    const [gone] = await makeProduct(t.app, admin, brand, {
      title: 'Sale Gone',
      title_bn: 'মুছে ফেলা পণ্য',
      price: '10',
      buyprice: '5',
      qty: '50',
    });
    await till([
      { product_id: bn?.id, quantity: 9 },
      { product_id: plain?.id, quantity: 8 },
      { product_id: gone?.id, quantity: 7 },
    ]);
    expect((await api.del(`/api/product/delete/${gone?.id}`, admin)).status).toBe(200);

    const expected: SaleRow[] = [
      {
        product_id: bn?.id ?? 0,
        name: 'Sale Lentil',
        attri: '1 kg',
        name_bn: 'মসুর ডাল',
        attri_bn: '১ কেজি',
        price: 120,
        buyprice: 100,
        qty: 9,
      },
      {
        product_id: plain?.id ?? 0,
        name: 'Sale Salt',
        attri: '',
        name_bn: '',
        attri_bn: '',
        price: 30,
        buyprice: 20,
        qty: 8,
      },
      // Deleted since: its row stays, with no product to name it in Bangla.
      {
        product_id: null,
        name: 'Sale Gone',
        attri: '',
        name_bn: '',
        attri_bn: '',
        price: 10,
        buyprice: 5,
        qty: 7,
      },
    ];
    const day = today();
    // All time (the tally), the dashboard's top five, by dates (the order lines).
    for (const url of [
      '/api/product-sale?from=&to=',
      '/api/product-sale?from=&to=&limit=5',
      `/api/product-sale?from=${day}&to=${day}`,
      `/api/product-sale?from=${day}&to=${day}&limit=3`,
    ]) {
      const res = await api.get(url, admin);
      expect(res.status, url).toBe(200);
      expect(res.body as unknown as SaleRow[], url).toEqual(expected);
    }
    // The paged screen: its rows joined, its totals over every row as before.
    for (const url of ['/api/product-sale/page?from=&to=', `/api/product-sale/page?from=${day}&to=${day}`]) {
      const res = await api.get(url, admin);
      expect(res.status, url).toBe(200);
      expect(res.body.data, url).toEqual(expected);
      expect(res.body.meta, url).toMatchObject({
        total: 3,
        totals: { total: 1080 + 240 + 70, cost: 900 + 160 + 35, profit: 180 + 80 + 35 },
      });
    }
    // A page of its own for each row: the right names on each, none lost or doubled.
    const one = async (page: number) =>
      (
        (await api.get(`/api/product-sale/page?from=&to=&per_page=1&page=${page}`, admin)).body
          .data as SaleRow[]
      )[0];
    expect([await one(1), await one(2), await one(3)]).toEqual(expected);

    // The Bangla names are the product's as they are now; `name` stays what it was sold under.
    await api.post(
      `/api/product/edit-quick/${bn?.id}`,
      { price: 125, offprice: null, qty: 41, attri_bn: 'এক কেজি' },
      admin,
    );
    const top = (await api.get('/api/product-sale?from=&to=&limit=1', admin)).body as unknown as SaleRow[];
    expect(top).toEqual([{ ...expected[0], attri_bn: 'এক কেজি' }]);
  });

  it('product requests carry the Bangla title and attribute of the product asked for', async () => {
    const [bn] = await makeProduct(t.app, admin, brand, {
      title: 'Asked Lentil',
      attri: '1 kg',
      ...BN,
      qty: '0',
    });
    const [plain] = await makeProduct(t.app, admin, brand, { title: 'Asked Salt', qty: '0' });
    const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
    for (const p of [bn, plain])
      expect((await api.get(`/api/request/add/${p?.id}`, buyer.token)).status).toBe(200);
    const list = (await api.get('/api/requests', admin)).body.data as Array<{
      product_id: number;
      product_title: string;
      product_attri: string;
      product_title_bn: string;
      product_attri_bn: string;
    }>;
    expect(list.find((r) => r.product_id === bn?.id)).toMatchObject({
      product_title: 'Asked Lentil',
      product_attri: '1 kg',
      product_title_bn: 'মসুর ডাল',
      product_attri_bn: '১ কেজি',
    });
    expect(list.find((r) => r.product_id === plain?.id)).toMatchObject({
      product_title: 'Asked Salt',
      product_title_bn: '',
      product_attri_bn: '',
    });
  });
});
