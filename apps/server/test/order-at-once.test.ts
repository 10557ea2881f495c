/**
 * A storefront order in one statement (orders.repository placeOrderAtOnce) is made from a snapshot
 * of its products read without locks: these tests change the database between the snapshot and
 * the statement and check that the statement then writes nothing at all (the service does the
 * order again under row locks), and that a good snapshot writes everything an order writes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { placeOrderAtOnce, type PlaceAtOnce } from '../src/modules/orders/orders.repository';
import { snapshotStock } from '../src/modules/stock/stock.service';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let brand: number;
let buyer: { phone: string; token: string };
let buyerId: number;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
  buyer = await registerCustomer(t.app, { verified: true, database: t.database });
  buyerId = (await t.database.pool.query('SELECT id FROM users WHERE phone = $1', [buyer.phone])).rows[0].id;
});

const q = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);
const qtyOf = async (id: number) =>
  Number((await q('SELECT qty FROM products WHERE id = $1', [id])).rows[0].qty);
const counts = async () => {
  const r =
    await q(`SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_lines)::int AS lines,
    (SELECT count(*) FROM stock_ledger)::int AS ledger, (SELECT count(*) FROM sms_outbox)::int AS sms`);
  return r.rows[0] as { orders: number; lines: number; ledger: number; sms: number };
};

/** The statement's input for `quantity` of each product, priced and texted as the service would. */
async function plan(
  ids: number[],
  quantity: number,
  maxOpen: number | null = null,
  lang: PlaceAtOnce['lang'] = null,
): Promise<PlaceAtOnce> {
  const snapshot = await snapshotStock(t.database.db, ids);
  const lines = ids.map((productId) => ({ productId, quantity }));
  const rows = ids.map((id) => snapshot.byId.get(id));
  if (rows.some((r) => r === undefined)) throw new Error('product missing from the snapshot');
  const subtotal = rows.reduce((s, r) => s + (r?.offprice ?? r?.price ?? 0) * quantity, 0);
  return {
    move: snapshot.guardedMove(lines),
    maxOpen,
    lang,
    order: {
      userId: buyerId,
      name: 'Snapshot Buyer',
      phone: buyer.phone,
      address: 'Road 1',
      area: 'Mirpur',
      note: '',
      subtotal,
      ship: 60,
      due: subtotal + 60,
    },
    lines: rows.map((r) => ({
      productId: r?.id ?? 0,
      title: r?.title ?? '',
      attri: r?.attri ?? '',
      price: r?.offprice ?? r?.price ?? 0,
      buyprice: r?.buyprice ?? 0,
      quantity: quantity.toFixed(2),
    })),
    sms: [{ to: buyer.phone, kind: 'order', before: 'Your order #', after: ' is placed.' }],
    now: new Date(),
  };
}

describe('an order in one statement', () => {
  it('writes the order, its lines, the stock moves with their ledger rows and the SMS', async () => {
    const [a] = await makeProduct(t.app, admin, brand, { title: 'Snap Rice', price: '80', qty: '10' });
    const [b] = await makeProduct(t.app, admin, brand, { title: 'Snap Dal', price: '120', qty: '5' });
    const ids = [a?.id ?? 0, b?.id ?? 0];
    const placed = await placeOrderAtOnce(t.database.db, await plan(ids, 2));
    expect(placed?.row.subtotal).toBe(400);
    expect(placed?.row.due).toBe(460);
    expect(placed?.row.online).toBe(true);
    expect(placed?.lines.map((l) => [l.productId, l.title, l.price, l.quantity])).toEqual([
      [ids[0], 'Snap Rice', 80, '2.00'],
      [ids[1], 'Snap Dal', 120, '2.00'],
    ]);
    expect([await qtyOf(ids[0] ?? 0), await qtyOf(ids[1] ?? 0)]).toEqual([8, 3]);
    const ledger = await q(
      'SELECT product_id, delta::text, qty_after::text, reason, user_id FROM stock_ledger WHERE order_id = $1 ORDER BY product_id',
      [placed?.row.id],
    );
    expect(ledger.rows).toEqual([
      { product_id: ids[0], delta: '-2.00', qty_after: '8.00', reason: 'order', user_id: buyerId },
      { product_id: ids[1], delta: '-2.00', qty_after: '3.00', reason: 'order', user_id: buyerId },
    ]);
    const sms = await q('SELECT to_phone, message, kind FROM sms_outbox ORDER BY id DESC LIMIT 1');
    expect(sms.rows[0]).toEqual({
      to_phone: buyer.phone,
      message: `Your order #${placed?.row.id} is placed.`,
      kind: 'order',
    });
    expect(
      await q(
        'SELECT 1 FROM products p WHERE p.qty <> (SELECT sum(delta) FROM stock_ledger l WHERE l.product_id = p.id) AND p.id = ANY($1)',
        [ids],
      ),
    ).toHaveProperty('rowCount', 0);
  });

  it('writes nothing when a price, title or flag changed after the snapshot', async () => {
    for (const change of [
      'UPDATE products SET price = price + 5 WHERE id = $1',
      "UPDATE products SET title = title || ' (new)' WHERE id = $1",
      'UPDATE products SET stock_out = true WHERE id = $1',
      'UPDATE products SET offprice = 1 WHERE id = $1',
    ]) {
      const [p] = await makeProduct(t.app, admin, brand, { title: 'Changing Tea', price: '50', qty: '10' });
      const id = p?.id ?? 0;
      const input = await plan([id], 1);
      await q(change, [id]);
      const before = await counts();
      expect(await placeOrderAtOnce(t.database.db, input)).toBeUndefined();
      expect(await counts()).toEqual(before);
      expect(await qtyOf(id)).toBe(10);
    }
  });

  it('writes nothing when the product no longer has what the lines take, or was deleted', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Last Ghee', qty: '3' });
    const id = p?.id ?? 0;
    const input = await plan([id], 2);
    await q('UPDATE products SET qty = 1 WHERE id = $1', [id]);
    const before = await counts();
    expect(await placeOrderAtOnce(t.database.db, input)).toBeUndefined();
    expect(await counts()).toEqual(before);
    expect(await qtyOf(id)).toBe(1);

    const [gone] = await makeProduct(t.app, admin, brand, { title: 'Gone Soap', qty: '3' });
    const goneInput = await plan([gone?.id ?? 0], 1);
    expect((await api.del(`/api/product/delete/${gone?.id}`, admin)).status).toBe(200);
    expect(await placeOrderAtOnce(t.database.db, goneInput)).toBeUndefined();
    expect(await counts()).toEqual({ ...before, ledger: (await counts()).ledger });
  });

  it('writes nothing when a product joined a Bind Stock group after the snapshot', async () => {
    const [litre, twoLitre] = await makeProduct(t.app, admin, brand, {
      title: 'Grouped Oil',
      qty: '10',
      link_qty: '1',
      'variations[0][title]': '2 litre',
      'variations[0][price]': '345',
      'variations[0][qty]': '10',
    });
    const [loose] = await makeProduct(t.app, admin, brand, { title: 'Loose Oil', qty: '10' });
    const input = await plan([litre?.id ?? 0], 1);
    // A good snapshot of a bound product moves every member of its group.
    expect(input.move.moveIds).toEqual([litre?.id, twoLitre?.id]);
    await q('UPDATE products SET group_id = $1, link_qty = true WHERE id = $2', [litre?.group_id, loose?.id]);
    const before = await counts();
    expect(await placeOrderAtOnce(t.database.db, input)).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it('with the open-orders limit, writes nothing when another order of the account committed meanwhile', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Busy Flour', qty: '50' });
    const id = p?.id ?? 0;
    // A good snapshot under the limit goes through and counts the account's open orders.
    expect(await placeOrderAtOnce(t.database.db, await plan([id], 1, 100))).toBeDefined();
    const open = Number(
      (
        await q(
          'SELECT count(*) FROM orders WHERE user_id = $1 AND online AND status IN (0,1,2) AND due > 0',
          [buyerId],
        )
      ).rows[0].count,
    );
    expect(await placeOrderAtOnce(t.database.db, await plan([id], 1, open))).toBeUndefined();

    // Another order of the account holds the account's row (as lockAccount does) while this
    // statement starts: after it commits, the statement sees the row was written and backs off.
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('UPDATE users SET id = id WHERE id = $1', [buyerId]);
      const input = await plan([id], 1, 1000);
      const before = await counts();
      const pending = placeOrderAtOnce(t.database.db, input);
      await new Promise((r) => setTimeout(r, 200));
      await other.query('COMMIT');
      expect(await pending).toBeUndefined();
      expect(await counts()).toEqual(before);
    } finally {
      await other.end();
    }
  });

  it("stores the storefront's language in the same statement, writing the account's row only when it changes", async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Lang Sugar', qty: '50' });
    const id = p?.id ?? 0;
    const account = async () =>
      (await q('SELECT lang, xmin::text AS v FROM users WHERE id = $1', [buyerId])).rows[0] as {
        lang: string;
        v: string;
      };
    await q("UPDATE users SET lang = 'en' WHERE id = $1", [buyerId]);
    const start = await account();
    // No language sent, or the stored one: the row is not written (no limit to count under).
    expect(await placeOrderAtOnce(t.database.db, await plan([id], 1))).toBeDefined();
    expect(await placeOrderAtOnce(t.database.db, await plan([id], 1, null, 'en'))).toBeDefined();
    expect(await account()).toEqual(start);
    // Bangla from the storefront: stored with the order, without and with the limit.
    expect(await placeOrderAtOnce(t.database.db, await plan([id], 1, null, 'bn'))).toBeDefined();
    expect((await account()).lang).toBe('bn');
    expect(await placeOrderAtOnce(t.database.db, await plan([id], 1, 1000, 'en'))).toBeDefined();
    expect((await account()).lang).toBe('en');
    // A statement that writes no order changes no language either.
    const stale = await plan([id], 1, null, 'bn');
    await q('UPDATE products SET price = price + 1 WHERE id = $1', [id]);
    expect(await placeOrderAtOnce(t.database.db, stale)).toBeUndefined();
    expect((await account()).lang).toBe('en');
  });
});

describe('the rows this server keeps between orders', () => {
  const order = (id: number) =>
    api.post(
      '/api/order/add',
      {
        name: 'Rahima',
        phone: buyer.phone,
        address: 'House 4',
        area: 'Mirpur',
        carts: [{ product_id: id, quantity: 1 }],
      },
      buyer.token,
    );

  it('a kept row that went stale behind the server’s back never prices or fills an order', async () => {
    const [p] = await makeProduct(t.app, admin, brand, { title: 'Kept Sugar', price: '100', qty: '10' });
    const id = p?.id ?? 0;
    expect(((await order(id)).body.data as { subtotal: number }).subtotal).toBe(100);
    // Another app server (no NOTIFY reaches this one) changes the price: the next order has it.
    await q('UPDATE products SET price = 130 WHERE id = $1', [id]);
    for (let i = 0; i < 2; i++) {
      const res = await order(id);
      expect(res.status).toBe(201);
      expect((res.body.data as { subtotal: number }).subtotal).toBe(130);
    }
    expect(await qtyOf(id)).toBe(7);
    // ... sells the rest: refused, nothing moves; back in stock: sold again.
    await q('UPDATE products SET qty = 0 WHERE id = $1', [id]);
    expect((await order(id)).status).toBe(409);
    expect(await qtyOf(id)).toBe(0);
    await q('UPDATE products SET qty = 4 WHERE id = $1', [id]);
    expect((await order(id)).status).toBe(201);
    expect(await qtyOf(id)).toBe(3);
  });
});
