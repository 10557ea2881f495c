import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@bazar/contracts/orders';
import { say } from '@bazar/contracts/messages';
import type { DbOrTx } from '../../db/client';
import {
  expenses,
  moneyLedger,
  orders,
  paymentRefunds,
  payments,
  shiftMoves,
  supplierPayments,
  users,
} from '../../db/schema';
import { AmountLarge, Invalid } from '../../lib/errors';

/**
 * The money core: the one module that moves money, as the stock core moves quantities. Every
 * movement (a payment in, a refund out, change given, a customer's advance taken or given, a due
 * paid off, a supplier paid, a drawer's float, cash put into or taken out of a drawer, an expense)
 * writes its document (a payment row, a supplier payment, an expense, a drawer move) and its signed
 * row in the money ledger, in the caller's transaction, through the functions here; an order's paid
 * and due are restated by one rule (`restate`). `GET /api/money/check` (money.check.ts) proves the
 * books match the ledger. The kinds and their signs: packages/contracts money.ts MONEY_KINDS.
 */

type Movement = typeof moneyLedger.$inferInsert;

/** Who moves the money (null: the shop itself, a gateway's confirmation), in which shift, when. */
export type Who = { userId: number | null; shiftId?: number | null | undefined; at?: Date | undefined };

const when = (who: Who) => ({
  userId: who.userId,
  shiftId: who.shiftId ?? null,
  ...(who.at && { createdAt: who.at }),
});

/** The only writer of the ledger's rows. */
async function record(tx: DbOrTx, rows: Movement[]): Promise<void> {
  const moving = rows.filter((r) => r.amount !== 0);
  if (moving.length) await tx.insert(moneyLedger).values(moving);
}

/** An order as the core needs it: its id and its customer's account. */
type OrderRef = { id: number; userId: number | null };

/**
 * Money taken for an order now: a payment row (cash: what stayed in the drawer, with what was
 * tendered) and its ledger rows (the payment, and the change handed back). From the customer's
 * advance (`balance`) the advance falls first: 422 naming `field` when there is none or too little.
 */
export async function takeForOrder(
  tx: DbOrTx,
  order: OrderRef,
  p: {
    amount: number;
    method: PaymentMethod | string;
    reference: string | null;
    tendered?: number | null;
    clientId?: string | null;
  },
  who: Who,
  field = 'method',
): Promise<void> {
  if (p.amount <= 0) return;
  if (p.method === 'balance') await takeFromAdvance(tx, order, p.amount, who, field);
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      amount: p.amount,
      method: p.method,
      reference: p.reference,
      tendered: p.tendered ?? null,
      clientId: p.clientId ?? null,
      ...when(who),
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('insert payments returned nothing');
  const base = { orderId: order.id, customerId: order.userId, paymentId: row.id, ...when(who) };
  const tendered = Math.max(p.amount, p.tendered ?? 0);
  await record(tx, [
    { ...base, kind: 'payment', method: p.method, amount: tendered, reference: p.reference },
    { ...base, kind: 'change', method: 'cash', amount: p.amount - tendered },
  ]);
}

/**
 * The one way money goes back for an order (a cancelled order, goods returned, an online refund):
 * never more than the order still shows as paid (`order` read under its lock), as a negative payment
 * row by the method and its ledger row; by `balance` into the customer's advance (422 on `field`
 * when the order has no account). The caller restates the order after.
 */
export async function giveBack(
  tx: DbOrTx,
  order: OrderRef & { paid: number },
  r: {
    amount: number;
    method: PaymentMethod | string;
    reference: string | null;
    returnId?: number | null;
    /** The online refund this records (its own reservation then counts as free). */
    pendingRefundId?: number;
  },
  who: Who,
  field = 'refund',
): Promise<void> {
  if (r.amount <= 0) return;
  if (r.amount > order.paid - (await reservedFor(tx, order.id, r.pendingRefundId))) {
    throw new AmountLarge(field);
  }
  if (r.method === 'balance') {
    if (order.userId === null) throw new Invalid(field, say('orders.noAccountForAdvance'));
    await moveAdvance(tx, order.userId, r.amount, { ...who, orderId: order.id });
  }
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      amount: -r.amount,
      method: r.method,
      reference: r.reference,
      returnId: r.returnId ?? null,
      ...when(who),
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('insert payments returned nothing');
  await record(tx, [
    {
      kind: 'refund',
      method: r.method,
      amount: -r.amount,
      reference: r.reference,
      orderId: order.id,
      customerId: order.userId,
      paymentId: row.id,
      returnId: r.returnId ?? null,
      ...when(who),
    },
  ]);
}

/**
 * What online refunds of the order still wait for the gateway's answer (`except` one of them): the
 * money may have left, so no other refund may take it.
 */
async function reservedFor(tx: DbOrTx, orderId: number, except?: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.orderId, orderId),
        eq(paymentRefunds.state, 'pending'),
        except === undefined ? undefined : ne(paymentRefunds.id, except),
      ),
    );
  return Number(row?.n ?? 0);
}

/** What an order's payment rows add up to: what the shop holds for it. */
async function heldFor(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return Number(row?.n ?? 0);
}

/**
 * The one writer of an order's paid and due after it was placed: paid is what its payment rows add
 * up to, due follows by the one rule (packages/contracts money.ts orderAmounts: total − paid);
 * `status` and `returned` change with them when given.
 */
export async function restate(
  tx: DbOrTx,
  orderId: number,
  changes: { status?: number; returned?: number } = {},
): Promise<{ paid: number; due: number; status: number } | undefined> {
  const paid = await heldFor(tx, orderId);
  const returned = changes.returned ?? sql`${orders.returned}`;
  const [row] = await tx
    .update(orders)
    .set({
      paid,
      ...(changes.returned !== undefined && { returned: changes.returned }),
      ...(changes.status !== undefined && { status: changes.status }),
      due: sql`${orders.subtotal} - ${returned} + ${orders.ship} - ${orders.discount} - ${paid}`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId))
    .returning({ paid: orders.paid, due: orders.due, status: orders.status });
  return row;
}

/**
 * A customer's advance grows (`delta` > 0) or is used (< 0), with its ledger row; false when it
 * would go below zero (nothing changed then).
 */
async function moveAdvance(
  tx: DbOrTx,
  customerId: number,
  delta: number,
  why: Who & { orderId?: number | null; reference?: string | null },
): Promise<boolean> {
  if (delta === 0) return true;
  const rows = await tx
    .update(users)
    .set({ balance: sql`${users.balance} + ${delta}`, updatedAt: sql`now()` })
    .where(and(eq(users.id, customerId), sql`${users.balance} + ${delta} >= 0`))
    .returning({ id: users.id });
  if (rows.length === 0) return false;
  await record(tx, [
    {
      kind: 'advance',
      method: 'balance',
      amount: delta,
      reference: why.reference ?? null,
      orderId: why.orderId ?? null,
      customerId,
      ...when(why),
    },
  ]);
  return true;
}

/** Pays from the advance of the order's customer (422 naming `field` when there is none or too little). */
async function takeFromAdvance(tx: DbOrTx, order: OrderRef, amount: number, who: Who, field: string) {
  if (order.userId === null) throw new Invalid(field, say('orders.noAccountForAdvance'));
  if (!(await moveAdvance(tx, order.userId, -amount, { ...who, orderId: order.id }))) {
    const [row] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, order.userId));
    throw new Invalid(field, say('orders.advanceBalance', { amount: row?.balance ?? 0 }));
  }
}

/**
 * Advances set by hand (Quick Edit, an import, a new customer with an advance): each customer's
 * change from what the ledger knew is one `advance` row. `before` is what their balance was.
 */
export async function advancesSet(
  tx: DbOrTx,
  changes: ReadonlyArray<{ customerId: number; before: number; after: number }>,
  who: Who,
  reference: string,
): Promise<void> {
  await record(
    tx,
    changes.map((c) => ({
      kind: 'advance' as const,
      method: 'balance',
      amount: c.after - c.before,
      reference,
      customerId: c.customerId,
      ...when(who),
    })),
  );
}

/** Money paid to a supplier (its document and ledger row); `purchaseId` when paid with a purchase. */
export async function paySupplier(
  tx: DbOrTx,
  p: { supplierId: number; purchaseId: number | null; amount: number; method: string },
  who: Who & { userId: number },
): Promise<void> {
  const [row] = await tx
    .insert(supplierPayments)
    .values({ ...p, userId: who.userId })
    .returning({ id: supplierPayments.id });
  if (!row) throw new Error('insert supplier_payments returned nothing');
  await record(tx, [
    {
      kind: 'supplier_payment',
      method: p.method,
      amount: -p.amount,
      supplierId: p.supplierId,
      supplierPaymentId: row.id,
      ...when(who),
    },
  ]);
}

/**
 * A purchase deleted: the payments made with it go with it (its rows, by the purchase's foreign
 * key), and the ledger takes each back with a row the other way, in the drawer it came from.
 */
export async function purchasePaymentsUndone(tx: DbOrTx, purchaseId: number, who: Who): Promise<void> {
  const rows = await tx
    .select({
      method: moneyLedger.method,
      amount: moneyLedger.amount,
      shiftId: moneyLedger.shiftId,
      supplierId: moneyLedger.supplierId,
      supplierPaymentId: moneyLedger.supplierPaymentId,
    })
    .from(moneyLedger)
    .innerJoin(supplierPayments, eq(supplierPayments.id, moneyLedger.supplierPaymentId))
    .where(eq(supplierPayments.purchaseId, purchaseId));
  await record(
    tx,
    rows.map((r) => ({
      ...r,
      kind: 'supplier_payment' as const,
      amount: -r.amount,
      reference: 'purchase deleted',
      userId: who.userId,
    })),
  );
}

/** An expense paid (cash; from the drawer of `who.shiftId` when given), with its ledger row. */
export async function spend(
  tx: DbOrTx,
  values: typeof expenses.$inferInsert & { amount: number; details: string },
  who: Who,
) {
  const [row] = await tx.insert(expenses).values(values).returning();
  if (!row) throw new Error('insert expenses returned nothing');
  await record(tx, [
    {
      kind: 'expense',
      method: 'cash',
      amount: -row.amount,
      reference: row.details,
      expenseId: row.id,
      ...when(who),
      createdAt: row.createdAt,
    },
  ]);
  return row;
}

/** The cash a drawer starts its shift with. */
export async function floatIn(tx: DbOrTx, shiftId: number, amount: number, who: Who): Promise<void> {
  await record(tx, [{ kind: 'float', method: 'cash', amount, ...when(who), shiftId }]);
}

/** Cash put into (+) or taken out of (−) a drawer during its shift, with why. */
export async function drawerMove(
  tx: DbOrTx,
  m: { shiftId: number; amount: number; reason: string; userId: number },
): Promise<void> {
  const [row] = await tx.insert(shiftMoves).values(m).returning({ id: shiftMoves.id });
  if (!row) throw new Error('insert shift_moves returned nothing');
  await record(tx, [
    {
      kind: 'drawer',
      method: 'cash',
      amount: m.amount,
      reference: m.reason,
      userId: m.userId,
      shiftId: m.shiftId,
      moveId: row.id,
    },
  ]);
}

/** A drawer's cash by where it came from or went; `expected` is their sum. */
export type DrawerCash = {
  float: number;
  /** Cash taken (sales and dues) less change handed back. */
  sales: number;
  /** Cash given back for orders, as a positive amount. */
  refunds: number;
  /** Cash put in (+) or taken out (−) with a reason. */
  moves: number;
  /** Expenses and suppliers paid from the drawer, as a positive amount. */
  paidOut: number;
  expected: number;
};

/**
 * The cash each drawer should hold, one number computed one way for the till, Analytics and the
 * day close: every cash row of its shift in the ledger (float, cash taken less change, cash
 * refunds, cash dues received, cash put in or taken out, expenses and suppliers paid from it).
 */
export async function drawerCash(db: DbOrTx, shiftIds: number[]): Promise<Map<number, DrawerCash>> {
  const out = new Map<number, DrawerCash>(
    shiftIds.map((id) => [id, { float: 0, sales: 0, refunds: 0, moves: 0, paidOut: 0, expected: 0 }]),
  );
  if (shiftIds.length === 0) return out;
  const rows = await db
    .select({
      shiftId: moneyLedger.shiftId,
      kind: moneyLedger.kind,
      n: sql<string>`sum(${moneyLedger.amount})`,
    })
    .from(moneyLedger)
    .where(and(inArray(moneyLedger.shiftId, shiftIds), eq(moneyLedger.method, 'cash')))
    .groupBy(moneyLedger.shiftId, moneyLedger.kind);
  for (const r of rows) {
    const d = r.shiftId === null ? undefined : out.get(r.shiftId);
    if (!d) continue;
    const n = Number(r.n);
    if (r.kind === 'float') d.float += n;
    else if (r.kind === 'payment' || r.kind === 'change') d.sales += n;
    else if (r.kind === 'refund') d.refunds -= n;
    else if (r.kind === 'drawer') d.moves += n;
    else d.paidOut -= n;
    d.expected += n;
  }
  return out;
}

/**
 * The ledger's rows for an order placed in one statement (place.repository WRITE_SQL), as the
 * stock core's `moveCtes` are: from the payments the statement wrote (`payments`: a CTE returning
 * id, method, amount, reference, tendered) the payment and change rows, and the customer's advance
 * as it changes (`balanceUser` set to `balance`), against the order (`order`: a CTE of one row).
 */
export const moneySql = {
  orderCtes: (p: { order: string; payments: string; balanceUser: string; balance: string }) => `
  money_paid AS (
    INSERT INTO money_ledger (kind, method, amount, reference, user_id, shift_id, order_id, customer_id,
      payment_id, created_at)
    SELECT k.kind, k.method, k.amount, p.reference, o.staff_id, o.shift_id, o.id, o.user_id, p.id, o.created_at
    FROM ${p.order} o, ${p.payments} p,
      LATERAL (VALUES ('payment', p.method, greatest(p.amount, coalesce(p.tendered, 0))),
                      ('change', 'cash', least(0, p.amount - coalesce(p.tendered, 0)))) AS k(kind, method, amount)
    WHERE k.amount <> 0),
  money_advance AS (
    INSERT INTO money_ledger (kind, method, amount, user_id, shift_id, order_id, customer_id, created_at)
    SELECT 'advance', 'balance', ${p.balance}::int - u.balance, o.staff_id, o.shift_id, o.id, u.id, o.created_at
    FROM ${p.order} o JOIN users u ON u.id = ${p.balanceUser}::int
    WHERE ${p.balance}::int <> u.balance)`,
};
