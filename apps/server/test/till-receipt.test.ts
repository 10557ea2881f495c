import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeScaleLabel } from '@bazar/contracts/scale-labels';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, staffToken, testApp, type TestApp } from './helpers';

/** Issue 26: a return opened at the till from the receipt's barcode or typed number. */
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

type OrderAnswer = { id: number; provisional: string | null; carts: Array<{ quantity: number }> };

/** A till sale, paid in cash; `provisional` as the outbox sends a sale made offline. */
async function tillSale(productId: number, provisional?: string): Promise<OrderAnswer> {
  const body = {
    terminal: 1,
    ship: 0,
    carts: [{ product_id: productId, quantity: 2, price: 100, title: 'Rice', client_id: randomUUID() }],
    payments: [{ method: 'cash', amount: 200, client_id: randomUUID() }],
    ...(provisional
      ? { client_id: randomUUID(), provisional, sold_at: new Date(Date.now() - 60_000).toISOString() }
      : {}),
  };
  const res = await api.post('/api/order/add', body, admin);
  expect(res.status).toBe(201);
  return res.body.data as OrderAnswer;
}

describe('GET /api/order/receipt/{number}', () => {
  it('finds a sale by its order number, with or without the barcode\'s "#", as GET /api/order/{id} does', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '20' });
    const sale = await tillSale(p!.id);
    const byId = await api.get(`/api/order/${sale.id}`, admin);
    for (const number of [String(sale.id), `%23${sale.id}`]) {
      const res = await api.get(`/api/order/receipt/${number}`, admin);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(byId.body.data);
    }
  });

  it('finds a sale made offline by the provisional number it was printed with, typed in any case; the newest of two', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '20' });
    const till = `R${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const older = await tillSale(p!.id, `T-${till}-3`);
    // The same till's storage wiped: it counts from 1 again and prints T-…-3 a second time.
    const newer = await tillSale(p!.id, `T-${till}-3`);
    expect(newer.id).toBeGreaterThan(older.id);
    const res = await api.get(`/api/order/receipt/t-${till.toLowerCase()}-3`, admin);
    expect(res.status).toBe(200);
    expect((res.body.data as OrderAnswer).id).toBe(newer.id);
    expect((res.body.data as OrderAnswer).provisional).toBe(`T-${till}-3`);
  });

  it('is a 404 naming the number when no sale has it, and a 422 for text that is no receipt number', async () => {
    const missing = await api.get('/api/order/receipt/999999999', admin);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No sale has receipt number 999999999.');
    const offline = await api.get('/api/order/receipt/T-NOPE-99', admin);
    expect(offline.status).toBe(404);
    expect(offline.body.message).toBe('No sale has receipt number T-NOPE-99.');
    for (const bad of ['abc', '12.5', '0', 'T-A1-0', '8901234567890123']) {
      const res = await api.get(`/api/order/receipt/${bad}`, admin);
      expect(res.status, bad).toBe(422);
      expect(res.body.message, bad).toBe(
        'A receipt number is the order number (1234) or the number printed offline (T-A1-7).',
      );
    }
  });

  it('is for staff who may take returns: a cashier may, a stock keeper and a customer may not', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { price: '100', qty: '20' });
    const sale = await tillSale(p!.id);
    const cashier = await staffToken(t, 'cashier', admin);
    const stock = await staffToken(t, 'stock', admin);
    expect((await api.get(`/api/order/receipt/${sale.id}`, cashier.token)).status).toBe(200);
    expect((await api.get(`/api/order/receipt/${sale.id}`, stock.token)).status).toBe(403);
    expect((await api.get(`/api/order/receipt/${sale.id}`)).status).toBe(401);
  });
});

describe('an order line keeps the unit it was sold in', () => {
  type Line = { product_id: number | null; quantity: number; unit: string; total: number };

  it('a weighed product sold at the till or online is kg on the order, whatever the product becomes', async () => {
    const [potato] = await makeProduct(t.app, admin, brand, { price: '45', qty: '50', unit: 'kg' });
    const [soap] = await makeProduct(t.app, admin, brand, { price: '30', qty: '50' });
    const res = await api.post(
      '/api/order/add',
      {
        terminal: 1,
        ship: 0,
        carts: [
          { product_id: potato!.id, quantity: 1.5 },
          { product_id: soap!.id, quantity: 2 },
        ],
        payments: [{ method: 'cash', amount: 127 }],
      },
      admin,
    );
    expect(res.status).toBe(201);
    const id = (res.body.data as { id: number }).id;
    // The product is sold by the piece from now on: the order still says what was sold.
    await t.database.pool.query("UPDATE products SET unit = 'pcs' WHERE id = $1", [potato!.id]);
    const order = (await api.get(`/api/order/${id}`, admin)).body.data as { subtotal: number; carts: Line[] };
    expect(order.carts.map((l) => [l.product_id, l.quantity, l.unit])).toEqual([
      [potato!.id, 1.5, 'kg'],
      [soap!.id, 2, 'pcs'],
    ]);
    // 1.5 × 45 = 67.50 and 60: the total rounds their sum down once.
    expect(order.subtotal).toBe(127);
  });

  it('a sale made offline of a product deleted meanwhile keeps the unit the till sent', async () => {
    const [gone] = await makeProduct(t.app, admin, brand, { price: '80', qty: '5', unit: 'kg' });
    expect((await api.del(`/api/product/delete/${gone!.id}`, admin)).status).toBe(200);
    const res = await api.post(
      '/api/order/add',
      {
        terminal: 1,
        ship: 0,
        client_id: randomUUID(),
        sold_at: new Date(Date.now() - 60_000).toISOString(),
        provisional: 'T-UNIT-1',
        offline: true,
        carts: [
          {
            product_id: gone!.id,
            quantity: 0.75,
            price: 80,
            title: 'Loose Dates',
            unit: 'kg',
            client_id: randomUUID(),
          },
        ],
        payments: [{ method: 'cash', amount: 60, client_id: randomUUID() }],
      },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const line = (res.body.data as { carts: Line[] }).carts[0]!;
    expect([line.product_id, line.quantity, line.unit]).toEqual([null, 0.75, 'kg']);
  });
});

describe('a price label sold at the till costs the price the scale printed (ADR 0061)', () => {
  type Line = { quantity: number; label_poisha: number | null; total: number };

  it('0.74 kg of onions at 90/kg from a 67.00 label is 67, not 66.60; the stock moves 0.74 kg', async () => {
    const plu = String(40000 + (Date.now() % 9999)).padStart(5, '0');
    const [onion] = await makeProduct(t.app, admin, brand, { price: '90', qty: '20', unit: 'kg', plu });
    const label = makeScaleLabel('23', plu, 6700);
    // The till reads the label as the lookup does: 67.00 over 90/kg is 0.74 kg.
    const scanned = (await api.get(`/api/product/barcode/${label}`, admin)).body.data as {
      quantity: number;
      label_poisha: number | null;
    };
    expect(scanned).toMatchObject({ quantity: 0.74, label_poisha: 6700 });
    const res = await api.post(
      '/api/order/add',
      {
        terminal: 1,
        ship: 0,
        carts: [
          { product_id: onion!.id, quantity: scanned.quantity, label },
          { product_id: onion!.id, quantity: scanned.quantity, label },
        ],
        payments: [{ method: 'cash', amount: 134 }],
      },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.data as { subtotal: number; due: number; paid: number; carts: Line[] };
    // Two packs: 134.00, where price × quantity would be 133.20 (133).
    expect(order).toMatchObject({ subtotal: 134, paid: 134, due: 0 });
    expect(order.carts.map((l) => [l.quantity, l.label_poisha, l.total])).toEqual([
      [0.74, 6700, 67],
      [0.74, 6700, 67],
    ]);
    const [{ qty }] = (await t.database.pool.query('SELECT qty FROM products WHERE id = $1', [onion!.id]))
      .rows;
    expect(Number(qty)).toBe(18.52);
  });

  it("refuses a code that is not this product's price label: a weight label, another item code", async () => {
    const plu = String(50000 + (Date.now() % 9999)).padStart(5, '0');
    const [onion] = await makeProduct(t.app, admin, brand, { price: '90', qty: '20', unit: 'kg', plu });
    for (const label of [makeScaleLabel('21', plu, 740), makeScaleLabel('23', '00001', 6700)]) {
      const res = await api.post(
        '/api/order/add',
        {
          terminal: 1,
          ship: 0,
          carts: [{ product_id: onion!.id, quantity: 0.74, label }],
          payments: [{ method: 'cash', amount: 67 }],
        },
        admin,
      );
      expect(res.status, label).toBe(422);
      expect(res.body.errors).toHaveProperty(['carts.0.label']);
    }
  });
});
