import Dexie, { type EntityTable } from 'dexie';
import type { TillProduct } from '@bazar/contracts/till';
import type { Order } from '@bazar/contracts/orders';
import type { Language } from '../../../lib/i18n/i18n';

/**
 * The till's data in this browser (IndexedDB through Dexie), so the till opens, scans, searches and
 * sells with no network and no server (issue 10):
 * - `products`: the catalogue, kept current by `GET /api/till/catalog?since=` deltas;
 * - `meta`: small values by key (the catalogue's version, Setting, areas, this till's id and counter);
 * - `customers`: the customers the till has seen (found by phone, or added offline and not yet synced);
 * - `sales`: every sale saved at this till, waiting, refused or synced (the outbox);
 * - `cashiers`: the staff who gave their PIN on this till while it was online (issue 24), so a
 *   cashier can be switched to, and a manager approve, with no server (till-cashiers.ts);
 * - `pages`: a first catalogue load's pages as they came, one record each (ADR 0060): stored in a
 *   fraction of the time 50,000 records take, read by the lookups (waiting.ts) until the sync has
 *   spread them into `products`.
 */

/** A page of a first catalogue load, kept whole until spread into `products`. */
export interface CatalogPageRow {
  /** The `after` it was asked for: pages spread in this order. */
  after: number;
  products: TillProduct[];
}

/** A customer as the till last saw it. `id` is null while a customer added offline waits to sync. */
export interface TillCustomerRow {
  phone: string;
  id: number | null;
  name: string;
  area: string;
  address: string;
  balance: number;
  /** The customer's language (rows kept before it was known have none). */
  lang?: Language;
  /** Added at this till while offline: to be created on the server before their sales. */
  pending: boolean;
  seen: string;
}

export type SaleState = 'waiting' | 'refused' | 'synced';

/** One sale in the outbox. `body` is exactly what `POST /api/order/add` is sent, ids included. */
export interface QueuedSale {
  client_id: string;
  /** The order the till saved it in: sales sync in this order. */
  seq: number;
  /** `T-{till}-{n}`: the receipt's number until the server gives the order's. */
  provisional: string;
  /** When Save was pressed (ISO): the body's `sold_at`. */
  sold_at: string;
  /** Made with no server: the till's prices hold (the body has `offline: true`). */
  offline: boolean;
  body: Record<string, unknown>;
  state: SaleState;
  /** Why the server refused it (state `refused`), to show on the till. */
  error: string | null;
  /**
   * The refusal's machine-readable reason (the answer's `code`, and the approval's `kind` of a 403
   * `approval_required`): the till asks a manager and saves again. Absent from older rows.
   */
  refusal?: { code: string; kind?: string } | null;
  /** The server's order once synced. */
  order: Order | null;
  /** Cash to give back, as the till worked it out (the receipt before sync). */
  change: number;
  tries: number;
  last_try: string | null;
}

/**
 * A member of staff who gave their PIN on this till: who they are, what they may do, their PIN's
 * salted PBKDF2 hash (never the PIN), their session on this till, and wrong PINs typed here.
 */
export interface TillCashierRow {
  id: number;
  name: string;
  phone: string;
  staff_role: string;
  permissions: string[];
  discount_limit: number | null;
  salt: string;
  hash: string;
  token: string;
  failures: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class TillDb extends Dexie {
  products!: EntityTable<TillProduct, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  customers!: EntityTable<TillCustomerRow, 'phone'>;
  sales!: EntityTable<QueuedSale, 'client_id'>;
  cashiers!: EntityTable<TillCashierRow, 'id'>;
  pages!: EntityTable<CatalogPageRow, 'after'>;

  constructor(name = 'bazar-till') {
    super(name);
    this.version(1).stores({
      products: 'id, barcode, plu',
      meta: 'key',
      customers: 'phone',
      sales: 'client_id, seq, state',
    });
    this.version(2).stores({ cashiers: 'id, &phone' });
    this.version(3).stores({ pages: 'after' });
  }
}

let shared: TillDb | undefined;

/** The one database of this browser's till. */
export function tillDb(): TillDb {
  shared ??= new TillDb();
  return shared;
}
