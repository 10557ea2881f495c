import { and, count, desc, eq, ilike, like, lt, or, sql } from 'drizzle-orm';
import { ROLE } from '@bazar/contracts/common';
import type { Customer } from '@bazar/contracts/customers';
import { escapeLike, type DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

const columns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  area: users.area,
  address: users.address,
  balance: users.balance,
  point: users.point,
  status: users.status,
  lang: users.lang,
  credit_limit: users.creditLimit,
  sms_opt_out: users.smsOptOut,
  // What the customer owes (baki): the dues of their orders that are not cancelled.
  // (The column written out in full: drizzle leaves a lone table's columns unqualified, and inside
  // the subquery "id" would be the order's.)
  due: sql<number>`coalesce((SELECT sum(o.due) FROM orders o WHERE o.user_id = "users"."id" AND o.status <> 4), 0)::int`,
};

const isCustomer = eq(users.role, ROLE.customer);

export async function pageCustomers(
  db: DbOrTx,
  opts: { limit: number; offset: number },
): Promise<{ rows: Customer[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(isCustomer)
      .orderBy(desc(users.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(users).where(isCustomer),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** A customer as the export writes it: the list's fields and when the account was made (shop time). */
export type CustomerExportRow = Customer & { joined: string };

/**
 * The customers list's next `limit` customers after `beforeId` (newest first): the export reads the
 * whole list in batches by id.
 */
export async function customerBatch(
  db: DbOrTx,
  tz: string,
  beforeId: number | undefined,
  limit: number,
): Promise<CustomerExportRow[]> {
  return db
    .select({
      ...columns,
      joined: sql<string>`to_char(${users.createdAt} AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI')`,
    })
    .from(users)
    .where(beforeId === undefined ? isCustomer : and(isCustomer, lt(users.id, beforeId)))
    .orderBy(desc(users.id))
    .limit(limit);
}

/** Customers whose phone contains the digits typed, or whose name contains the text; exact phone first. */
export async function searchCustomers(db: DbOrTx, text: string, limit = 20): Promise<Customer[]> {
  const escaped = escapeLike(text);
  const digits = text.replace(/\D/g, '').replace(/^880/, '0');
  const byPhone = digits.length >= 3 ? like(users.phone, `%${digits}%`) : undefined;
  return db
    .select(columns)
    .from(users)
    .where(and(isCustomer, or(ilike(users.name, `%${escaped}%`), byPhone)))
    .orderBy(sql`${users.phone} = ${digits} DESC`, users.name, users.id)
    .limit(limit);
}

export async function findCustomer(db: DbOrTx, id: number, lock = false): Promise<Customer | undefined> {
  const q = db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), isCustomer));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findCustomerByPhone(
  db: DbOrTx,
  phone: string,
  lock = false,
): Promise<Customer | undefined> {
  const q = db
    .select(columns)
    .from(users)
    .where(and(eq(users.phone, phone), isCustomer));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateCustomer(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      'name' | 'phone' | 'area' | 'address' | 'balance' | 'point' | 'lang' | 'creditLimit' | 'smsOptOut'
    >
  >,
): Promise<Customer | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isCustomer))
    .returning(columns);
  return row;
}

export async function deleteCustomer(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.id, id), isCustomer))
    .returning({ id: users.id });
  return rows.length > 0;
}
