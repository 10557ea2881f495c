import { linesTotal } from '@bazar/contracts/money';
import type { StockEntry, StockProduct } from '@bazar/contracts/stock';
import { api } from '../../lib/api';

export type { StockEntry, StockProduct };

/** What Add Stock sends (spec §7): a buy price, a quantity, and the products it is for. */
export interface StockAddInput {
  price: number;
  qty: number;
  items: Array<{ id: number; title: string }>;
}

export const ADMIN_KEY = ['admin'] as const;
export const STOCKS_KEY = ['admin', 'stocks'] as const;
export const LIVE_STOCK_KEY = ['admin', 'live-stock'] as const;

export const fetchStocks = () => api.get<{ data: StockEntry[] }>('/api/stocks').then((answer) => answer.data);

export const addStock = (body: StockAddInput) =>
  api.post<{ data: StockEntry }>('/api/stock/add', body).then((answer) => answer.data);

export const deleteStock = (id: number) => api.delete<{ message: string }>(`/api/stock/delete/${id}`);

export const fetchLiveStock = () =>
  api.get<{ data: StockProduct[] }>('/api/live-stock').then((answer) => answer.data);

/**
 * The money in stock: the exact sum of price × quantity over the non-negative quantities, rounded
 * down once (spec §9), the same rule as the dashboard's Total Invested.
 */
export const investedTotal = (rows: ReadonlyArray<{ price: number; qty: number }>) =>
  linesTotal(rows.filter((row) => row.qty >= 0).map((row) => ({ price: row.price, quantity: row.qty })));
