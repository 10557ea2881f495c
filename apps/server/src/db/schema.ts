import { sql } from 'drizzle-orm';
import { APPROVAL_KINDS } from '@bazar/contracts/approvals';
import { MONEY_KINDS } from '@bazar/contracts/money';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * A transaction id (64-bit, never wraps): the till's catalogue deltas compare rows' last writers
 * with a snapshot's xmin (docs/adr/0019-offline-till.md). Read as text, as
 * node-postgres gives it.
 */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Staff roles: a named set of permissions (contracts' permissions.ts). Four are built in (owner,
 * manager, cashier, stock); the owner's cannot change. `discount_limit`: the largest discount, in
 * percent, its people may give at the till without a manager (null: no limit).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    discountLimit: integer('discount_limit'),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_roles_key_key').on(t.key),
    check(
      'staff_roles_discount_limit_check',
      sql`${t.discountLimit} IS NULL OR ${t.discountLimit} BETWEEN 0 AND 100`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: integer('role').notNull().default(1),
    // 0: phone not verified yet, 1: verified
    status: integer('status').notNull().default(0),
    refCode: text('ref_code').notNull(),
    referredBy: integer('referred_by'),
    point: integer('point').notNull().default(0),
    // Delivery details the till keeps for a customer.
    area: text('area').notNull().default(''),
    address: text('address').notNull().default(''),
    // The customer's advance in whole taka: a till order's payment is taken from it first.
    balance: integer('balance').notNull().default(0),
    // How much the customer may owe (baki) before a sale on credit needs a manager; null: the
    // shop's default (settings.credit_limit).
    creditLimit: integer('credit_limit'),
    // The customer asked for no reminder or marketing SMS (receipts and codes still go).
    smsOptOut: boolean('sms_opt_out').notNull().default(false),
    // The language the customer reads (en, bn): their SMS and printed invoices are written in it.
    lang: text('lang', { enum: ['en', 'bn'] })
      .notNull()
      .default('en'),
    // Staff (role 23314) only: their role (a trigger gives the owner's to an admin made without
    // one, and clears it when the account stops being staff), their till PIN's hash, wrong PINs
    // in a row (locked at 5), and whether they may sign in at all.
    staffRoleId: integer('staff_role_id').references(() => staffRoles.id, { onDelete: 'restrict' }),
    pinHash: text('pin_hash'),
    pinFailures: integer('pin_failures').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    check('users_staff_role_check', sql`(${t.role} = 23314) = (${t.staffRoleId} IS NOT NULL)`),
    check('users_credit_limit_check', sql`${t.creditLimit} >= 0`),
    uniqueIndex('users_ref_code_key').on(t.refCode),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('users_balance_check', sql`${t.balance} >= 0`),
    check('users_lang_check', sql`${t.lang} IN ('en', 'bn')`),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/** One live code per user and purpose; a new code replaces the old one. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('otp_codes_user_purpose_key').on(t.userId, t.purpose),
    check('otp_codes_purpose_check', sql`${t.purpose} in ('verify', 'reset')`),
  ],
);

/** Fixed-window counters shared by every app server. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

export const SMS_KINDS = ['code', 'order', 'restock', 'notice', 'marketing', 'staff', 'message'] as const;

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    toPhone: text('to_phone').notNull(),
    message: text('message').notNull(),
    // Why it is sent (modules/sms/sms.outbox.ts): decides which daily limits hold it back.
    kind: text('kind').notNull().default('notice'),
    // A code: the text is redacted once it is sent or given up.
    sensitive: boolean('sensitive').notNull().default(false),
    // Not sent after this (an expired code is worth nothing and still costs money).
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // pending | sent | failed (gave up after the last attempt, or expired)
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // The daily budget and the per-phone daily cap count rows by day.
    index('sms_outbox_created_idx').on(t.createdAt),
    index('sms_outbox_phone_created_idx').on(t.toPhone, t.createdAt),
    check('sms_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('sms_outbox_kind_check', sql.raw(`kind in (${SMS_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);

/** The shop's settings: exactly one row (id 1). */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    ship: integer('ship').notNull().default(30),
    regPoint: integer('reg_point').notNull().default(10),
    smsNumbers: text('sms_numbers').notNull().default(''),
    // The shop's name on receipts and invoices.
    shopName: text('shop_name').notNull().default('Bazar'),
    // Printed on invoices: where the shop is, its phone, and its bKash/Nagad numbers.
    shopAddress: text('shop_address').notNull().default(''),
    shopPhone: text('shop_phone').notNull().default(''),
    paymentNumbers: text('payment_numbers').notNull().default(''),
    // SMS the shop may send in one day before codes and marketing are held back.
    smsBudget: integer('sms_budget').notNull().default(500),
    // How the shop's scales write labels: [{prefix: "21", kind: "weight" | "price"}], see
    // modules/catalog/scale-labels.ts. Item code and value are 5 digits each, then a check digit.
    scaleRules: jsonb('scale_rules')
      .$type<Array<{ prefix: string; kind: 'weight' | 'price' }>>()
      .notNull()
      .default([
        { prefix: '21', kind: 'weight' },
        { prefix: '23', kind: 'price' },
      ]),
    // Does a new till sale start with the delivery charge ticked (the spec's till does)?
    tillShip: boolean('till_ship').notNull().default(false),
    // The closing line printed at the foot of every receipt.
    receiptFooter: text('receipt_footer').notNull().default(''),
    // The language a first visit opens in (en or bn) unless the browser prefers Bangla.
    language: text('language').notNull().default('en'),
    // The SMS each status change sends the customer, per language ({en: {delivered: …}, …}); a text
    // left out uses the default (contracts' DEFAULT_STATUS_SMS).
    statusSms: jsonb('status_sms').$type<Record<string, Record<string, string>>>().notNull().default({}),
    // Delivery slots (contracts' slotSettings): no slots, checkout asks for none.
    deliverySlots: jsonb('delivery_slots')
      .$type<{
        slots: Array<{ start: string; end: string; capacity: number }>;
        days_ahead: number;
        cutoff_minutes: number;
      }>()
      .notNull()
      .default({ slots: [], days_ahead: 2, cutoff_minutes: 60 }),
    // The till's quick keys: groups of tiles (a name and product ids in order) for goods without a
    // barcode (contracts' quickKeysSchema).
    quickKeys: jsonb('quick_keys')
      .$type<Array<{ group: string; product_ids: number[] }>>()
      .notNull()
      .default([]),
    // The credit limit of a customer who has none of their own (null: no limit).
    creditLimit: integer('credit_limit'),
    // The monthly dues reminder: every customer owing more than this gets one SMS on the shop's
    // first day of the month (null: no reminders).
    duesReminderOver: integer('dues_reminder_over'),
    // Expiry dates: "Expiring soon" lists batches expiring within this many days; a till sale that
    // takes an expired batch needs a manager ('approval') or is refused ('never').
    expiryDays: integer('expiry_days').notNull().default(7),
    expiredSale: text('expired_sale').notNull().default('approval'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('settings_single_row', sql`${t.id} = 1`),
    check('settings_credit_limit_check', sql`${t.creditLimit} >= 0`),
    check('settings_dues_reminder_check', sql`${t.duesReminderOver} >= 1`),
    check('settings_ship_check', sql`${t.ship} >= 0`),
    check('settings_reg_point_check', sql`${t.regPoint} >= 0`),
    check('settings_sms_budget_check', sql`${t.smsBudget} >= 0`),
    check('settings_language_check', sql`${t.language} IN ('en', 'bn')`),
    check('settings_expiry_days_check', sql`${t.expiryDays} BETWEEN 1 AND 90`),
    check('settings_expired_sale_check', sql`${t.expiredSale} IN ('approval', 'never')`),
  ],
);

export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    // The Bangla name (empty: none); screens in Bangla show it and fall back to `title`.
    titleBn: text('title_bn').notNull().default(''),
    // The area's own delivery charge in whole taka; null: the settings' ship.
    charge: integer('charge'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('areas_title_key').on(sql`lower(${t.title})`),
    check('areas_charge_check', sql`${t.charge} >= 0`),
  ],
);

/**
 * What the owner writes for the storefront (the footer's About Us, Terms & Conditions, Privacy
 * Policy, and its social links): one row per key ('pages', 'social'), its value as the contract's
 * shopPages shape has it.
 */
export const shopContent = pgTable('shop_content', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Small facts about this installation, e.g. that the demo data was loaded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- catalogue -----------------------------------------------------------------------------

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    // The Bangla name (empty: none); screens in Bangla show it and fall back to `title`.
    titleBn: text('title_bn').notNull().default(''),
    // RESTRICT: a category with children cannot be deleted (the service says so first).
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    // The Bangla name (empty: none); screens in Bangla show it and fall back to `title`.
    titleBn: text('title_bn').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brands_title_key').on(sql`lower(${t.title})`)],
);

/** Variant groups: a product saved with variations becomes one row per variation, one group. */
export const productGroupSeq = pgSequence('product_group_seq');
/** In-store EAN-13 barcodes: 20 + this number (10 digits) + check digit. */
export const barcodeSeq = pgSequence('barcode_seq');

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .default(sql`nextval('product_group_seq')`),
    title: text('title').notNull(),
    // The Bangla name (empty: none); screens in Bangla show it and fall back to `title`.
    titleBn: text('title_bn').notNull().default(''),
    attri: text('attri').notNull().default(''),
    attriBn: text('attri_bn').notNull().default(''),
    price: integer('price').notNull(),
    offprice: integer('offprice'),
    buyprice: integer('buyprice').notNull().default(0),
    // Exact decimals (kg, litre); never floats.
    qty: numeric('qty', { precision: 12, scale: 2 }).notNull().default('0'),
    desc: text('desc').notNull().default(''),
    descBn: text('desc_bn').notNull().default(''),
    tags: text('tags').notNull().default(''),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    image: text('image'),
    barcode: text('barcode').notNull(),
    offer: boolean('offer').notNull().default(false),
    popular: boolean('popular').notNull().default(false),
    food: boolean('food').notNull().default(false),
    stockOut: boolean('stock_out').notNull().default(false),
    // Bind stock: every product of the group carries the same quantity.
    linkQty: boolean('link_qty').notNull().default(false),
    // pcs (online orders in whole numbers), kg or litre (0.01 steps).
    unit: text('unit').notNull().default('pcs'),
    // The scale's 5-digit item code (PLU) inside a weight or price label, or null.
    plu: text('plu'),
    // What to keep on the shelf (issue 28): reorder at or below `reorderMin`, up to `reorderTarget`;
    // null: the reorder suggestion works it out from the last 28 days' sales.
    reorderMin: numeric('reorder_min', { precision: 12, scale: 2 }),
    reorderTarget: numeric('reorder_target', { precision: 12, scale: 2 }),
    // Expiry dates (issue 28): its stock is kept per batch (stock_batches), sold first-expiring-first.
    trackExpiry: boolean('track_expiry').notNull().default(false),
    // The transaction that last wrote the row (set by a trigger on every insert and update): the
    // till's catalogue delta (`GET /api/till/catalog?since=`). Not indexed on purpose: with no
    // index on the columns a sale changes (qty, updated_at, changed_xid), a sale's update of the
    // row is a HOT update that writes none of the table's indexes (the title's trigram index
    // among them); a till's delta, once a minute, reads the table instead (a few ms at 50,000).
    changedXid: xid8('changed_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_barcode_key').on(t.barcode),
    index('products_group_idx').on(t.groupId),
    index('products_brand_idx').on(t.brandId),
    index('products_offer_idx')
      .on(t.id)
      .where(sql`${t.offer}`),
    index('products_popular_idx')
      .on(t.id)
      .where(sql`${t.popular}`),
    index('products_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // The staff's search by a Bangla title (ILIKE '%…%'); Bangla makes trigrams under LC_CTYPE C.UTF-8.
    index('products_title_bn_trgm_idx').using('gin', t.titleBn.op('gin_trgm_ops')),
    check('products_unit_check', sql`${t.unit} in ('pcs', 'kg', 'litre')`),
    uniqueIndex('products_plu_key')
      .on(t.plu)
      .where(sql`${t.plu} IS NOT NULL`),
    check('products_plu_check', sql`${t.plu} IS NULL OR ${t.plu} ~ '^[0-9]{5}$'`),
    check(
      'products_price_check',
      sql`${t.price} >= 0 AND ${t.buyprice} >= 0 AND (${t.offprice} IS NULL OR ${t.offprice} >= 0)`,
    ),
  ],
);

/** Products deleted, and by which transaction: the till's catalogue delta tells the till to drop them. */
export const productDeletions = pgTable(
  'product_deletions',
  {
    productId: integer('product_id').primaryKey(),
    deletedXid: xid8('deleted_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('product_deletions_xid_idx').on(t.deletedXid)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

export const stories = pgTable('stories', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  createdAt: createdAt(),
});

/** "Notify me": one open request per customer and product; closed when the SMS is queued. */
export const productRequests = pgTable(
  'product_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('product_requests_open_key')
      .on(t.userId, t.productId)
      .where(sql`${t.notifiedAt} IS NULL`),
    index('product_requests_product_idx').on(t.productId),
  ],
);

// ---- stock -------------------------------------------------------------------------------

export const STOCK_REASONS = [
  'initial',
  'adjustment',
  'order',
  'return',
  'cancel',
  'reactivate',
  'order-delete',
  'stock-entry',
  'stock-entry-delete',
  // A quantity set by a product import (POST /api/product/import).
  'import',
  'purchase',
  'purchase-delete',
  // A stocktake's approved difference (the count's id in stocktake_id).
  'count',
  // Stock written off or found by hand, with why (contracts' stock.ts ADJUST_REASONS).
  'adjust:damaged',
  'adjust:expired',
  'adjust:lost',
  'adjust:own_use',
  'adjust:found',
  'adjust:other',
] as const;

/**
 * Every change of a product's quantity, written in the same transaction as the change:
 * a product's quantity always equals the sum of its deltas here.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: serial('id').primaryKey(),
    // History outlives a deleted product.
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    delta: numeric('delta', { precision: 12, scale: 2 }).notNull(),
    qtyAfter: numeric('qty_after', { precision: 12, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id'),
    stockEntryId: integer('stock_entry_id'),
    purchaseId: integer('purchase_id'),
    stocktakeId: integer('stocktake_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // What a count or a write-off was worth: the product's buy price when it moved (whole taka a
    // unit), and the person's note. Null and '' for every other reason.
    unitCost: integer('unit_cost'),
    note: text('note').notNull().default(''),
    // The batch this move is of, when the caller names one (a purchase line's batch, a batch written
    // off); otherwise the stock_batches trigger chooses (first-expiring-first, a return to its batch).
    batchId: integer('batch_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_ledger_product_idx').on(t.productId),
    // The reorder suggestion reads the last 28 days' sales from the ledger by time.
    index('stock_ledger_created_idx').on(t.createdAt),
    // The shrinkage report reads written-off and counted rows by time.
    index('stock_ledger_loss_idx')
      .on(t.createdAt)
      .where(sql`${t.reason} = 'count' OR ${t.reason} LIKE 'adjust:%'`),
    check(
      'stock_ledger_reason_check',
      sql.raw(`reason in (${STOCK_REASONS.map((r) => `'${r}'`).join(', ')})`),
    ),
  ],
);

/**
 * A product's stock of one expiry date and printed batch code (products that track expiry). Kept
 * by the trigger on stock_ledger (migration 0047), never written by the app beyond creating an
 * empty batch: the sum of a product's batches is at most its quantity; the rest has no date.
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    expiry: date('expiry', { mode: 'string' }).notNull(),
    code: text('code').notNull().default(''),
    qty: numeric('qty', { precision: 12, scale: 2 }).notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_batches_key').on(t.productId, t.expiry, t.code),
    index('stock_batches_expiry_idx')
      .on(t.expiry)
      .where(sql`${t.qty} > 0`),
    check('stock_batches_qty_check', sql`${t.qty} >= 0`),
  ],
);

/** How much each ledger row took from (negative) or put into (positive) each batch. */
export const stockBatchMoves = pgTable(
  'stock_batch_moves',
  {
    id: serial('id').primaryKey(),
    ledgerId: integer('ledger_id')
      .notNull()
      .references(() => stockLedger.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'cascade' }),
    qty: numeric('qty', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    index('stock_batch_moves_ledger_idx').on(t.ledgerId),
    index('stock_batch_moves_batch_idx').on(t.batchId),
  ],
);

/**
 * A count of the shelf (stocktake): what it covers (every product, a category, a brand or a list),
 * the ledger's last row when it started (moves after it happened during the count: they are kept,
 * not counted twice), and whether it is open, approved (closed) or cancelled.
 */
export const stocktakes = pgTable(
  'stocktakes',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('open'),
    // What it covers, as asked: {product_ids?, category_id?, brand_id?}; {} is everything.
    scope: jsonb('scope').notNull(),
    startLedgerId: integer('start_ledger_id').notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    closedByUserId: integer('closed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [check('stocktakes_status_check', sql`${t.status} IN ('open', 'approved', 'cancelled')`)],
);

/**
 * The products a stocktake covers, one line each (one per Bind Stock group: its members share one
 * count), with the quantity the books held at its start, and when the line was approved.
 */
export const stocktakeLines = pgTable(
  'stocktake_lines',
  {
    stocktakeId: integer('stocktake_id')
      .notNull()
      .references(() => stocktakes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    expected: numeric('expected', { precision: 12, scale: 2 }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    // The quantity the approval found (the counts' sum then), and what it moved.
    counted: numeric('counted', { precision: 12, scale: 2 }),
    delta: numeric('delta', { precision: 12, scale: 2 }),
  },
  (t) => [primaryKey({ columns: [t.stocktakeId, t.productId] })],
);

/** Each scan or typed quantity of a stocktake, by whom: a line's count is their sum. */
export const stocktakeCounts = pgTable(
  'stocktake_counts',
  {
    id: serial('id').primaryKey(),
    stocktakeId: integer('stocktake_id')
      .notNull()
      .references(() => stocktakes.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    qty: numeric('qty', { precision: 12, scale: 2 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The counting screen's id of the count: a resend of it counts once.
    clientId: uuid('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stocktake_counts_line_idx').on(t.stocktakeId, t.productId),
    uniqueIndex('stocktake_counts_client_id_key').on(t.clientId),
  ],
);

// ---- orders ------------------------------------------------------------------------------

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    // The account that placed it online (null for till orders of walk-in customers).
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    area: text('area').notNull().default(''),
    // Whole taka: subtotal is the lines' total; due = subtotal + ship - discount - paid.
    subtotal: integer('subtotal').notNull(),
    returned: integer('returned').notNull().default(0),
    ship: integer('ship').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    due: integer('due').notNull(),
    // The customer was told the order is placed: at placing (cash on delivery), else when its first
    // online payment is confirmed; once either way.
    toldPlaced: boolean('told_placed').notNull().default(false),
    status: integer('status').notNull().default(0),
    note: text('note').notNull().default(''),
    // true: placed online; false: at the till
    online: boolean('online').notNull(),
    terminal: integer('terminal').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    // A sale from the till's outbox: its id made by the till (one order per id), the receipt's
    // number before it reached the server, when it arrived (created_at is when it was sold), and the
    // lines whose till price or product differed from the server's then.
    clientId: uuid('client_id'),
    provisional: text('provisional'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    differences: jsonb('differences'),
    // The staff member who rang up a till sale (the receipt's cashier), and their open shift.
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    shiftId: integer('shift_id').references((): AnyPgColumn => shifts.id, { onDelete: 'set null' }),
    // What the returns took back (whole taka, at the lines' prices): the order now owes
    // subtotal − returned + ship − discount.
    // The delivery slot booked at checkout (shop day, HH:MM to HH:MM); all null when none.
    deliveryDate: date('delivery_date'),
    slotStart: text('slot_start'),
    slotEnd: text('slot_end'),
    // The rider it is assigned to (a member of staff holding deliveries.ride); null: nobody. A
    // failed delivery comes back to the shop unassigned; a delivered one keeps who delivered it.
    riderId: integer('rider_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    index('orders_phone_idx').on(t.phone),
    // The order filter finds a phone, name or area by part (ILIKE '%…%'): trigram indexes.
    index('orders_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    index('orders_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('orders_created_idx').on(t.createdAt),
    // A receipt printed offline is found by its provisional number (a return at the till).
    index('orders_provisional_idx')
      .on(t.provisional)
      .where(sql`${t.provisional} IS NOT NULL`),
    // A slot's bookings are counted at every slotted checkout; today's deliveries read by day.
    index('orders_slot_idx')
      .on(t.deliveryDate, t.slotStart)
      .where(sql`${t.deliveryDate} IS NOT NULL`),
    uniqueIndex('orders_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    // Till sales keep "<staff id>:<key>": one sale per key whichever customer it is for.
    uniqueIndex('orders_till_idempotency_key')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL AND NOT ${t.online}`),
    check(
      'orders_money_check',
      sql`${t.subtotal} >= 0 AND ${t.ship} >= 0 AND ${t.discount} >= 0 AND ${t.paid} >= 0 AND ${t.returned} >= 0 AND ${t.returned} <= ${t.subtotal}`,
    ),
    check(
      'orders_due_check',
      sql`${t.due} = ${t.subtotal} - ${t.returned} + ${t.ship} - ${t.discount} - ${t.paid}`,
    ),
    index('orders_shift_idx').on(t.shiftId),
    index('orders_rider_idx')
      .on(t.riderId)
      .where(sql`${t.riderId} IS NOT NULL`),
    uniqueIndex('orders_client_id_key').on(t.clientId),
    index('orders_differences_idx')
      .on(t.createdAt)
      .where(sql`${t.differences} IS NOT NULL`),
    check('orders_status_check', sql`${t.status} BETWEEN 0 AND 4`),
  ],
);

/**
 * Each status an order has been in and when (the customer's "following the order"): one row at its
 * creation and one for every change of status, written in the transaction that makes it.
 */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: integer('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // The staff member who changed it (null: the order's creation by its customer, or unknown).
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    // A failed delivery (the rider's "Failed"): why (contracts' riders.ts FAIL_REASONS) and a note;
    // the order is back at the shop in `status`. Null for every other step.
    failed: text('failed'),
    note: text('note').notNull().default(''),
    // The rider's phone's id of the step (delivered, failed): a resend of it finds it made.
    clientId: uuid('client_id'),
  },
  (t) => [
    index('order_status_events_order_idx').on(t.orderId, t.at),
    uniqueIndex('order_status_events_client_id_key').on(t.clientId),
    // A rider's steps of a day (their list, their settlement).
    index('order_status_events_by_idx')
      .on(t.byUserId, t.at)
      .where(sql`${t.byUserId} IS NOT NULL`),
    check(
      'order_status_events_failed_check',
      sql`${t.failed} IS NULL OR ${t.failed} IN ('not_home', 'refused', 'wrong_address', 'other')`,
    ),
    check('order_status_events_status_check', sql`${t.status} BETWEEN 0 AND 4`),
  ],
);

/** A snapshot of what was sold: reports stay right after prices change or products go. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    attri: text('attri').notNull().default(''),
    // The product's Bangla title and attribute at the sale ('' when it had none): a Bangla invoice.
    titleBn: text('title_bn').notNull().default(''),
    attriBn: text('attri_bn').notNull().default(''),
    price: integer('price').notNull(),
    buyprice: integer('buyprice').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    // The product's unit when it was sold: a receipt reads "1.5 kg × 45/kg" even after the product
    // changed or was deleted.
    unit: text('unit').notNull().default('pcs'),
    // A price-embedded scale label's price (poisha): the line's amount, exactly, instead of
    // price × quantity (the quantity worked out from it is what the stock moves). Null: any other line.
    labelPoisha: integer('label_poisha'),
    // The till's id of the line (a synced sale).
    clientId: uuid('client_id'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    uniqueIndex('order_lines_client_id_key').on(t.clientId),
    check('order_lines_unit_check', sql`${t.unit} in ('pcs', 'kg', 'litre')`),
    check('order_lines_label_poisha_check', sql`${t.labelPoisha} IS NULL OR ${t.labelPoisha} > 0`),
  ],
);

export const PAYMENT_METHODS = ['cash', 'bkash', 'nagad', 'card', 'balance', 'sslcommerz'] as const;

/**
 * Each amount received for an order (positive) or given back (negative: a refund); an order's paid
 * is the sum of its payments. `balance` is the customer's advance: taken from it, or given back to it.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    method: text('method').notNull().default('cash'),
    reference: text('reference'),
    // Cash handed over for this payment (the change was tendered − amount), or null.
    tendered: integer('tendered'),
    // Who took (or gave back) the money, in which of their shifts.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shiftId: integer('shift_id').references((): AnyPgColumn => shifts.id, { onDelete: 'set null' }),
    // The return a refund belongs to.
    returnId: integer('return_id').references((): AnyPgColumn => returns.id, { onDelete: 'cascade' }),
    // The till's id of the payment (a synced sale).
    clientId: uuid('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_client_id_key').on(t.clientId),
    index('payments_order_idx').on(t.orderId),
    index('payments_created_idx').on(t.createdAt),
    index('payments_shift_idx').on(t.shiftId),
    check('payments_amount_check', sql`${t.amount} <> 0`),
    check('payments_tendered_check', sql`${t.tendered} IS NULL OR ${t.tendered} >= ${t.amount}`),
    check('payments_method_check', sql.raw(`method in (${PAYMENT_METHODS.map((m) => `'${m}'`).join(', ')})`)),
  ],
);

export const ONLINE_GATEWAYS = ['bkash', 'sslcommerz'] as const;
export const ATTEMPT_STATUSES = ['started', 'completed', 'failed', 'cancelled'] as const;

/**
 * Each time a customer set out to pay an order online (bKash, SSLCommerz): the amount asked, the
 * gateway's ids, and how it ended. Only `completed` is final: a failed or cancelled attempt may
 * still complete when the gateway later says it was paid. The unique ids make a repeated callback
 * find the same row; completion happens once, under this row's lock (payments.service.ts).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    // bKash's paymentID, or the tran_id we gave SSLCommerz; null until the gateway took the attempt.
    paymentId: text('payment_id'),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('started'),
    // The gateway's transaction id once paid (bKash trxID, SSLCommerz bank_tran_id).
    trxId: text('trx_id'),
    // What was given back through the gateway (whole taka).
    refunded: integer('refunded').notNull().default(0),
    // Why it failed (the gateway's words, an amount that did not match), for the owner to read.
    detail: text('detail').notNull().default(''),
    // How often the shop asked the gateway about it after its answers were lost (reconciliation).
    checks: integer('checks').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_payment_id_key').on(t.gateway, t.paymentId),
    uniqueIndex('payment_attempts_trx_id_key').on(t.gateway, t.trxId),
    index('payment_attempts_order_idx').on(t.orderId),
    check('payment_attempts_amount_check', sql`${t.amount} > 0`),
    check('payment_attempts_refunded_check', sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.amount}`),
    check(
      'payment_attempts_gateway_check',
      sql.raw(`gateway in (${ONLINE_GATEWAYS.map((m) => `'${m}'`).join(', ')})`),
    ),
    check(
      'payment_attempts_status_check',
      sql.raw(`status in (${ATTEMPT_STATUSES.map((m) => `'${m}'`).join(', ')})`),
    ),
  ],
);

/** Goods brought back against an order: their quantity goes back to stock, their money back as refunds. */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // What the returned lines were worth (whole taka), and the reason given.
    value: integer('value').notNull(),
    reason: text('reason').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shiftId: integer('shift_id').references((): AnyPgColumn => shifts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_created_idx').on(t.createdAt),
    check('returns_value_check', sql`${t.value} >= 0`),
  ],
);

/** A returned quantity of one product, with the price and buy price it was sold at. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    attri: text('attri').notNull().default(''),
    price: integer('price').notNull(),
    buyprice: integer('buyprice').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId),
    check('return_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * What sold of all time, per product and the title, attribute, price and buy price it sold at: the
 * lines of every order not cancelled, less what came back. Kept by triggers on order_lines,
 * return_lines and orders (migration 0016), in the transactions that write them, so the all-time
 * product sale and the dashboard's Top selling read it instead of adding up every line ever sold.
 * product_id 0: a product since deleted (its lines' product_id is null).
 */
export const productSales = pgTable(
  'product_sales',
  {
    productId: integer('product_id').notNull(),
    title: text('title').notNull(),
    attri: text('attri').notNull(),
    price: integer('price').notNull(),
    buyprice: integer('buyprice').notNull(),
    qty: numeric('qty', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    // No index on qty: an order's upsert then changes no indexed column and is a HOT update (room
    // kept free on each page, migration 0017); the top five sort the table's few rows instead.
    uniqueIndex('product_sales_key').on(t.productId, t.title, t.attri, t.price, t.buyprice),
  ],
);

/** A cashier's shift: the float it opened with, and at the close the cash counted and expected. */
export const shifts = pgTable(
  'shifts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    openingFloat: integer('opening_float').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    expected: integer('expected'),
    counted: integer('counted'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    // One open shift per staff member.
    uniqueIndex('shifts_open_key')
      .on(t.userId)
      .where(sql`${t.closedAt} IS NULL`),
    index('shifts_opened_idx').on(t.openedAt),
    check('shifts_money_check', sql`${t.openingFloat} >= 0 AND (${t.counted} IS NULL OR ${t.counted} >= 0)`),
  ],
);

/** Cash put into (positive) or taken out of (negative) the drawer during a shift, with why. */
export const shiftMoves = pgTable(
  'shift_moves',
  {
    id: serial('id').primaryKey(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('shift_moves_shift_idx').on(t.shiftId),
    check('shift_moves_amount_check', sql`${t.amount} <> 0`),
  ],
);

// ---- stock entries, expenses, cash -------------------------------------------------------

/** Advance stock: `qty` units bought at `price` each, of every listed product. */
export const stockEntries = pgTable(
  'stock_entries',
  {
    id: serial('id').primaryKey(),
    price: integer('price').notNull(),
    qty: numeric('qty', { precision: 12, scale: 2 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('stock_entries_check', sql`${t.price} >= 0 AND ${t.qty} > 0`)],
);

/** The products of a stock entry, with a snapshot of their names. */
export const stockEntryItems = pgTable(
  'stock_entry_items',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => stockEntries.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    attri: text('attri').notNull().default(''),
  },
  (t) => [index('stock_entry_items_entry_idx').on(t.entryId)],
);

export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    details: text('details').notNull(),
    amount: integer('amount').notNull(),
    // The category's title when the expense was written (categories may be removed later).
    category: text('category').notNull().default('Other'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The expense's day: now, or noon (shop time) of the day it was for (written later).
    createdAt: createdAt(),
  },
  (t) => [
    index('expenses_created_idx').on(t.createdAt),
    check('expenses_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The kinds of expense the owner sorts them by (rent, salary, utilities, transport, other; editable). */
export const expenseCategories = pgTable(
  'expense_categories',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    titleBn: text('title_bn').notNull().default(''),
  },
  (t) => [uniqueIndex('expense_categories_title_key').on(sql`lower(${t.title})`)],
);

// ---- suppliers and purchases ---------------------------------------------------------------

/** Who the shop buys from; `due` is what the shop still owes them (purchases not paid for). */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    due: integer('due').notNull().default(0),
    // Days from ordering to the goods on the shelf (null: the shop's default, 2).
    leadDays: integer('lead_days'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('suppliers_name_key').on(sql`lower(${t.name})`),
    check('suppliers_lead_days_check', sql`${t.leadDays} BETWEEN 0 AND 90`),
    check('suppliers_due_check', sql`${t.due} >= 0`),
  ],
);

/** A supplier's invoice: lines of products each with its own quantity and buy price. */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    invoice: text('invoice').notNull().default(''),
    day: date('day').notNull(),
    total: integer('total').notNull(),
    paid: integer('paid').notNull().default(0),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The purchase order this purchase received goods against (null: bought without one).
    purchaseOrderId: integer('purchase_order_id').references((): AnyPgColumn => purchaseOrders.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchases_supplier_idx').on(t.supplierId, t.id),
    index('purchases_day_idx').on(t.day),
    check('purchases_money_check', sql`${t.total} >= 0 AND ${t.paid} >= 0 AND ${t.paid} <= ${t.total}`),
  ],
);

export const purchaseLines = pgTable(
  'purchase_lines',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    attri: text('attri').notNull().default(''),
    titleBn: text('title_bn').notNull().default(''),
    attriBn: text('attri_bn').notNull().default(''),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    buyprice: integer('buyprice').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    index('purchase_lines_purchase_idx').on(t.purchaseId),
    // A product's last purchase (its usual supplier, its last buy price): the reorder suggestion.
    index('purchase_lines_product_idx').on(t.productId, t.id),
    check('purchase_lines_check', sql`${t.quantity} > 0 AND ${t.buyprice} >= 0 AND ${t.total} >= 0`),
  ],
);

/**
 * An order placed with a supplier (issue 28): draft, sent, partly received, received or closed. Each
 * receipt against it is a purchase (purchases.purchase_order_id) through the purchases' one path,
 * and adds to its lines' `received`.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('draft'),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('purchase_orders_supplier_idx').on(t.supplierId),
    check(
      'purchase_orders_status_check',
      sql`${t.status} IN ('draft', 'sent', 'partly_received', 'received', 'closed')`,
    ),
  ],
);

/** What a purchase order asks for, a product once each, at the buy price expected, and how much came. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    // The order keeps its lines' names after a product is deleted.
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    attri: text('attri').notNull().default(''),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    buyprice: integer('buyprice').notNull(),
    received: numeric('received', { precision: 12, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_product_key').on(t.orderId, t.productId),
    check('purchase_order_lines_check', sql`${t.quantity} > 0 AND ${t.buyprice} >= 0 AND ${t.received} >= 0`),
  ],
);

/** Money paid to a supplier: with a purchase (its paid part) or later against the due. */
export const supplierPayments = pgTable(
  'supplier_payments',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    method: text('method').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('supplier_payments_supplier_idx').on(t.supplierId, t.id),
    check('supplier_payments_amount_check', sql`${t.amount} > 0`),
    check('supplier_payments_method_check', sql`${t.method} IN ('cash', 'bkash', 'nagad', 'card')`),
  ],
);

/** Close Cash: the day's figures as counted when the cash was closed (one row per shop day). */
export const cashCloses = pgTable(
  'cash_closes',
  {
    id: serial('id').primaryKey(),
    day: date('day').notNull(),
    orders: integer('orders').notNull(),
    total: integer('total').notNull(),
    paid: integer('paid').notNull(),
    due: integer('due').notNull(),
    expance: integer('expance').notNull(),
    cash: integer('cash').notNull(),
    // Frozen at closing (so a later entry shows as a change after closing): money by method
    // (refunds taken off), cash refunds, cash moved in/out of shifts, and the cash in the drawer.
    byMethod: jsonb('by_method').$type<Record<string, number>>().notNull().default({}),
    refunds: integer('refunds').notNull().default(0),
    returns: integer('returns').notNull().default(0),
    cashMoves: integer('cash_moves').notNull().default(0),
    // Cash sales less change, the shifts' floats, suppliers paid in cash (money ledger, at closing).
    cashSales: integer('cash_sales').notNull().default(0),
    float: integer('float').notNull().default(0),
    cashSuppliers: integer('cash_suppliers').notNull().default(0),
    drawer: integer('drawer').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cash_closes_day_key').on(t.day)],
);

// ---- SMS marketing -----------------------------------------------------------------------

export const smsLists = pgTable('sms_lists', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  createdAt: createdAt(),
});

export const smsListItems = pgTable(
  'sms_list_items',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => smsLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sms_list_items_list_phone_key').on(t.listId, t.phone)],
);

/**
 * The audit trail: who did what, when and from where, append only. The database refuses UPDATE,
 * DELETE and TRUNCATE, except the one write that seals a row: the sealer gives each committed row,
 * in turn, its place in the chain (`seq`) and a hash of its content and of the row before
 * (`prev_hash`), so a row removed or edited later breaks the chain (GET /api/audit/verify).
 * Rows are written in the transaction of the change they record, unsealed (`txid` names that
 * transaction): no order waits for another's audit row.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id'),
    role: text('role'),
    ip: text('ip'),
    till: text('till'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** What changed: `{ field: [before, after] }`, or the event's details. */
    changes: jsonb('changes')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    txid: xid8('txid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    uniqueIndex('audit_events_seq_key').on(t.seq),
    index('audit_events_at_idx').on(t.at),
    index('audit_events_unsealed_idx')
      .on(t.id)
      .where(sql`${t.seq} IS NULL`),
  ],
);

// ---- approvals -----------------------------------------------------------------------------

/**
 * A manager's consent at the till to what a cashier may not do alone (a discount above their
 * limit, a return, a void, a price changed, the drawer opened with no sale): both people, what was
 * approved, and the order it was for. Written in the transaction of the change it allowed. A sale
 * made offline carries the approval the till checked (the manager's PIN against its local copy):
 * `offline`.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    approverId: integer('approver_id').references(() => users.id, { onDelete: 'set null' }),
    // The order it was for (no key: a deleted order's approval stays).
    orderId: integer('order_id'),
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    offline: boolean('offline').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('approvals_created_idx').on(t.createdAt),
    index('approvals_order_idx').on(t.orderId),
    check('approvals_kind_check', sql.raw(`kind in (${APPROVAL_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);

// ---- online refunds ------------------------------------------------------------------------

export const REFUND_STATES = ['pending', 'done', 'failed'] as const;

/**
 * Each refund asked of a payment gateway, written (pending) before the gateway is called, under the
 * order's and the attempt's locks: the attempt's `refunded` holds its amount from then on. The
 * gateway's answer makes it done (with the gateway's refund id, and the negative payment row in the
 * same transaction) or failed (the amount freed again). When the answer is lost it stays pending and
 * its amount reserved: it is settled by asking the gateway how it stands, never sent again.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    state: text('state').notNull().default('pending'),
    // The gateway's refund id once done (bKash refundTrxID, SSLCommerz refund_ref_id).
    reference: text('reference'),
    reason: text('reason').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // What the gateway last said, for the owner.
    detail: text('detail').notNull().default(''),
    tries: integer('tries').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_order_idx').on(t.orderId),
    index('payment_refunds_pending_idx')
      .on(t.id)
      .where(sql`${t.state} = 'pending'`),
    check('payment_refunds_amount_check', sql`${t.amount} > 0`),
    check(
      'payment_refunds_state_check',
      sql.raw(`state in (${REFUND_STATES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/**
 * The money ledger: every movement of money, one signed row each (the kinds and their signs:
 * packages/contracts money.ts MONEY_KINDS), written only by the money core
 * (modules/money/money.repository.ts) in the transaction that changes the order, balance, due or drawer
 * it belongs to. Rows are never changed or deleted (a deleted expense or purchase payment is a row
 * the other way), so they keep no foreign keys: an order deleted later leaves its money here.
 * `GET /api/money/check` compares the shop's figures with it.
 */
export const moneyLedger = pgTable(
  'money_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    // cash, bkash, nagad, card, balance (the customer's advance), the gateways, or none (an opening).
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    // A bKash TrxID, a gateway's transaction or refund id, why an expense or a drawer move.
    reference: text('reference'),
    // Who moved it (null: the shop itself, such as a gateway's confirmation), in which shift.
    userId: integer('user_id'),
    shiftId: integer('shift_id'),
    orderId: integer('order_id'),
    customerId: integer('customer_id'),
    supplierId: integer('supplier_id'),
    // The document the row belongs to, by its table.
    paymentId: integer('payment_id'),
    supplierPaymentId: integer('supplier_payment_id'),
    expenseId: integer('expense_id'),
    moveId: integer('move_id'),
    returnId: integer('return_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('money_ledger_order_idx').on(t.orderId),
    index('money_ledger_customer_idx').on(t.customerId),
    index('money_ledger_supplier_idx').on(t.supplierId),
    index('money_ledger_shift_idx').on(t.shiftId),
    index('money_ledger_payment_idx').on(t.paymentId),
    index('money_ledger_created_idx').on(t.createdAt),
    check('money_ledger_amount_check', sql`${t.amount} <> 0`),
    check('money_ledger_kind_check', sql.raw(`kind in (${MONEY_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);

/**
 * The cash a rider handed over at a settlement: what they held then (`expected`: cash collected at
 * doors and not handed over before) and what they gave (`amount`). What a rider holds now is every
 * cash payment they took less every handover, so a difference stays until a later handover settles it.
 */
export const riderHandovers = pgTable(
  'rider_handovers',
  {
    id: serial('id').primaryKey(),
    riderId: integer('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // The shop day settled.
    day: date('day').notNull(),
    amount: integer('amount').notNull(),
    expected: integer('expected').notNull(),
    note: text('note').notNull().default(''),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('rider_handovers_rider_idx').on(t.riderId, t.createdAt),
    check('rider_handovers_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * The columns of a merchant statement, remembered per method once the owner has mapped them
 * (modules/money statements): the header cells holding the transaction id, the amount and the time.
 */
export const statementColumns = pgTable('statement_columns', {
  method: text('method').primaryKey(),
  trx: text('trx').notNull(),
  amount: text('amount').notNull(),
  time: text('time').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money a customer paid against their dues at the till (the slip it printed): one row per receipt,
 * its `client_id` making a resent receipt count once. The money itself is in money_ledger.
 */
export const dueReceipts = pgTable(
  'due_receipts',
  {
    id: serial('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    customerId: integer('customer_id').notNull(),
    staffId: integer('staff_id'),
    owedBefore: integer('owed_before').notNull(),
    paid: integer('paid').notNull(),
    payments: jsonb('payments')
      .$type<Array<{ method: string; amount: number; reference: string | null }>>()
      .notNull(),
    orders: jsonb('orders').$type<Array<{ order_id: number; amount: number }>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('due_receipts_client_key').on(t.clientId),
    index('due_receipts_customer_idx').on(t.customerId),
    check('due_receipts_paid_check', sql`${t.paid} > 0 AND ${t.paid} <= ${t.owedBefore}`),
  ],
);

/** The monthly dues reminders sent, one row per shop month ('2026-11'): a month is sent once. */
export const duesReminders = pgTable('dues_reminders', {
  month: text('month').primaryKey(),
  over: integer('over').notNull(),
  sent: integer('sent').notNull(),
  createdAt: createdAt(),
});
