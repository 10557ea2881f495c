import { getTableColumns } from 'drizzle-orm';
import type { Unit } from '@bazar/contracts/catalog';
import type { OrderPayment } from '@bazar/contracts/orders';
import type { RawQuery } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { SLOT_LOCK_KEY } from '../delivery/delivery.repository';
import { stockSql, type StockRow } from '../stock/stock.repository';
import { moneySql } from '../money/money.repository';
import type { LineRow, OrderRow } from './orders.repository';

/**
 * The SQL of placing an order (place.service.ts), in at most three statements inside one
 * transaction, each prepared once per connection: `waitTurn` (only with a delivery slot or the
 * open-orders limit), `lockForOrder`, `writeOrder`.
 */

/** Namespace of the advisory lock that makes one account's storefront orders wait for each other. */
const ACCOUNT_LOCK_KEY = 1516;

/** What an order waits for before it counts anything: its delivery slot, then its account. */
export type Turn = { slot: string | null; account: number | null };

/**
 * Waits for the order's turn: bookings of one delivery slot, and storefront orders of one account
 * (for the open-orders limit), one after the other, under transaction-scoped advisory locks (slot
 * first, then account, always in that order, so two orders never wait for each other's). A lock
 * taken here is held until the transaction ends, and the next statement counts with a snapshot
 * taken after it, so it sees every order the previous holder committed.
 */
export async function waitTurn(query: RawQuery, turn: Turn): Promise<void> {
  await query(
    `SELECT (SELECT pg_advisory_xact_lock(${SLOT_LOCK_KEY}, hashtext($1::text)) WHERE $1::text IS NOT NULL) AS slot,
      (SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK_KEY}, $2::int) WHERE $2::int IS NOT NULL) AS account`,
    [turn.slot, turn.account],
  );
}

/** What the order asks to read under its locks. */
export type LockAsk = {
  productIds: number[];
  /** The order already made with this key by this account (a storefront resend). */
  replay: { userId: number; key: string } | null;
  /** The till sale already made with this key ("<staff id>:<key>") or this client id. */
  tillReplay: { key: string | null; clientId: string | null } | null;
  /** The slot whose live bookings to count. */
  slot: { date: string; start: string } | null;
  /** The account whose open unpaid online orders to count (the open-orders limit). */
  openOf: number | null;
  /** The customer account of this phone, locked (a till sale). */
  customerPhone: string | null;
  /** The shift of this staff member open now, or (`at`) open then. */
  shiftOf: { staffId: number; at: Date | null } | null;
};

/** A customer account as the till's sale reads it under its lock. */
type LockedCustomer = {
  id: number;
  name: string;
  address: string;
  area: string;
  balance: number;
  lang: 'en' | 'bn';
  /** What they owe now (their orders' dues), and how much they may owe (null: no limit). */
  due: number;
  credit_limit: number | null;
};

export type Locked = {
  stock: StockRow[];
  replayId: number | null;
  slotBooked: number;
  openOrders: number;
  customer: LockedCustomer | null;
  shiftId: number | null;
  /** The shop's credit limit (null: none), read for a till sale to a phone. */
  shopCreditLimit: number | null;
};

const LOCK_SQL = `WITH ${stockSql.lockCte({ ids: '$1' })}
SELECT
  (SELECT coalesce(json_agg(s ORDER BY s.id), '[]') FROM stock_locked s) AS stock,
  coalesce(
    (SELECT id FROM orders WHERE $2::int IS NOT NULL AND user_id = $2 AND idempotency_key = $3::text),
    (SELECT id FROM orders WHERE $4::text IS NOT NULL AND NOT online AND idempotency_key = $4::text),
    (SELECT id FROM orders WHERE client_id = $5::uuid)) AS replay_id,
  (SELECT count(*) FROM orders WHERE $6::date IS NOT NULL AND delivery_date = $6::date
    AND slot_start = $7::text AND status <> 4)::int AS slot_booked,
  (SELECT count(*) FROM orders WHERE $8::int IS NOT NULL AND user_id = $8
    AND online AND status IN (0, 1, 2) AND due > 0)::int AS open_orders,
  (SELECT row_to_json(c) FROM (
    SELECT id, name, address, area, balance, lang,
      (SELECT coalesce(sum(o.due), 0) FROM orders o WHERE o.user_id = users.id AND o.status <> 4)::int AS due,
      coalesce(credit_limit, (SELECT s.credit_limit FROM settings s WHERE s.id = 1)) AS credit_limit
    FROM users
    WHERE $9::text IS NOT NULL AND phone = $9::text AND role = 1 FOR UPDATE) c) AS customer,
  coalesce(
    (SELECT id FROM shifts WHERE $11::timestamptz IS NULL AND user_id = $10::int AND closed_at IS NULL),
    (SELECT id FROM shifts WHERE $11::timestamptz IS NOT NULL AND user_id = $10::int
      AND opened_at <= $11::timestamptz AND (closed_at IS NULL OR closed_at >= $11::timestamptz)
      ORDER BY opened_at DESC LIMIT 1)) AS shift_id,
  (SELECT credit_limit FROM settings WHERE $9::text IS NOT NULL AND id = 1) AS shop_credit_limit`;

/**
 * Locks the order's products (and their Bind Stock groups) in id order and reads, in the same
 * statement, what the order is judged on: a resend's order, the slot's bookings, the account's open
 * orders, the till customer (locked) and the cashier's shift.
 */
export async function lockForOrder(query: RawQuery, ask: LockAsk): Promise<Locked> {
  const res = await query<{
    stock: Array<Omit<StockRow, 'qty'> & { qty: number | string }>;
    replay_id: number | null;
    slot_booked: number;
    open_orders: number;
    customer: LockedCustomer | null;
    shift_id: number | null;
    shop_credit_limit: number | null;
  }>(LOCK_SQL, [
    ask.productIds,
    ask.replay?.userId ?? null,
    ask.replay?.key ?? null,
    ask.tillReplay?.key ?? null,
    ask.tillReplay?.clientId ?? null,
    ask.slot?.date ?? null,
    ask.slot?.start ?? null,
    ask.openOf,
    ask.customerPhone,
    ask.shiftOf?.staffId ?? null,
    ask.shiftOf?.at ?? null,
  ]);
  const row = res.rows[0];
  if (!row) throw new Error('the order lock statement answered no row');
  return {
    stock: row.stock.map((p) => ({ ...p, qty: Number(p.qty) })),
    replayId: row.replay_id,
    slotBooked: row.slot_booked,
    openOrders: row.open_orders,
    customer: row.customer,
    shiftId: row.shift_id,
    shopCreditLimit: row.shop_credit_limit,
  };
}

/** A line as the order keeps it: a snapshot of the product's names and prices when it was sold. */
export type OrderLineWrite = {
  /** null: sold offline after the product was deleted. */
  productId: number | null;
  title: string;
  attri: string;
  titleBn: string;
  attriBn: string;
  price: number;
  buyprice: number;
  /** Fixed-point text, two decimals. */
  quantity: string;
  /** The product's unit when it was sold. */
  unit: Unit;
  /** A price label's price (poisha): the line's amount exactly; null for any other line. */
  labelPoisha: number | null;
  /** The till's id of the line (a sale from its outbox). */
  clientId: string | null;
};

/** An order as placing writes it. */
export type OrderWrite = {
  order: {
    userId: number | null;
    name: string;
    phone: string;
    address: string;
    area: string;
    note: string;
    subtotal: number;
    ship: number;
    discount: number;
    paid: number;
    due: number;
    status: number;
    online: boolean;
    terminal: number;
    idempotencyKey: string | null;
    staffId: number | null;
    shiftId: number | null;
    clientId: string | null;
    provisional: string | null;
    differences: unknown;
    synced: boolean;
    /** When it was sold (a till sale synced later); the database's now when null. */
    createdAt: Date | null;
    slot: { date: string; start: string; end: string } | null;
    /** The customer's "order placed" SMS is among `sms` (an online order paid on delivery). */
    toldPlaced?: boolean;
  };
  lines: OrderLineWrite[];
  /** The stock taken out (stock.repository movesAsArrays), with its ledger rows. */
  moves: { moveIds: number[]; deltas: string[] };
  payments: Array<{
    method: string;
    amount: number;
    reference: string | null;
    tendered: number | null;
    clientId: string | null;
  }>;
  /** The customer's advance balance after this order (a till sale that used or changed it). */
  balance: { userId: number; balance: number } | null;
  /** The account's language from now on (the storefront's); null keeps it. */
  lang: 'en' | 'bn' | null;
  /** Each text is `before` + the new order's id + `after`. */
  sms: Array<{ to: string; kind: string; before: string; after: string }>;
  now: Date;
};

const PARAMS = [
  'userId',
  'name',
  'phone',
  'address',
  'area',
  'note',
  'subtotal',
  'ship',
  'discount',
  'paid',
  'due',
  'status',
  'online',
  'terminal',
  'key',
  'staffId',
  'shiftId',
  'clientId',
  'provisional',
  'differences',
  'synced',
  'createdAt',
  'deliveryDate',
  'slotStart',
  'slotEnd',
  'toldPlaced',
  'lineProducts',
  'lineTitles',
  'lineAttris',
  'lineTitlesBn',
  'lineAttrisBn',
  'linePrices',
  'lineBuyprices',
  'lineQuantities',
  'lineUnits',
  'lineLabels',
  'lineClientIds',
  'moveIds',
  'deltas',
  'payMethods',
  'payAmounts',
  'payReferences',
  'payTendered',
  'payClientIds',
  'balanceUser',
  'balance',
  'lang',
  'smsTo',
  'smsKinds',
  'smsBefore',
  'smsAfter',
  'now',
] as const;
type Param = (typeof PARAMS)[number];
const $ = Object.fromEntries(PARAMS.map((name, i) => [name, `$${i + 1}`])) as Record<Param, string>;

/** The columns of a table, each as `name AS "prefix" || key` (drizzle's keys). */
function aliased(table: typeof orders | typeof orderLines, from: string, prefix: string): string {
  return Object.entries(getTableColumns(table))
    .map(([key, col]) => `${from}.${col.name} AS "${prefix}${key}"`)
    .join(', ');
}

/** A row of the statement split back into drizzle's row shape by column prefix. */
function unprefixed<T>(row: Record<string, unknown>, prefix: string): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (k.startsWith(prefix)) out[k.slice(prefix.length)] = v;
  return out as T;
}

/**
 * Everything an order writes, in one statement: the order (its resend key or client id under their
 * unique indexes), its lines, the first step of its timeline, the stock it takes with the ledger
 * rows and the catalogue's NOTIFY (the stock core's SQL), the all-time sales tally, its payments and
 * their money ledger rows with the advance's (the money core's SQL), the
 * customer's advance and language, and its SMS in the outbox. The caller holds the row locks.
 */
const WRITE_SQL = `WITH
  new_order AS (
    INSERT INTO orders (user_id, name, phone, address, area, note, subtotal, ship, discount, paid, due,
      status, online, terminal, idempotency_key, staff_id, shift_id, client_id, provisional, differences,
      synced_at, created_at, delivery_date, slot_start, slot_end, told_placed)
    VALUES (${$.userId}, ${$.name}, ${$.phone}, ${$.address}, ${$.area}, ${$.note}, ${$.subtotal},
      ${$.ship}, ${$.discount}, ${$.paid}, ${$.due}, ${$.status}, ${$.online}, ${$.terminal}, ${$.key},
      ${$.staffId}, ${$.shiftId}, ${$.clientId}::uuid, ${$.provisional}, ${$.differences}::jsonb,
      CASE WHEN ${$.synced}::boolean THEN ${$.now}::timestamptz END,
      coalesce(${$.createdAt}::timestamptz, now()),
      ${$.deliveryDate}::date, ${$.slotStart}, ${$.slotEnd}, ${$.toldPlaced}::boolean)
    RETURNING *),
  new_lines AS (
    INSERT INTO order_lines (order_id, product_id, title, attri, title_bn, attri_bn, price, buyprice,
      quantity, unit, label_poisha, client_id)
    SELECT o.id, l.product_id, l.title, l.attri, l.title_bn, l.attri_bn, l.price, l.buyprice, l.quantity,
      l.unit, l.label_poisha, l.client_id
    FROM new_order o, unnest(${$.lineProducts}::int[], ${$.lineTitles}::text[], ${$.lineAttris}::text[],
      ${$.lineTitlesBn}::text[], ${$.lineAttrisBn}::text[], ${$.linePrices}::int[],
      ${$.lineBuyprices}::int[], ${$.lineQuantities}::numeric[], ${$.lineUnits}::text[],
      ${$.lineLabels}::int[], ${$.lineClientIds}::uuid[])
      WITH ORDINALITY AS l(product_id, title, attri, title_bn, attri_bn, price, buyprice, quantity, unit,
        label_poisha, client_id, n)
    ORDER BY l.n
    RETURNING *),
  ${stockSql.moveCtes({
    moveIds: $.moveIds,
    deltas: $.deltas,
    go: 'new_order',
    reason: `'order'`,
    orderId: '(SELECT id FROM new_order)',
    userId: `coalesce(${$.staffId}::int, ${$.userId}::int)`,
  })},
  new_sales AS (
    INSERT INTO product_sales AS s (product_id, title, attri, price, buyprice, qty)
    SELECT coalesce(product_id, 0), title, attri, price, buyprice, sum(quantity) FROM new_lines
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (product_id, title, attri, price, buyprice) DO UPDATE SET qty = s.qty + EXCLUDED.qty),
  new_event AS (
    INSERT INTO order_status_events (order_id, status, by_user_id, at)
    SELECT id, status, staff_id, created_at FROM new_order),
  new_payments AS (
    INSERT INTO payments (order_id, amount, method, reference, tendered, user_id, shift_id, client_id,
      created_at)
    SELECT o.id, p.amount, p.method, p.reference, p.tendered, o.staff_id, o.shift_id, p.client_id,
      o.created_at
    FROM new_order o, unnest(${$.payMethods}::text[], ${$.payAmounts}::int[], ${$.payReferences}::text[],
      ${$.payTendered}::int[], ${$.payClientIds}::uuid[])
      WITH ORDINALITY AS p(method, amount, reference, tendered, client_id, n)
    ORDER BY p.n
    RETURNING id, method, amount, reference, tendered, created_at, return_id),
  ${moneySql.orderCtes({ order: 'new_order', payments: 'new_payments', balanceUser: $.balanceUser, balance: $.balance })},
  account_written AS (
    UPDATE users SET
      balance = CASE WHEN id = ${$.balanceUser}::int THEN ${$.balance}::int ELSE balance END,
      lang = CASE WHEN id = ${$.userId}::int AND ${$.lang}::text IS NOT NULL THEN ${$.lang}::text ELSE lang END,
      updated_at = now()
    WHERE EXISTS (SELECT 1 FROM new_order)
      AND ((id = ${$.balanceUser}::int AND balance <> ${$.balance}::int)
        OR (id = ${$.userId}::int AND ${$.lang}::text IS NOT NULL AND lang <> ${$.lang}::text))),
  new_sms AS (
    INSERT INTO sms_outbox (to_phone, message, kind, created_at)
    SELECT s.to_phone, s.before || o.id || s.after, s.kind, ${$.now}::timestamptz
    FROM new_order o, unnest(${$.smsTo}::text[], ${$.smsKinds}::text[], ${$.smsBefore}::text[],
      ${$.smsAfter}::text[]) AS s(to_phone, kind, before, after)
    RETURNING id)
SELECT ${aliased(orders, 'o', 'o.')}, ${aliased(orderLines, 'l', 'l.')},
  (SELECT coalesce(json_agg(p ORDER BY p.id), '[]') FROM new_payments p) AS payments,
  -- stock_news is a plain SELECT: PostgreSQL runs it (and its NOTIFY) only when it is read.
  (SELECT count(*) FROM stock_ledger_rows) AS ledger_rows, (SELECT count(*) FROM stock_news) AS news,
  (SELECT count(*) FROM new_sms) AS sms
FROM new_order o LEFT JOIN new_lines l ON l.order_id = o.id
ORDER BY l.id`;

type PaymentJson = {
  id: number;
  method: OrderPayment['method'];
  amount: number;
  reference: string | null;
  tendered: number | null;
  created_at: string;
  return_id: number | null;
};

/** Writes the order (see WRITE_SQL); its row, its lines and its payments as written. */
export async function writeOrder(
  query: RawQuery,
  w: OrderWrite,
): Promise<{ row: OrderRow; lines: LineRow[]; payments: Array<Omit<OrderPayment, 'by'>> }> {
  const o = w.order;
  const values: Record<Param, unknown> = {
    userId: o.userId,
    name: o.name,
    phone: o.phone,
    address: o.address,
    area: o.area,
    note: o.note,
    subtotal: o.subtotal,
    ship: o.ship,
    discount: o.discount,
    paid: o.paid,
    due: o.due,
    status: o.status,
    online: o.online,
    terminal: o.terminal,
    key: o.idempotencyKey,
    staffId: o.staffId,
    shiftId: o.shiftId,
    clientId: o.clientId,
    provisional: o.provisional,
    differences: o.differences === null ? null : JSON.stringify(o.differences),
    synced: o.synced,
    createdAt: o.createdAt,
    deliveryDate: o.slot?.date ?? null,
    slotStart: o.slot?.start ?? null,
    slotEnd: o.slot?.end ?? null,
    toldPlaced: o.toldPlaced ?? false,
    lineProducts: w.lines.map((l) => l.productId),
    lineTitles: w.lines.map((l) => l.title),
    lineAttris: w.lines.map((l) => l.attri),
    lineTitlesBn: w.lines.map((l) => l.titleBn),
    lineAttrisBn: w.lines.map((l) => l.attriBn),
    linePrices: w.lines.map((l) => l.price),
    lineBuyprices: w.lines.map((l) => l.buyprice),
    lineQuantities: w.lines.map((l) => l.quantity),
    lineUnits: w.lines.map((l) => l.unit),
    lineLabels: w.lines.map((l) => l.labelPoisha),
    lineClientIds: w.lines.map((l) => l.clientId),
    moveIds: w.moves.moveIds,
    deltas: w.moves.deltas,
    payMethods: w.payments.map((p) => p.method),
    payAmounts: w.payments.map((p) => p.amount),
    payReferences: w.payments.map((p) => p.reference),
    payTendered: w.payments.map((p) => p.tendered),
    payClientIds: w.payments.map((p) => p.clientId),
    balanceUser: w.balance?.userId ?? null,
    balance: w.balance?.balance ?? null,
    lang: w.lang,
    smsTo: w.sms.map((m) => m.to),
    smsKinds: w.sms.map((m) => m.kind),
    smsBefore: w.sms.map((m) => m.before),
    smsAfter: w.sms.map((m) => m.after),
    now: w.now,
  };
  const res = await query<Record<string, unknown> & { payments: PaymentJson[] }>(
    WRITE_SQL,
    PARAMS.map((k) => values[k]),
  );
  const first = res.rows[0];
  if (!first) throw new Error('the order write statement answered no row');
  return {
    row: unprefixed<OrderRow>(first, 'o.'),
    lines: res.rows.filter((r) => r['l.id'] !== null).map((r) => unprefixed<LineRow>(r, 'l.')),
    payments: first.payments.map((p) => ({
      id: p.id,
      method: p.method,
      amount: p.amount,
      reference: p.reference,
      tendered: p.tendered,
      created: new Date(p.created_at).toISOString(),
      return_id: p.return_id,
    })),
  };
}
