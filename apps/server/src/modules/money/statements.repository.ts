import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StatementMapping, StatementMethod } from '@bazar/contracts/statements';
import type { DbOrTx } from '../../db/client';
import { moneyLedger, statementColumns } from '../../db/schema';

/** The columns remembered for a method's statements, if any. */
export async function rememberedColumns(
  db: DbOrTx,
  method: StatementMethod,
): Promise<StatementMapping | null> {
  const [row] = await db.select().from(statementColumns).where(eq(statementColumns.method, method));
  return row ? { trx: row.trx, amount: row.amount, time: row.time } : null;
}

export async function rememberColumns(
  db: DbOrTx,
  method: StatementMethod,
  m: StatementMapping,
): Promise<void> {
  const values = { method, trx: m.trx, amount: m.amount, time: m.time, updatedAt: sql`now()` };
  await db
    .insert(statementColumns)
    .values(values)
    .onConflictDoUpdate({ target: statementColumns.method, set: values });
}

export type LedgerPayment = {
  reference: string;
  amount: number;
  kind: 'payment' | 'refund';
  orderId: number | null;
  at: Date;
};

const payments = {
  reference: sql<string>`${moneyLedger.reference}`,
  amount: moneyLedger.amount,
  kind: sql<'payment' | 'refund'>`${moneyLedger.kind}`,
  orderId: moneyLedger.orderId,
  at: moneyLedger.createdAt,
};
const ofMethod = (method: StatementMethod) =>
  and(
    eq(moneyLedger.method, method),
    inArray(moneyLedger.kind, ['payment', 'refund']),
    sql`coalesce(${moneyLedger.reference}, '') <> ''`,
  );

/** The payments and refunds of a method with a reference, on the shop days from..to, oldest first. */
export async function ledgerPayments(
  db: DbOrTx,
  method: StatementMethod,
  tz: string,
  from: string,
  to: string,
): Promise<LedgerPayment[]> {
  return db
    .select(payments)
    .from(moneyLedger)
    .where(
      and(
        ofMethod(method),
        sql`${moneyLedger.createdAt} >= (${from}::date::timestamp AT TIME ZONE ${tz})`,
        sql`${moneyLedger.createdAt} < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})`,
      ),
    )
    .orderBy(moneyLedger.createdAt, moneyLedger.id);
}

/** The payments and refunds of a method with one of these references (upper case), whenever recorded. */
export async function ledgerPaymentsByReference(
  db: DbOrTx,
  method: StatementMethod,
  references: string[],
): Promise<LedgerPayment[]> {
  if (references.length === 0) return [];
  return db
    .select(payments)
    .from(moneyLedger)
    .where(and(ofMethod(method), inArray(sql`upper(trim(${moneyLedger.reference}))`, references)))
    .orderBy(moneyLedger.createdAt, moneyLedger.id);
}
