import type { AdminProduct, FoundProduct } from '@bazar/contracts/catalog';
import { linesTotal } from '@bazar/contracts/money';
import { pageOf } from '../../test/page';
import type { Purchase, Supplier } from './purchases-api';

export const makeSupplier = (over: Partial<Supplier> = {}): Supplier => ({
  id: 1,
  name: 'Meghna Wholesale',
  phone: '01711000222',
  address: 'Kawran Bazar',
  due: 0,
  purchases: 0,
  created: '2026-11-01T06:00:00.000Z',
  ...over,
});

type LineOver = Partial<Purchase['lines'][number]>;

export const makeLine = (over: LineOver = {}): Purchase['lines'][number] => ({
  id: 1,
  product_id: 7,
  title: 'Miniket Rice',
  attri: '5 kg',
  title_bn: '',
  attri_bn: '',
  quantity: 1,
  buyprice: 100,
  total: 100,
  ...over,
});

export const makePurchase = (over: Partial<Purchase> = {}): Purchase => ({
  id: 1,
  supplier_id: 1,
  supplier: 'Meghna Wholesale',
  invoice: 'MW-1001',
  date: '2026-11-20',
  total: 100,
  paid: 100,
  due: 0,
  note: '',
  created: '2026-11-20T06:00:00.000Z',
  lines: [makeLine()],
  ...over,
});

/** The list's answer as the server gives it: one page, and the filter's totals. */
export const purchasesPage = (rows: Purchase[], more: { total?: number; page?: number } = {}) =>
  pageOf(rows, {
    totals: {
      purchases: more.total ?? rows.length,
      total: rows.reduce((sum, p) => sum + p.total, 0),
      paid: rows.reduce((sum, p) => sum + p.paid, 0),
      due: rows.reduce((sum, p) => sum + p.due, 0),
    },
    total: more.total ?? rows.length,
    page: more.page ?? 1,
    path: '/api/purchases',
  });

/** The same, as a URL-keyed mock (mockFetch) answers it. */
export const purchasesAnswer = (rows: Purchase[], more: { total?: number; page?: number } = {}) => ({
  body: purchasesPage(rows, more),
});

export const found = (over: Partial<FoundProduct>): FoundProduct => ({
  id: 7,
  title: 'Miniket Rice',
  attri: '5 kg',
  title_bn: 'মিনিকেট চাল',
  attri_bn: '৫ কেজি',
  price: 400,
  offprice: null,
  qty: 10,
  barcode: '2000000000015',
  image: null,
  stock_out: '',
  unit: 'pcs',
  ...over,
});

/** GET /api/product/{id} of a found product: the whole record, with this buy price. */
export const adminProductOf = (product: FoundProduct, buyprice: number): AdminProduct => ({
  ...product,
  desc_bn: '',
  offer: '',
  popular: '',
  food: '',
  stock: product.stock_out,
  desc: '',
  brand: null,
  image_large: null,
  group_id: product.id,
  plu: null,
  buyprice,
  tags: '',
  link_qty: 0,
  category: [],
});

/** A purchase as the server saves it from the lines sent (its money rule). */
export function savedPurchase(
  body: { supplier_id: number; invoice: string; date: string; paid: number; note: string },
  lines: Array<{ product_id: number; quantity: number; buyprice: number; title: string }>,
  supplier: string,
): Purchase {
  const total = linesTotal(lines.map((l) => ({ price: l.buyprice, quantity: l.quantity })));
  return makePurchase({
    id: 50,
    supplier_id: body.supplier_id,
    supplier,
    invoice: body.invoice,
    date: body.date,
    total,
    paid: body.paid,
    due: total - body.paid,
    note: body.note,
    lines: lines.map((l, i) => makeLine({ id: 100 + i, ...l, total: Math.floor(l.buyprice * l.quantity) })),
  });
}

/** GET /api/product/{id}/batches as a URL-keyed mock answers it: whether the product tracks expiry. */
export const batchesAnswer = (productId: number, track = false) => ({
  body: { data: { product_id: productId, track_expiry: track, qty: 0, undated: 0, batches: [] } },
});
