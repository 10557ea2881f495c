import { z } from 'zod';
import { label, required, say, tooLong } from './messages';
import { calendarDay, dayFilter, money, wholeNumber } from './numbers';
import { listPageQuery } from './paging';

/** from/to in the shop's days (SHOP_TZ); empty means open-ended. Only real calendar days pass. */
export const dateRangeQuery = z.object({ from: dayFilter('fromDate'), to: dayFilter('toDate') });

export const expense = z.object({
  id: z.number().int(),
  details: z.string(),
  amount: z.number().int(),
  /** The category's title when the expense was written ('Other' for the spec's form). */
  category: z.string(),
  created: z.string(),
});
export type Expense = z.infer<typeof expense>;

/** The kinds of expense (rent, salary, utilities, transport, other), editable in the back office. */
export const expenseCategory = z.object({ id: z.number().int(), title: z.string(), title_bn: z.string() });
export type ExpenseCategory = z.infer<typeof expenseCategory>;

export const expenseCategoryBody = z.object({
  title: z
    .string({ error: required('title') })
    .trim()
    .min(1, required('title'))
    .max(50, tooLong('title', 50)),
  title_bn: z
    .string({ error: say('field.text', { field: label('banglaTitle') }) })
    .trim()
    .max(50, tooLong('banglaTitle', 50))
    .default(''),
});
export type ExpenseCategoryInput = z.input<typeof expenseCategoryBody>;

/** `POST /api/expance/add`: the spec sends `detail` (the lists read `details`). */
export const expenseAddBody = z.object({
  detail: z
    .string({ error: required('detail') })
    .trim()
    .min(1, required('detail'))
    .max(500, tooLong('detail', 500)),
  amount: money('json', 'amount', 1),
  /** A category's title (any case); 'Other' when left out, as the spec's form sends none. */
  category: z
    .string({ error: say('field.text', { field: label('category') }) })
    .trim()
    .max(50, tooLong('category', 50))
    .optional(),
  /** The shop day the expense was for (today or earlier); today when left out. */
  date: calendarDay('date').optional(),
});

/** Money by how it came in, refunds taken off (bKash, Nagad, card, the customers' advances, cash). */
export const byMethod = z.object({
  cash: z.number().int(),
  bkash: z.number().int(),
  nagad: z.number().int(),
  card: z.number().int(),
  balance: z.number().int(),
});
export type ByMethod = z.infer<typeof byMethod>;

/** What the owner counts in the drawers (from the money ledger), beside the spec's figures. */
const drawerFigures = {
  by_method: byMethod,
  /** Money given back (refunds), as a positive amount. */
  refunds: z.number().int(),
  /** What goods brought back were worth. */
  returns: z.number().int(),
  /** Cash put into (+) or taken out of (−) the drawers during shifts. */
  cash_moves: z.number().int(),
  /** Cash sales: cash taken for sales and dues, less the change handed back. */
  cash_sales: z.number().int(),
  /** The cash the day's shifts started with. */
  float: z.number().int(),
  /** Suppliers paid in cash. */
  cash_suppliers: z.number().int(),
  /**
   * Cash in drawer (expected), from the money ledger: float + cash sales − cash refunds ± cash
   * moves − expenses − suppliers paid in cash; what the till's shift shows when the day's cash went
   * through it.
   */
  drawer: z.number().int(),
};

/** The dashboard's and the cash report's summary (`GET /api/profit-loss`), for the shop's day(s). */
export const profitLoss = z.object({
  /** The first shop day counted (YYYY-MM-DD): "today" as the server's SHOP_TZ sees it. */
  day: z.string(),
  order_count: z.number().int(),
  order_total: z.number().int(),
  order_paid: z.number().int(),
  order_due: z.number().int(),
  expance: z.number().int(),
  /** Money taken on those days (payment rows, also for older orders): the cash drawer's figure. */
  received: z.number().int(),
  /** What the stock on hand cost: buy price × quantity of every product with quantity ≥ 0. */
  invested: z.number().int(),
  /** What customers owe the shop now, all days together: the dues of orders not cancelled. */
  owed_to_shop: z.number().int(),
  /** What the shop owes its suppliers now. */
  owed_to_suppliers: z.number().int(),
  ...drawerFigures,
});
export type ProfitLoss = z.infer<typeof profitLoss>;

/** The figures a day had, for the report and for Close Cash. */
export const dayFigures = z.object({
  orders: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  expance: z.number().int(),
  cash: z.number().int(),
  ...drawerFigures,
});
export type DayFigures = z.infer<typeof dayFigures>;

/**
 * One shop day of `GET /api/daily-report`. A closed day shows the figures frozen at Close Cash;
 * anything entered for it afterwards is `after_close` (what is there now, minus what was closed).
 */
export const dailyReportRow = dayFigures.extend({
  created_at: z.string(),
  /** True when the day's cash was closed (Close Cash). */
  closed: z.boolean(),
  closed_at: z.string().nullable(),
  after_close: dayFigures.partial().nullable(),
});
export type DailyReportRow = z.infer<typeof dailyReportRow>;

/** `POST /api/save-report` (Close Cash). The server counts the day itself; the numbers sent are ignored. */
export const saveReportBody = z.object({
  orders: z.unknown().optional(),
  total: z.unknown().optional(),
  paid: z.unknown().optional(),
  due: z.unknown().optional(),
  expance: z.unknown().optional(),
  cash: z.unknown().optional(),
});

export const productSaleRow = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  attri: z.string(),
  /**
   * The product's Bangla title and attribute as they are now ('' when it has none or is gone):
   * `name` and `attri` are those it was sold under.
   */
  name_bn: z.string(),
  attri_bn: z.string(),
  price: z.number().int(),
  buyprice: z.number().int(),
  qty: z.number(),
});
export type ProductSaleRow = z.infer<typeof productSaleRow>;

/** The most rows `limit` may ask of the product sale (the dashboard asks for its five). */
export const PRODUCT_SALE_LIMIT_MAX = 1000;

/** The product sale's dates, and optionally only the first `limit` rows (most sold first). */
export const productSaleQuery = dateRangeQuery.extend({
  limit: wholeNumber('text', 'limit', 1, PRODUCT_SALE_LIMIT_MAX).optional(),
});

/** One page of the product sale (GET /api/product-sale/page): its dates, `page` and `per_page`. */
export const productSalePageQuery = dateRangeQuery.extend(listPageQuery.shape);

/** The Product Sale report's cards over every row of the dates: Total, Cost and Profit, in taka. */
export const saleTotals = z.object({
  total: z.number().int(),
  cost: z.number().int(),
  profit: z.number().int(),
});
export type SaleTotals = z.infer<typeof saleTotals>;
