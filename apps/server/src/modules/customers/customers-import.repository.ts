import { ROLE } from '@bazar/contracts/common';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The SQL of a customer import: many rows at once, each column as one array parameter (unnest on
 * the server), so one statement text serves any number of rows.
 */

const list = <T>(values: T[]) => sql.param(values);

/** An account as a customer import compares it (staff accounts too: their phones are not customers'). */
export type StoredAccount = {
  id: number;
  role: number;
  name: string;
  phone: string;
  area: string;
  address: string;
  balance: number;
  point: number;
};

/** The accounts with these phones; with `lock`, locked for the rest of the transaction. */
export async function accountsByPhone(
  db: DbOrTx,
  phones: string[],
  lock = false,
): Promise<Map<string, StoredAccount>> {
  if (phones.length === 0) return new Map();
  const res = await db.execute<StoredAccount>(sql`
    SELECT id, role, name, phone, area, address, balance, point FROM users
    WHERE phone = ANY(${list(phones)}::text[]) ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`);
  return new Map(res.rows.map((r) => [r.phone, r]));
}

/** Which of these referral codes an account has already. */
export async function takenRefCodes(db: DbOrTx, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const res = await db.execute<{ code: string }>(
    sql`SELECT ref_code AS code FROM users WHERE ref_code = ANY(${list(codes)}::text[])`,
  );
  return new Set(res.rows.map((r) => r.code));
}

export type CustomerValues = { name: string; area: string; address: string; balance: number; point: number };

/** Adds customers (role 1, phone not verified, English) sharing one password hash nobody knows. */
export async function insertCustomers(
  tx: DbOrTx,
  rows: Array<CustomerValues & { phone: string; refCode: string }>,
  passwordHash: string,
): Promise<Array<{ id: number; balance: number }>> {
  if (rows.length === 0) return [];
  const res = await tx.execute<{ id: number; balance: number }>(sql`
    INSERT INTO users (name, phone, area, address, balance, point, ref_code, password_hash, role, status)
    SELECT u.*, ${passwordHash}::text, ${ROLE.customer}::int, 0 FROM unnest(
      ${list(rows.map((r) => r.name))}::text[], ${list(rows.map((r) => r.phone))}::text[],
      ${list(rows.map((r) => r.area))}::text[], ${list(rows.map((r) => r.address))}::text[],
      ${list(rows.map((r) => r.balance))}::int[], ${list(rows.map((r) => r.point))}::int[],
      ${list(rows.map((r) => r.refCode))}::text[]) AS u
    RETURNING id, balance`);
  return res.rows;
}

/** Saves customers' name, area, address, balance and point (customers only: staff are never touched). */
export async function updateCustomers(tx: DbOrTx, rows: Array<CustomerValues & { id: number }>) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    UPDATE users SET name = u.name, area = u.area, address = u.address, balance = u.balance,
      point = u.point, updated_at = now()
    FROM unnest(${list(rows.map((r) => r.id))}::int[], ${list(rows.map((r) => r.name))}::text[],
      ${list(rows.map((r) => r.area))}::text[], ${list(rows.map((r) => r.address))}::text[],
      ${list(rows.map((r) => r.balance))}::int[], ${list(rows.map((r) => r.point))}::int[])
      AS u(id, name, area, address, balance, point)
    WHERE users.id = u.id AND users.role = ${ROLE.customer}`);
}
