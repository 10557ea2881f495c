import type { Customer } from '@bazar/contracts/customers';
import { isApiError } from '../../../lib/api';
import { addCustomer, findCustomer } from '../till-api';
import type { CustomerFields } from '../till-sale';
import { tillDb, type TillCustomerRow, type TillDb } from './till-db';
import { isUnreachable } from './till-connection';

/**
 * The customers the till has seen, so a phone is found with no server, and the customers added
 * while offline (`pending`), created on the server before the sales that name them.
 */

const rowOf = (customer: Customer, now = new Date()): TillCustomerRow => ({
  phone: customer.phone,
  id: customer.id,
  name: customer.name,
  area: customer.area,
  address: customer.address,
  balance: customer.balance ?? 0,
  lang: customer.lang,
  pending: false,
  seen: now.toISOString(),
});

/** Keeps a customer the server answered with; a full or refused store only loses the copy. */
export async function rememberCustomer(customer: Customer, db: TillDb = tillDb()): Promise<void> {
  try {
    await db.customers.put(rowOf(customer));
  } catch (error) {
    console.error('Could not keep the customer on this till', error);
  }
}

/** The customer this till last saw with this phone, if any. */
export async function cachedCustomer(
  phone: string,
  db: TillDb = tillDb(),
): Promise<TillCustomerRow | undefined> {
  try {
    return await db.customers.get(phone);
  } catch {
    return undefined;
  }
}

/** A customer added while the server cannot be reached: kept here, created on the server at the next sync. */
export async function keepPendingCustomer(
  fields: Pick<CustomerFields, 'phone' | 'name' | 'area' | 'address' | 'lang'>,
  db: TillDb = tillDb(),
): Promise<TillCustomerRow> {
  const row: TillCustomerRow = {
    phone: fields.phone,
    id: null,
    name: fields.name,
    area: fields.area,
    address: fields.address,
    balance: 0,
    ...(fields.lang && { lang: fields.lang }),
    pending: true,
    seen: new Date().toISOString(),
  };
  await db.customers.put(row);
  return row;
}

/**
 * The customer's advance as the till knows it, less what a sale made here took from it (`delta`
 * below 0), or with it given back (a discarded sale). The server's figure replaces it at the next
 * lookup; the server checks the advance again when the sale arrives.
 */
export async function adjustCachedAdvance(db: TillDb, phone: string, delta: number): Promise<void> {
  if (!phone || delta === 0) return;
  const row = await db.customers.get(phone);
  if (row) await db.customers.update(phone, { balance: Math.max(0, row.balance + delta) });
}

/**
 * Creates every customer added offline on the server (`POST /api/customer/add`). A phone the
 * server already has (another till, or an earlier attempt whose answer was lost) is looked up and
 * kept as found. Any other refusal ends the wait: the sale still carries the customer's name and
 * phone. Throws when the server cannot be reached, so the sales behind it wait too.
 */
export async function syncPendingCustomers(db: TillDb = tillDb()): Promise<number> {
  const pending = await db.customers.filter((row) => row.pending).toArray();
  let created = 0;
  for (const row of pending) {
    let customer: Customer | undefined;
    try {
      customer = (await addCustomer({ ...row, balance: null })).data;
    } catch (error) {
      if (isUnreachable(error) || !isApiError(error) || error.status >= 500 || error.status === 401)
        throw error;
      if (error.status === 422 && error.errors?.phone) customer = await findCustomer(row.phone);
      if (!customer) console.error(`The customer ${row.phone} was refused: ${error.message}`);
    }
    // Only the row as it was read: a newer edit of it made meanwhile waits for the next sync.
    await db.transaction('rw', db.customers, async () => {
      const now = await db.customers.get(row.phone);
      if (!now?.pending || now.seen !== row.seen) return;
      if (customer) await db.customers.put(rowOf(customer));
      else await db.customers.update(row.phone, { pending: false });
    });
    if (customer) created += 1;
  }
  return created;
}
