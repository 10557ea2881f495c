import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopDay } from '../src/lib/shop-day';
import { dayAfter } from '../src/modules/stock/batches.service';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, testApp, type TestApp } from './helpers';

/**
 * The batches of a product that tracks expiry, against a model, after any mix of purchases with
 * dates, till sales, returns and batch write-offs made through HTTP: the database's split of each
 * ledger row (the stock_batches trigger) is the model's, every batch is at least 0, together they
 * never hold more than the product has, and the ledger still sums to every quantity.
 */

let t: TestApp;
let api: ReturnType<typeof client>;
let owner: string;
let brand: number;
let supplierId: number;
const today = shopDay(new Date(), 'Asia/Dhaka');

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  owner = await adminToken(t);
  brand = await makeBrand(t.app, owner);
  supplierId = (
    (await api.post('/api/supplier/add', { name: 'Model Traders' }, owner)).body.data as { id: number }
  ).id;
});

const ops = fc.array(
  fc.oneof(
    fc.record({
      op: fc.constant('buy' as const),
      day: fc.integer({ min: -3, max: 12 }),
      qty: fc.integer({ min: 1, max: 9 }),
    }),
    fc.record({ op: fc.constant('sell' as const), qty: fc.integer({ min: 1, max: 8 }) }),
    fc.record({ op: fc.constant('return' as const), pick: fc.nat(), qty: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ op: fc.constant('writeOff' as const), pick: fc.nat(), qty: fc.integer({ min: 1, max: 4 }) }),
  ),
  { minLength: 3, maxLength: 10 },
);

/** What the shop should hold: the quantity, each batch by its date, and what each order took of which. */
class Model {
  qty = 0;
  batches = new Map<string, number>();
  orders: Array<{ id: number; sold: number; returned: number; net: Map<string, number> }> = [];

  private dated() {
    return [...this.batches.values()].reduce((a, b) => a + b, 0);
  }
  buy(day: string, n: number) {
    this.qty += n;
    const add = Math.min(n, Math.max(this.qty, 0));
    if (add > 0) this.batches.set(day, (this.batches.get(day) ?? 0) + add);
  }
  /** Takes n first from the stock with no date, then first-expiring-first; returns what each batch gave. */
  take(n: number): Map<string, number> {
    const gave = new Map<string, number>();
    let need = n - Math.max(this.qty - this.dated(), 0);
    for (const day of [...this.batches.keys()].sort()) {
      if (need <= 0) break;
      const has = this.batches.get(day) ?? 0;
      const take = Math.min(need, has);
      if (take > 0) {
        this.batches.set(day, has - take);
        gave.set(day, take);
        need -= take;
      }
    }
    this.qty -= n;
    return gave;
  }
  giveBack(order: Model['orders'][number], n: number) {
    this.qty += n;
    let need = Math.min(n, Math.max(this.qty, 0));
    for (const day of [...order.net.keys()].sort()) {
      if (need <= 0) break;
      const took = order.net.get(day) ?? 0;
      const back = Math.min(need, took);
      if (back > 0) {
        order.net.set(day, took - back);
        this.batches.set(day, (this.batches.get(day) ?? 0) + back);
        need -= back;
      }
    }
    order.returned += n;
  }
  writeOff(day: string, n: number) {
    this.batches.set(day, (this.batches.get(day) ?? 0) - n);
    this.qty -= n;
  }
  held(): Record<string, number> {
    return Object.fromEntries([...this.batches].filter(([, q]) => q > 0).sort());
  }
}

const batchesOf = async (id: number) =>
  (await api.get(`/api/product/${id}/batches`, owner)).body.data as {
    qty: number;
    batches: Array<{ id: number; expiry: string; qty: number }>;
  };

describe('batches against a model', () => {
  it('every mix of purchases, sales, returns and write-offs splits as first-expiring-first says', async () => {
    await fc.assert(
      fc.asyncProperty(ops, async (list) => {
        const [p] = await makeProduct(t.app, owner, brand, { price: '50', qty: '0', buyprice: '40' });
        const id = p!.id;
        expect((await api.post(`/api/product/${id}/expiry`, { track: true }, owner)).status).toBe(200);
        const model = new Model();
        for (const step of list) {
          if (step.op === 'buy') {
            const day = dayAfter(today, step.day);
            const res = await api.post(
              '/api/purchase/add',
              {
                supplier_id: supplierId,
                lines: [{ product_id: id, quantity: step.qty, buyprice: 40, expiry: day }],
                paid: 0,
              },
              owner,
            );
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            model.buy(day, step.qty);
          } else if (step.op === 'sell') {
            const res = await api.post(
              '/api/order/add',
              {
                terminal: 1,
                name: '',
                phone: '',
                address: '',
                area: '',
                ship: 0,
                discount: 0,
                paid: step.qty * 50,
                method: 'cash',
                carts: [{ product_id: id, quantity: step.qty }],
              },
              owner,
            );
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            const gave = model.take(step.qty);
            model.orders.push({
              id: (res.body.data as { id: number }).id,
              sold: step.qty,
              returned: 0,
              net: gave,
            });
          } else if (step.op === 'return') {
            const open = model.orders.filter((o) => o.sold > o.returned);
            if (open.length === 0) continue;
            const order = open[step.pick % open.length]!;
            const n = Math.min(step.qty, order.sold - order.returned);
            const res = await api.post(
              `/api/order/return/${order.id}`,
              { lines: [{ product_id: id, quantity: n }], refund: { method: 'cash', amount: n * 50 } },
              owner,
            );
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            model.giveBack(order, n);
          } else {
            const held = (await batchesOf(id)).batches;
            if (held.length === 0) continue;
            const batch = held[step.pick % held.length]!;
            const n = Math.min(step.qty, batch.qty);
            const res = await api.post(
              '/api/stock/adjust',
              { product_id: id, qty: -n, reason: 'expired', batch_id: batch.id },
              owner,
            );
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            model.writeOff(batch.expiry, n);
          }
          const now = await batchesOf(id);
          expect(now.qty).toBe(model.qty);
          expect(Object.fromEntries(now.batches.map((b) => [b.expiry, b.qty]))).toEqual(model.held());
        }
      }),
      { numRuns: 12 },
    );
    expect((await api.get('/api/stock/check', owner)).body.data).toEqual([]);
  });
});
