import type { AnswerOf, Api } from '@bazar/contracts/api';
import type { ProfitLoss } from '@bazar/contracts/cash';
import { linesTotal } from '@bazar/contracts/money';
import type { DayRange } from '../../lib/shop-time';
import { call } from '../../lib/api';
import { formatNumber, type Language } from '../../lib/i18n/i18n';

export type { ProfitLoss };

/** A product sale row: no buy price for staff without `reports.profit`. */
export type ProductSaleRow = AnswerOf<Api['GET /api/product-sale']>[number];

/** The dashboard lists at most this many top sellers and expenses. */
export const DASHBOARD_LIST_LIMIT = 5;

const REPORTS_KEY = ['admin', 'reports'] as const;
export const profitLossKey = [...REPORTS_KEY, 'profit-loss'] as const;
export const lowStockKey = [...REPORTS_KEY, 'low-stock'] as const;
export const productSaleKey = (range: DayRange, limit?: number) =>
  [...REPORTS_KEY, 'product-sale', range, limit ?? 'all'] as const;
export const dayExpensesKey = (day: string) => [...REPORTS_KEY, 'expenses', day] as const;
export const diskSpaceKey = [...REPORTS_KEY, 'disk-space'] as const;

/** Today's figures: the server counts the shop's day itself when no dates are sent. */
export const fetchProfitLoss = () => call('GET /api/profit-loss');

/** The free and total bytes of the disk the shop keeps its data on, and whether it is low. */
export const fetchDiskSpace = () => call('GET /api/disk-space').then((answer) => answer.data);

export const fetchLowStock = () => call('GET /api/low-stock-products').then((answer) => answer.data);

/** What sold in the range (empty ends: all time), most sold first; with `limit`, only the first rows. */
export const fetchProductSales = ({ from, to }: DayRange, limit?: number) =>
  call('GET /api/product-sale', { query: { from, to, limit } }).then(byQtyDescending);

/** The expenses of one shop day (its first page: the dashboard shows five). */
export const fetchDayExpenses = (day: string) =>
  call('GET /api/expances', { query: { from: day, to: day } }).then((answer) => answer.data);

/** Most sold first; rows that sold the same keep the server's order. */
const byQtyDescending = (rows: ProductSaleRow[]) => [...rows].sort((a, b) => b.qty - a.qty);

/** price × quantity of each line, summed exactly and rounded down once. */
const sum = (rows: readonly ProductSaleRow[], price: (row: ProductSaleRow) => number) =>
  linesTotal(rows.map((row) => ({ price: price(row), quantity: row.qty })));

export interface SaleFigures {
  total: number;
  cost: number;
  profit: number;
}

/** The report's Total (Σ price × qty), Cost (Σ buy price × qty) and Profit (Total − Cost). */
export function saleFigures(rows: readonly ProductSaleRow[]): SaleFigures {
  const total = sum(rows, (row) => row.price);
  const cost = sum(rows, (row) => row.buyprice ?? 0);
  return { total, cost, profit: total - cost };
}

/**
 * A quantity as the till shows it: whole units plainly, parts to two decimals at most, in the
 * language's digits and grouped (1,250). A screen showing it reads the language through
 * useTranslation, so it draws again on a switch.
 */
export const formatQty = (qty: number, lang?: Language) =>
  // `+ 0`: a tiny negative rounds to −0, which Intl would write as "-0".
  formatNumber(Math.round(qty * 100) / 100 + 0, lang);
