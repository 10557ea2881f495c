import { z } from 'zod';
import {
  dailyReportRow,
  dateRangeQuery,
  productSalePageQuery,
  productSaleQuery,
  productSaleRow,
  profitLoss,
  saleTotals,
} from './cash';
import { listOf } from './common';
import { pagedList, type Endpoints } from './endpoint';
import { staffDay, staffDaysQuery } from './reports';

/** The product sale as staff read it: buy prices, cost and profit left out for those without `reports.profit`. */
const saleRow = productSaleRow.partial({ buyprice: true });
const saleTotalsSeen = saleTotals.partial({ cost: true, profit: true });

/** The dashboard's figures and the reports (apps/server/src/modules/reports). */
export const reportsApi = {
  'GET /api/profit-loss': { query: dateRangeQuery, answer: profitLoss },
  'GET /api/daily-report': { query: dateRangeQuery, answer: listOf(dailyReportRow) },
  'GET /api/product-sale': { query: productSaleQuery, answer: z.array(saleRow) },
  'GET /api/product-sale/page': pagedList({
    query: productSalePageQuery,
    row: saleRow,
    totals: saleTotalsSeen,
  }),
  'GET /api/analytics/staff': { query: staffDaysQuery, answer: listOf(staffDay) },
} satisfies Endpoints;
