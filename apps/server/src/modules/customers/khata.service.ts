import type { DueReceipt, Khata, KhataEntry } from '@bazar/contracts/customers';
import { say } from '@bazar/contracts/messages';
import type { PaymentMethod } from '@bazar/contracts/orders';
import { recordAudit, type AuditActor } from '../audit/audit.repository';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AmountLarge, Invalid, NotFound } from '../../lib/errors';
import { shopDay } from '../../lib/shop-day';
import { restate, takeForOrder } from '../money/money.repository';
import * as orders from '../orders/order-payments.repository';
import { shopSettings } from '../settings/settings.service';
import { openShiftId } from '../shifts/shifts.service';
import { smsTexts } from '../sms/sms-texts';
import * as repo from './customers.repository';

/** Money coming in against dues: one or more methods (split), each with its reference. */
export type DueTender = {
  method: Exclude<PaymentMethod, 'balance'>;
  amount: number;
  reference?: string | null | undefined;
};

/**
 * Puts `tenders` against the customer's open dues, oldest order first, each tender in turn: one
 * payment row per (order, tender) it reaches, in the staff member's open shift. More than owed is
 * refused ("Amount is large"). The caller holds the transaction; the customer's row is locked here.
 */
export async function settleDues(
  tx: DbOrTx,
  customerId: number,
  tenders: readonly DueTender[],
  staffId: number,
): Promise<{ owed: number; paid: Array<{ order_id: number; amount: number }>; due: number }> {
  const open = await orders.openDuesOf(tx, customerId, true);
  const owed = open.reduce((sum, o) => sum + o.due, 0);
  const total = tenders.reduce((sum, t) => sum + t.amount, 0);
  if (total > owed) throw new AmountLarge(tenders.length > 1 ? 'payments' : 'amount');
  const who = { userId: staffId, shiftId: await openShiftId(tx, staffId) };
  const byOrder = new Map<number, number>();
  let at = 0;
  let left = tenders[0]?.amount ?? 0;
  for (const o of open) {
    let due = o.due;
    while (due > 0 && at < tenders.length) {
      if (left === 0) {
        at += 1;
        left = tenders[at]?.amount ?? 0;
        continue;
      }
      const tender = tenders[at]!;
      const amount = Math.min(left, due);
      await takeForOrder(tx, o, { amount, method: tender.method, reference: tender.reference ?? null }, who);
      byOrder.set(o.id, (byOrder.get(o.id) ?? 0) + amount);
      due -= amount;
      left -= amount;
    }
    if (byOrder.has(o.id)) await restate(tx, o.id);
  }
  const paid = [...byOrder].map(([order_id, amount]) => ({ order_id, amount }));
  return { owed, paid, due: owed - total };
}

type ReceiptRow = {
  id: number;
  created_at: Date;
  customer_id: number;
  name: string | null;
  phone: string | null;
  lang: 'en' | 'bn' | null;
  cashier: string | null;
  owed_before: number;
  paid: number;
  payments: DueReceipt['payments'];
  orders: DueReceipt['orders'];
};

const RECEIPT_SQL = `SELECT r.id, r.created_at, r.customer_id, u.name, u.phone, u.lang, s.name AS cashier,
    r.owed_before, r.paid, r.payments, r.orders
  FROM due_receipts r LEFT JOIN users u ON u.id = r.customer_id LEFT JOIN users s ON s.id = r.staff_id`;

const receiptOf = (r: ReceiptRow): DueReceipt => ({
  id: r.id,
  created: new Date(r.created_at).toISOString(),
  customer: { id: r.customer_id, name: r.name ?? '', phone: r.phone ?? '', lang: r.lang ?? 'en' },
  cashier: r.cashier,
  owed_before: r.owed_before,
  paid: r.paid,
  due: r.owed_before - r.paid,
  payments: r.payments,
  orders: r.orders,
});

async function readReceipt(
  db: DbOrTx,
  where: string,
  value: number | string,
): Promise<ReceiptRow | undefined> {
  const res = await db.execute<ReceiptRow>(sql`${sql.raw(RECEIPT_SQL)} WHERE ${sql.raw(where)} = ${value}`);
  return res.rows[0];
}

/**
 * "Receive due" at the till: the tenders against the customer's dues (settleDues), kept as a due
 * receipt for its 80 mm slip. A receipt sent again with the same `client_id` (a lost answer) is
 * answered with the one already kept: the money is taken once.
 */
export async function receiveDue(
  ctx: Ctx,
  staffId: number,
  customerId: number,
  input: { client_id: string; payments: DueTender[]; sms: boolean },
  actor: AuditActor,
): Promise<{ receipt: DueReceipt; replay: boolean }> {
  const settings = input.sms ? await shopSettings(ctx) : undefined;
  return ctx.db.transaction(async (tx) => {
    const customer = await repo.findCustomer(tx, customerId, true);
    if (!customer) throw new NotFound(say('customers.notFound'));
    // Under the customer's lock: a resend waits for the first and finds its receipt.
    const before = await readReceipt(tx, 'r.client_id', input.client_id);
    if (before) {
      if (before.customer_id !== customerId) throw new Invalid('client_id', say('customers.dueReceiptClash'));
      return { receipt: receiptOf(before), replay: true };
    }
    const settled = await settleDues(tx, customerId, input.payments, staffId);
    if (settled.owed === 0) throw new Invalid('payments', say('customers.nothingOwed'));
    const paid = settled.owed - settled.due;
    const payments = input.payments.map((p) => ({ ...p, reference: p.reference ?? null }));
    const inserted = await tx.execute<{ id: number }>(
      sql`INSERT INTO due_receipts (client_id, customer_id, staff_id, owed_before, paid, payments, orders)
       VALUES (${input.client_id}, ${customerId}, ${staffId}, ${settled.owed}, ${paid},
         ${JSON.stringify(payments)}::jsonb, ${JSON.stringify(settled.paid)}::jsonb) RETURNING id`,
    );
    const id = Number(inserted.rows[0]!.id);
    await recordAudit(tx, actor, {
      action: 'dues_paid',
      entity: 'customer',
      entityId: customerId,
      changes: {
        receipt: id,
        payments: input.payments,
        orders: settled.paid,
        due: [settled.owed, settled.due],
      },
    });
    if (settings) {
      await ctx.sms.enqueue(tx, [
        {
          to: customer.phone,
          kind: 'message',
          message: smsTexts(customer.lang).duesReceived({
            shop: settings.shopName,
            amount: paid,
            due: settled.due,
          }),
        },
      ]);
    }
    const row = await readReceipt(tx, 'r.id', id);
    return { receipt: receiptOf(row!), replay: false };
  });
}

export async function dueReceiptById(ctx: Ctx, id: number): Promise<DueReceipt> {
  const row = await readReceipt(ctx.db, 'r.id', id);
  if (!row) throw new NotFound(say('customers.notFound'));
  return receiptOf(row);
}

type KhataRow = {
  at: Date;
  kind: KhataEntry['kind'];
  order_id: number;
  method: string | null;
  amount: number;
};

/**
 * The customer's orders that were ever on credit, and every line of them: the sale (what it
 * charged), the payments (cash with its change netted), the money given back and the returns, from
 * the money ledger and the returns. An order was on credit when the money taken with the sale (the
 * ledger rows written in the sale's own statement: their time is the order's, to the microsecond)
 * was less than it charged, or when it owes now. Orders paid in full at the counter are left out;
 * a sale made offline (its time is the till's, its money's the sync's) shows as a sale and its
 * payment, which balance.
 */
const khataSql = (customerId: number) => sql`
WITH mine AS (
  SELECT o.id, o.created_at, o.due, o.subtotal + o.ship - o.discount AS charged
  FROM orders o WHERE o.user_id = ${customerId} AND o.status <> 4),
rows AS (
  SELECT m.id, m.order_id, m.created_at, m.kind, m.method, m.amount
  FROM money_ledger m JOIN mine ON mine.id = m.order_id
  WHERE m.kind IN ('payment', 'change', 'refund')),
credit AS (
  SELECT mine.id, mine.created_at, mine.charged FROM mine
  WHERE mine.due > 0 OR mine.charged > coalesce((
    SELECT sum(r.amount) FROM rows r WHERE r.order_id = mine.id AND r.created_at = mine.created_at), 0))
SELECT c.created_at AS at, 'sale' AS kind, c.id AS order_id, NULL AS method, c.charged AS amount, 0::bigint AS seq
  FROM credit c
UNION ALL
SELECT r.created_at, CASE WHEN r.kind = 'refund' THEN 'refund' ELSE 'payment' END, r.order_id, r.method,
    -sum(r.amount)::int, min(r.id)
  FROM rows r JOIN credit c ON c.id = r.order_id
  GROUP BY r.created_at, r.kind = 'refund', r.order_id, r.method
  HAVING sum(r.amount) <> 0
UNION ALL
SELECT r.created_at, 'return', r.order_id, NULL, -r.value, r.id::bigint
  FROM returns r JOIN credit c ON c.id = r.order_id
  WHERE r.value > 0
ORDER BY at, order_id, kind DESC, seq`;

/** A customer's khata: every sale on credit, every payment and return, with the running balance. */
export async function khataOf(ctx: Ctx, customerId: number): Promise<Khata> {
  const customer = await repo.findCustomer(ctx.db, customerId);
  if (!customer) throw new NotFound(say('customers.notFound'));
  const [rows, settings] = await Promise.all([
    ctx.db.execute<KhataRow>(khataSql(customerId)),
    shopSettings(ctx),
  ]);
  let balance = 0;
  const entries = rows.rows.map((r) => {
    balance += r.amount;
    return {
      at: new Date(r.at).toISOString(),
      kind: r.kind,
      order_id: r.order_id,
      method: r.method,
      amount: r.amount,
      balance,
    };
  });
  return {
    customer,
    credit_limit: customer.credit_limit ?? settings.creditLimit,
    entries,
    owed: customer.due,
  };
}

/** The khata's summary by SMS (staff ask for it; the shop pays for it), in the customer's language. */
export async function sendKhataSms(ctx: Ctx, customerId: number, actor: AuditActor): Promise<void> {
  const book = await khataOf(ctx, customerId);
  const settings = await shopSettings(ctx);
  const sales = book.entries.filter((e) => e.kind === 'sale').length;
  const last = [...book.entries].reverse().find((e) => e.kind === 'payment' && e.amount < 0);
  const lastPaid = last ? { amount: -last.amount, on: shopDay(new Date(last.at), ctx.config.shopTz) } : null;
  await ctx.db.transaction(async (tx) => {
    await ctx.sms.enqueue(tx, [
      {
        to: book.customer.phone,
        kind: 'message',
        message: smsTexts(book.customer.lang).khataSummary({
          shop: settings.shopName,
          owed: book.owed,
          sales,
          lastPaid,
        }),
      },
    ]);
    await recordAudit(tx, actor, {
      action: 'khata_sent',
      entity: 'customer',
      entityId: customerId,
      changes: { owed: book.owed },
    });
  });
}
