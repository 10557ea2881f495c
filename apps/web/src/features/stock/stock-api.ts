import type { AnswerOf, Api, BodyOf } from '@bazar/contracts/api';
import type { StockEntry } from '@bazar/contracts/stock';
import { call } from '../../lib/api';

export type { StockEntry };

/** What Add Stock sends: a buy price, a quantity, and the products it is for. */
export type StockAddInput = BodyOf<Api['POST /api/stock/add']>;

/** Every admin list (products, live stock, dashboard) shows stock: an entry makes them stale. */
export const ADMIN_KEY = ['admin'] as const;

export const addStock = (body: StockAddInput) =>
  call('POST /api/stock/add', { body }).then((answer) => answer.data);

export const deleteStock = (id: number) => call('DELETE /api/stock/delete/:id', { params: { id } });

export type StockAdjusted = AnswerOf<Api['POST /api/stock/adjust']>['data'];

/** POST /api/stock/adjust: takes stock out (negative) or puts found stock in, with a reason. */
export const adjustStock = (body: BodyOf<Api['POST /api/stock/adjust']>) =>
  call('POST /api/stock/adjust', { body }).then((answer) => answer.data);

/**
 * A product as the staff search answers its own barcode (unit and stock included), or null when
 * the search does not find it. Live stock's rows carry no unit, and this search, open to every
 * member of staff, answers a product's exact barcode with that product alone.
 */
export async function findByBarcode(product: { id: number; barcode: string }) {
  if (!product.barcode.trim()) return null;
  const found = await call('GET /api/product/find/:text', { params: { text: product.barcode } });
  return found.data.find((p) => p.id === product.id) ?? null;
}
