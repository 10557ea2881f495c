import { withPage, type Page } from '@bazar/contracts/paging';
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

export const stocksKey = (page: number) => [...STOCKS_KEY, page] as const;
export const liveStockKey = (page: number) => [...LIVE_STOCK_KEY, page] as const;

/** A page of a stock list, with what the whole stock cost (`meta.totals.invested`, the server's). */
export type StockPage<T> = Page<T, { invested: number }>;

/** One page of the stock entries, newest first. */
export const fetchStocks = (page: number) => api.get<StockPage<StockEntry>>(withPage('/api/stocks', page));

export const addStock = (body: StockAddInput) =>
  api.post<{ data: StockEntry }>('/api/stock/add', body).then((answer) => answer.data);

export const deleteStock = (id: number) => api.delete<{ message: string }>(`/api/stock/delete/${id}`);

/** One page of the products by title with their stock. */
export const fetchLiveStock = (page: number) =>
  api.get<StockPage<StockProduct>>(withPage('/api/live-stock', page));
