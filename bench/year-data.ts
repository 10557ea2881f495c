/**
 * "A year of trading" for bench/year.ts: customers, orders with their lines, payments, a few
 * returns, stock entries, expenses and the stock ledger, written with set-based SQL
 * (`INSERT … SELECT … generate_series`) on top of the generated catalogue of bench/catalog-data.ts.
 * No app code on the write path, but every row is one the app could have written:
 *
 * - orders: spread evenly over the last 365 days (ids in time order), 55 % online (a customer's,
 *   delivery charge 30 or 60) and 45 % at the till (a third of them for a known customer, the rest
 *   walk-in), 1 to 5 lines each (exactly 3 on average); statuses mixed: older orders delivered (3)
 *   or cancelled (4), online orders of the last 3 days in every status; subtotal = the lines' total
 *   (the money rule: Σ price × hundredths, rounded down once), a 5 % discount on one order in ten,
 *   paid in full, half or not at all, and due = subtotal − returned + ship − discount − paid;
 * - payments: one row per order that has money paid, amount = paid (cash with what was tendered,
 *   bKash, Nagad or card with a reference), taken at the till at once or on delivery;
 * - returns: a line of some delivered, unpaid orders of several lines comes back (value = the line's
 *   total; the order's returned and due follow);
 * - stock entries: each adds its quantity to 1 to 8 products;
 * - the stock ledger: an `order` row per line, a `cancel` row per line of a cancelled order, a
 *   `return` row per returned line, a `stock-entry` row per entry item, and before them an `initial`
 *   row per product, chosen so that the running quantity never goes below zero and ends at the
 *   product's quantity: every quantity equals the sum of its ledger (GET /api/stock/check is empty),
 *   and each row's qty_after is the running sum.
 *
 * Random choices come from PostgreSQL's random() after setseed(), so a run is repeatable on one
 * PostgreSQL version. Products come from `insertProducts` (JS-generated titles, one INSERT per 5,000).
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { ROLE } from '@bazar/contracts/common';
import { ensureShape, insertProducts } from './catalog-data';

export type YearSize = {
  products: number;
  customers: number;
  orders: number;
  stockEntries: number;
  expenses: number;
  /** Orders that get one line back (only delivered, unpaid orders of two lines or more qualify). */
  returns: number;
};

export const FULL_YEAR: YearSize = {
  products: 50_000,
  customers: 5_000,
  orders: 200_000,
  stockEntries: 5_000,
  expenses: 3_000,
  returns: 1_000,
};

/** The same shape, `percent` of the size (for a quick run). */
export function scaledYear(percent: number): YearSize {
  const s = (n: number) => Math.max(1, Math.round((n * percent) / 100));
  return {
    products: Math.max(100, s(FULL_YEAR.products)),
    customers: Math.max(50, s(FULL_YEAR.customers)),
    // A multiple of 5 keeps the average at exactly 3 lines an order.
    orders: Math.max(500, Math.round(s(FULL_YEAR.orders) / 5) * 5),
    stockEntries: s(FULL_YEAR.stockEntries),
    expenses: s(FULL_YEAR.expenses),
    returns: s(FULL_YEAR.returns),
  };
}

export type Step = { step: string; ms: number; rows: number };

const FIRST = [
  'Rahim',
  'Karim',
  'Fatema',
  'Ayesha',
  'Nusrat',
  'Tanvir',
  'Sabbir',
  'Mehedi',
  'Sumaiya',
  'Farhana',
  'Rafiq',
  'Jamal',
  'Shirin',
  'Nasrin',
  'Arif',
  'Imran',
  'Sadia',
  'Tania',
  'Rubel',
  'Sohel',
  'Mim',
  'Rina',
  'Habib',
  'Kamal',
  'Liton',
  'Shakil',
  'Moushumi',
  'Jannat',
  'Hasan',
  'Rakib',
  'Anika',
  'Tahmina',
  'Zahid',
  'Masud',
  'Shapla',
  'Ripon',
];
const LAST = [
  'Hossain',
  'Rahman',
  'Ahmed',
  'Islam',
  'Khan',
  'Chowdhury',
  'Akter',
  'Begum',
  'Uddin',
  'Sarkar',
  'Miah',
  'Alam',
  'Haque',
  'Sultana',
  'Talukder',
  'Bhuiyan',
  'Mondal',
  'Das',
  'Roy',
  'Saha',
];
export const AREAS = [
  'Mirpur',
  'Dhanmondi',
  'Gulshan',
  'Uttara',
  'Mohammadpur',
  'Banani',
  'Badda',
  'Motijheel',
  'Rampura',
  'Khilgaon',
  'Bashundhara',
  'Tejgaon',
];
const EXPENSES = [
  'Electricity bill',
  'Shop rent',
  'Staff lunch',
  'Delivery van fuel',
  'Packaging bags',
  'Internet bill',
  'Cleaning supplies',
  'Rickshaw fare',
  'Generator diesel',
  'Repairs',
  'Tea and snacks',
  'Printer paper',
];

/**
 * Writes the year into an empty, migrated database: `adminId` is the staff member who rang up the
 * till sales, took the money and wrote the entries. Returns the steps with their times and rows.
 */
export async function generateYear(
  client: pg.ClientBase,
  size: YearSize,
  seed: number,
  adminId: number,
): Promise<Step[]> {
  const steps: Step[] = [];
  const step = async (name: string, run: () => Promise<number>) => {
    const t0 = performance.now();
    const rows = await run();
    steps.push({ step: name, ms: Math.round(performance.now() - t0), rows });
  };
  const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rowCount ?? 0;

  await client.query("SET work_mem = '256MB'");
  await client.query("SET maintenance_work_mem = '512MB'");
  await client.query('SET synchronous_commit = off');

  await step('products (catalogue generator)', async () => {
    const shape = await ensureShape(client);
    return (await insertProducts(client, shape, size.products, seed, new Set())).inserted;
  });

  // setseed takes a number in [-1, 1].
  await client.query('SELECT setseed($1)', [((seed % 1000) + 1) / 1001]);
  await client.query('BEGIN');

  await step('areas', () =>
    q('INSERT INTO areas (title) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [AREAS]),
  );

  await step('customers', () =>
    q(
      `WITH s AS (SELECT g, random() AS a, random() AS b, random() AS c, random() AS d, random() AS e
                  FROM generate_series(1, $1::int) g)
       INSERT INTO users (name, phone, password_hash, role, status, ref_code, area, address, created_at, updated_at)
       SELECT ($2::text[])[1 + floor(a * cardinality($2::text[]))::int] || ' ' ||
                ($3::text[])[1 + floor(b * cardinality($3::text[]))::int],
              -- 01[3-8] and 8 digits: g × 7919 mod 10^8 differs for every g below 10^8.
              '01' || (3 + g % 6)::text || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
              '!bench: no password', $4::int, 1, 'YEAR' || lpad(g::text, 7, '0'),
              ($5::text[])[1 + floor(c * cardinality($5::text[]))::int],
              'House ' || (1 + floor(d * 120))::int || ', Road ' || (1 + floor(e * 30))::int,
              now() - interval '400 days' * a, now() - interval '400 days' * a
       FROM s ORDER BY g`,
      [size.customers, FIRST, LAST, ROLE.customer, AREAS],
    ),
  );

  // Working sets, numbered 1..n so a random number picks a row.
  await q(`CREATE TEMP TABLE yr_cust ON COMMIT DROP AS
           SELECT row_number() OVER (ORDER BY id)::int AS k, id, name, phone, area, address
           FROM users WHERE role = ${ROLE.customer}`);
  await q(`CREATE TEMP TABLE yr_prod ON COMMIT DROP AS
           SELECT row_number() OVER (ORDER BY id)::int AS k, id, title, attri,
                  coalesce(offprice, price) AS price, buyprice FROM products`);
  await q('CREATE UNIQUE INDEX ON yr_cust (k)');
  await q('CREATE UNIQUE INDEX ON yr_prod (k)');
  const nCust = size.customers;
  const nProd = size.products;

  await step('orders: times and choices', () =>
    q(
      `CREATE TEMP TABLE yr_orders ON COMMIT DROP AS
       WITH s AS (
         SELECT now() - random() * interval '365 days' AS t, random() < 0.55 AS online,
                random() AS r_cust, random() AS r_walkin, random() AS r_status, random() AS r_pay,
                random() AS r_disc, random() AS r_ship, random() AS r_method, random() AS r_later
         FROM generate_series(1, $1::int))
       SELECT row_number() OVER (ORDER BY t)::int AS n, s.* FROM s`,
      [size.orders],
    ),
  );

  await step('order lines: picks', async () => {
    // Popular products sell far more (power of a uniform number); most lines are 1 unit.
    const rows = await q(
      `CREATE TEMP TABLE yr_picks ON COMMIT DROP AS
       SELECT o.n, k AS pos, 1 + floor(power(random(), 2.2) * $1::int)::int AS pk,
              (1 + floor(power(random(), 3) * 4))::numeric(12, 2) AS quantity
       FROM yr_orders o CROSS JOIN LATERAL generate_series(1, 1 + o.n % 5) k`,
      [nProd],
    );
    await q(`CREATE TEMP TABLE yr_lines ON COMMIT DROP AS
             SELECT x.n, x.pos, p.id AS product_id, p.title, p.attri, p.price, p.buyprice, x.quantity
             FROM yr_picks x JOIN yr_prod p ON p.k = x.pk`);
    return rows;
  });

  await step('orders', async () => {
    const rows = await q(
      `WITH sums AS (
         SELECT n, floor(sum(price * round(quantity * 100)) / 100)::int AS subtotal FROM yr_lines GROUP BY n),
       a AS (
         SELECT o.n, o.t, o.online, o.r_pay, s.subtotal,
                CASE WHEN o.online OR o.r_walkin < 0.35
                     THEN 1 + floor(power(o.r_cust, 1.6) * $1::int)::int END AS ck,
                CASE WHEN NOT o.online THEN CASE WHEN o.r_status < 0.02 THEN 4 ELSE 3 END
                     WHEN o.t < now() - interval '3 days' THEN CASE WHEN o.r_status < 0.06 THEN 4 ELSE 3 END
                     WHEN o.r_status < 0.3 THEN 0 WHEN o.r_status < 0.5 THEN 1 WHEN o.r_status < 0.7 THEN 2
                     WHEN o.r_status < 0.95 THEN 3 ELSE 4 END AS status,
                CASE WHEN NOT o.online THEN 0 WHEN o.r_ship < 0.2 THEN 60 ELSE 30 END AS ship,
                CASE WHEN o.r_disc < 0.1 THEN floor(s.subtotal * 0.05)::int ELSE 0 END AS discount
         FROM yr_orders o JOIN sums s USING (n)),
       b AS (
         SELECT a.*, CASE WHEN a.status = 4 THEN 0
                          WHEN a.status = 3 THEN CASE WHEN a.r_pay < 0.9 THEN charge
                                                      WHEN a.r_pay < 0.96 THEN charge / 2 ELSE 0 END
                          WHEN a.r_pay < 0.2 THEN charge ELSE 0 END AS paid
         FROM (SELECT a.*, a.subtotal + a.ship - a.discount AS charge FROM a) a)
       INSERT INTO orders (id, user_id, name, phone, address, area, subtotal, returned, ship, discount, paid,
                           due, status, note, online, terminal, staff_id, created_at, updated_at)
       SELECT b.n, c.id, coalesce(c.name, 'Walk-in customer'), coalesce(c.phone, ''), coalesce(c.address, ''),
              coalesce(c.area, ''), b.subtotal, 0, b.ship, b.discount, b.paid, b.charge - b.paid, b.status, '',
              b.online, CASE WHEN b.online THEN 0 ELSE 1 END, CASE WHEN b.online THEN NULL ELSE $2::int END,
              b.t, b.t
       FROM b LEFT JOIN yr_cust c ON c.k = b.ck ORDER BY b.n`,
      [nCust, adminId],
    );
    await q("SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))");
    return rows;
  });

  await step('order_lines', () =>
    q(`INSERT INTO order_lines (order_id, product_id, title, attri, price, buyprice, quantity)
       SELECT n, product_id, title, attri, price, buyprice, quantity FROM yr_lines ORDER BY n, pos`),
  );
  // Lines written in bulk are counted by the app's own writes only: count them all once.
  await step('product_sales', () => q('SELECT product_sales_rebuild()'));

  await step('payments', () =>
    q(
      `WITH p AS (
         SELECT o.id, o.paid, o.online, o.status, o.created_at, y.r_method, y.r_later,
                CASE WHEN NOT o.online THEN CASE WHEN y.r_method < 0.7 THEN 'cash' WHEN y.r_method < 0.85 THEN 'bkash'
                                                 WHEN y.r_method < 0.95 THEN 'card' ELSE 'nagad' END
                     WHEN o.status = 3 THEN CASE WHEN y.r_method < 0.6 THEN 'cash' WHEN y.r_method < 0.9 THEN 'bkash'
                                                 ELSE 'nagad' END
                     WHEN y.r_method < 0.75 THEN 'bkash' ELSE 'nagad' END AS method
         FROM orders o JOIN yr_orders y ON y.n = o.id WHERE o.paid > 0)
       INSERT INTO payments (order_id, amount, method, reference, tendered, user_id, created_at)
       SELECT id, paid, method,
              CASE WHEN method <> 'cash' THEN upper(substr(md5(id::text), 1, 10)) END,
              CASE WHEN method = 'cash' AND NOT online THEN (ceil(paid / 100.0) * 100)::int END,
              $1::int,
              CASE WHEN NOT online OR status <> 3 THEN created_at
                   ELSE least(now(), created_at + interval '1 hour' * (2 + r_later * 46)) END
       FROM p ORDER BY 7, id`,
      [adminId],
    ),
  );

  await step('returns', async () => {
    // One line back from some delivered, unpaid orders of two lines or more without a discount:
    // the order's due stays ≥ 0 and no refund is owed.
    await q(
      `CREATE TEMP TABLE yr_ret ON COMMIT DROP AS
       SELECT DISTINCT ON (o.id) o.id AS order_id, l.product_id, l.title, l.attri, l.price, l.buyprice,
              l.quantity, floor(l.price * round(l.quantity * 100) / 100)::int AS value,
              least(now(), o.created_at + interval '1 day') AS created_at
       FROM (SELECT * FROM orders
             WHERE status = 3 AND paid = 0 AND discount = 0 AND id % 5 <> 0
             ORDER BY md5(id::text) LIMIT $1::int) o
       JOIN order_lines l ON l.order_id = o.id
       ORDER BY o.id, l.id`,
      [size.returns],
    );
    const rows = await q(
      `INSERT INTO returns (order_id, value, reason, user_id, created_at)
       SELECT order_id, value, 'Damaged', $1::int, created_at FROM yr_ret ORDER BY created_at`,
      [adminId],
    );
    await q(`INSERT INTO return_lines (return_id, product_id, title, attri, price, buyprice, quantity)
             SELECT r.id, y.product_id, y.title, y.attri, y.price, y.buyprice, y.quantity
             FROM returns r JOIN yr_ret y USING (order_id)`);
    await q(`UPDATE orders o SET returned = y.value, due = o.due - y.value
             FROM yr_ret y WHERE o.id = y.order_id`);
    return rows;
  });

  await step('stock entries', async () => {
    await q(
      `CREATE TEMP TABLE yr_entries ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY t)::int AS id, t, qty, nitems FROM (
         SELECT now() - random() * interval '365 days' AS t, (10 + floor(random() * 91))::int AS qty,
                1 + floor(random() * 8)::int AS nitems
         FROM generate_series(1, $1::int)) s`,
      [size.stockEntries],
    );
    await q(
      `CREATE TEMP TABLE yr_entry_picks ON COMMIT DROP AS
       SELECT DISTINCT id, pk FROM (
         SELECT e.id, 1 + floor(random() * $1::int)::int AS pk
         FROM yr_entries e CROSS JOIN LATERAL generate_series(1, e.nitems)) s`,
      [nProd],
    );
    const rows = await q(
      `INSERT INTO stock_entries (id, price, qty, user_id, created_at)
       SELECT e.id, round(avg(p.buyprice))::int, e.qty, $1::int, e.t
       FROM yr_entries e JOIN yr_entry_picks x ON x.id = e.id JOIN yr_prod p ON p.k = x.pk
       GROUP BY e.id, e.qty, e.t ORDER BY e.id`,
      [adminId],
    );
    await q(
      "SELECT setval(pg_get_serial_sequence('stock_entries', 'id'), (SELECT max(id) FROM stock_entries))",
    );
    await q(`INSERT INTO stock_entry_items (entry_id, product_id, title, attri)
             SELECT x.id, p.id, p.title, p.attri FROM yr_entry_picks x JOIN yr_prod p ON p.k = x.pk
             ORDER BY x.id, p.id`);
    return rows;
  });

  await step('expenses', () =>
    q(
      `INSERT INTO expenses (details, amount, user_id, created_at)
       SELECT ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int],
              (50 + floor(power(random(), 2) * 4950))::int, $3::int, t
       FROM (SELECT now() - random() * interval '365 days' AS t FROM generate_series(1, $2::int)) s
       ORDER BY t`,
      [EXPENSES, size.expenses, adminId],
    ),
  );

  await step('stock ledger', async () => {
    // Every quantity change of the year, in the order it happened.
    await q(
      `CREATE TEMP TABLE yr_moves ON COMMIT DROP AS
       SELECT u.*, row_number() OVER (ORDER BY created_at, ord, order_id, stock_entry_id, product_id) AS seq
       FROM (
       SELECT l.product_id, -l.quantity AS delta, 'order'::text AS reason, o.id AS order_id,
              NULL::int AS stock_entry_id, coalesce(o.staff_id, o.user_id) AS user_id, o.created_at, 1 AS ord
       FROM order_lines l JOIN orders o ON o.id = l.order_id
       UNION ALL
       SELECT l.product_id, l.quantity, 'cancel', o.id, NULL, $1::int,
              least(now(), o.created_at + interval '2 hours'), 2
       FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status = 4
       UNION ALL
       SELECT rl.product_id, rl.quantity, 'return', r.order_id, NULL, $1::int, r.created_at, 3
       FROM return_lines rl JOIN returns r ON r.id = rl.return_id
       UNION ALL
       SELECT i.product_id, e.qty, 'stock-entry', NULL, e.id, $1::int, e.created_at, 4
       FROM stock_entry_items i JOIN stock_entries e ON e.id = i.entry_id) u`,
      [adminId],
    );
    // The opening stock: the product's generated quantity less the year's net change, raised where
    // needed so that the running quantity never goes below zero (the till does not oversell).
    await q(`CREATE TEMP TABLE yr_stock ON COMMIT DROP AS
             WITH run AS (
               SELECT product_id, delta,
                      sum(delta) OVER (PARTITION BY product_id ORDER BY seq ROWS UNBOUNDED PRECEDING) AS r
               FROM yr_moves),
             agg AS (SELECT product_id, min(r) AS lo, sum(delta) AS net FROM run GROUP BY product_id)
             SELECT p.id AS product_id, coalesce(a.net, 0) AS net,
                    greatest(p.qty - coalesce(a.net, 0), -coalesce(a.lo, 0), 0) AS initial
             FROM products p LEFT JOIN agg a ON a.product_id = p.id`);
    const rows = await q(
      `INSERT INTO stock_ledger (product_id, delta, qty_after, reason, order_id, stock_entry_id, user_id, created_at)
       SELECT product_id, delta, qty_after, reason, order_id, stock_entry_id, user_id, created_at FROM (
         SELECT product_id, initial AS delta, initial AS qty_after, 'initial' AS reason, NULL::int AS order_id,
                NULL::int AS stock_entry_id, $1::int AS user_id, now() - interval '366 days' AS created_at,
                0::bigint AS seq
         FROM yr_stock WHERE initial <> 0
         UNION ALL
         SELECT m.product_id, m.delta,
                s.initial + sum(m.delta) OVER (PARTITION BY m.product_id ORDER BY m.seq ROWS UNBOUNDED PRECEDING),
                m.reason, m.order_id, m.stock_entry_id, m.user_id, m.created_at, m.seq
         FROM yr_moves m JOIN yr_stock s USING (product_id)) x
       ORDER BY seq, product_id`,
      [adminId],
    );
    await q(`UPDATE products p SET qty = s.initial + s.net, updated_at = now()
             FROM yr_stock s WHERE p.id = s.product_id AND p.qty <> s.initial + s.net`);
    return rows;
  });

  await step('commit', async () => {
    await client.query('COMMIT');
    return 0;
  });
  return steps;
}

/** Invariants the app keeps, checked over the generated data: each should count 0. */
export async function checkYear(client: pg.ClientBase): Promise<Record<string, number>> {
  const one = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]?.n ?? -1);
  return {
    'orders whose paid is not the sum of their payments': await one(`
      SELECT count(*) AS n FROM orders o
      LEFT JOIN (SELECT order_id, sum(amount) AS s FROM payments GROUP BY order_id) p ON p.order_id = o.id
      WHERE o.paid <> coalesce(p.s, 0)`),
    'orders whose subtotal is not their lines’ total': await one(`
      SELECT count(*) AS n FROM orders o
      JOIN (SELECT order_id, floor(sum(price * round(quantity * 100)) / 100) AS s
            FROM order_lines GROUP BY order_id) l ON l.order_id = o.id
      WHERE o.subtotal <> l.s`),
    'orders without lines': await one(`
      SELECT count(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`),
    'orders whose returned is not their returns’ value': await one(`
      SELECT count(*) AS n FROM orders o
      LEFT JOIN (SELECT order_id, sum(value) AS s FROM returns GROUP BY order_id) r ON r.order_id = o.id
      WHERE o.returned <> coalesce(r.s, 0)`),
    'ledger rows whose qty_after is not the running sum': await one(`
      SELECT count(*) AS n FROM (
        SELECT qty_after, sum(delta) OVER (PARTITION BY product_id ORDER BY id) AS run FROM stock_ledger) x
      WHERE qty_after <> run`),
    'products below zero': await one('SELECT count(*) AS n FROM products WHERE qty < 0'),
  };
}
