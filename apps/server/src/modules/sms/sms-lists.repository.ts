import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { ROLE } from '@bazar/contracts/common';
import type { DbOrTx } from '../../db/client';
import { smsListItems, smsLists } from '../../db/schema';

export async function listLists(db: DbOrTx) {
  return db
    .select({ id: smsLists.id, title: smsLists.title, count: sql<number>`count(${smsListItems.id})::int` })
    .from(smsLists)
    .leftJoin(smsListItems, eq(smsListItems.listId, smsLists.id))
    .groupBy(smsLists.id)
    .orderBy(asc(smsLists.title), asc(smsLists.id));
}

export async function insertList(db: DbOrTx, title: string) {
  const [row] = await db
    .insert(smsLists)
    .values({ title })
    .returning({ id: smsLists.id, title: smsLists.title });
  if (!row) throw new Error('insert sms_lists returned nothing');
  return row;
}

export async function findList(db: DbOrTx, id: number) {
  const [list] = await db
    .select({ id: smsLists.id, title: smsLists.title })
    .from(smsLists)
    .where(eq(smsLists.id, id));
  return list;
}

/** One page of a list's numbers, by name. */
export async function listItems(db: DbOrTx, listId: number, page: { limit: number; offset: number }) {
  return db
    .select({ id: smsListItems.id, name: smsListItems.name, phone: smsListItems.phone })
    .from(smsListItems)
    .where(eq(smsListItems.listId, listId))
    .orderBy(asc(smsListItems.name), asc(smsListItems.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function itemCount(db: DbOrTx, listId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsListItems)
    .where(eq(smsListItems.listId, listId));
  return Number(row?.n ?? 0);
}

export async function deleteList(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(smsLists).where(eq(smsLists.id, id)).returning({ id: smsLists.id })).length > 0;
}

export async function insertItem(db: DbOrTx, values: { listId: number; name: string; phone: string }) {
  const [row] = await db
    .insert(smsListItems)
    .values(values)
    .returning({ id: smsListItems.id, name: smsListItems.name, phone: smsListItems.phone });
  if (!row) throw new Error('insert sms_list_items returned nothing');
  return row;
}

export async function deleteItem(db: DbOrTx, id: number): Promise<boolean> {
  return (
    (await db.delete(smsListItems).where(eq(smsListItems.id, id)).returning({ id: smsListItems.id })).length >
    0
  );
}

export async function listExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(smsLists).where(eq(smsLists.id, id));
  return (row?.n ?? 0) > 0;
}

/**
 * The phones a marketing SMS goes to: a list's, or (list 0) every customer whose phone is verified;
 * never a customer who asked for no reminder or marketing SMS.
 */
export function recipients(listId: number): SQL {
  return listId === 0
    ? sql`SELECT phone FROM users WHERE role = ${ROLE.customer} AND status = 1 AND NOT sms_opt_out`
    : sql`SELECT i.phone FROM sms_list_items i WHERE i.list_id = ${listId}
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.phone = i.phone AND u.sms_opt_out)`;
}
