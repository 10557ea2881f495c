import type { Api, BodyOf } from '@bazar/contracts/api';
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
