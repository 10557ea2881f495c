import type { TillProduct } from '@bazar/contracts/till';
import { TillDb } from './till-db';
import { META_KEYS } from './till-meta';

/** Test data of the till's offline catalogue. src/test/setup.ts loads fake-indexeddb for every test file. */

let nextId = 1000;
let nextDb = 0;

/** A product as GET /api/till/catalog answers it. */
export function makeProduct(fields: Partial<TillProduct> = {}): TillProduct {
  const id = fields.id ?? nextId++;
  return {
    id,
    title: `Product ${id}`,
    attri: '',
    title_bn: '',
    attri_bn: '',
    price: 100,
    offprice: null,
    barcode: `B${id}`,
    plu: null,
    unit: 'pcs',
    stock: 5,
    batches: [],
    ...fields,
  };
}

/** A database of its own for each test. */
export const freshDb = () => new TillDb(`till-test-${++nextDb}`);

/** A store as a sync leaves it: these products at `version`, and Setting's scale rules if given. */
export async function storeCatalog(
  db: TillDb,
  products: TillProduct[],
  { version = 1, settings }: { version?: number; settings?: unknown } = {},
) {
  await db.products.bulkPut(products);
  await db.meta.put({ key: META_KEYS.catalogVersion, value: version });
  if (settings !== undefined) await db.meta.put({ key: META_KEYS.settings, value: settings });
}

/** Setting as an admin reads it, with these scale rules. */
export const adminSettingsWith = (scale_rules: unknown) => ({
  ship: 60,
  reg_point: 10,
  sms_numbers: '',
  shop_address: '',
  shop_phone: '',
  payment_numbers: '',
  sms_budget: 500,
  shop_name: 'Bazar',
  scale_rules,
  till_ship: true,
  receipt_footer: '',
  language: 'en',
  credit_limit: null,
  dues_reminder_over: null,
  quick_keys: [],
  expiry_days: 7,
  expired_sale: 'approval',
});
