import { z } from 'zod';
import {
  dateRangeQuery,
  dayFigures,
  expense,
  expenseAddBody,
  expenseCategory,
  expenseCategoryBody,
  saveReportBody,
} from './cash';
import { idParamSchema, messageSchema } from './common';
import { pagedList, type Endpoints } from './endpoint';
import { expenseTotals, listPageQuery } from './paging';

/** The expenses, their categories and Close Cash. */
export const cashApi = {
  'GET /api/expances': pagedList({
    query: dateRangeQuery.extend(listPageQuery.shape),
    row: expense,
    totals: expenseTotals,
  }),
  'POST /api/expance/add': {
    body: expenseAddBody,
    status: 201,
    answer: z.object({ message: z.string(), data: expense }),
  },
  'GET /api/expense-categories': { answer: z.object({ data: z.array(expenseCategory) }) },
  'POST /api/expense-category/add': {
    body: expenseCategoryBody,
    status: 201,
    answer: z.object({ data: expenseCategory }),
  },
  'DELETE /api/expense-category/:id': { params: idParamSchema, answer: messageSchema },
  'POST /api/save-report': {
    body: saveReportBody,
    answer: z.object({
      message: z.string(),
      data: dayFigures.extend({ day: z.string(), due: z.number().int() }),
    }),
  },
} satisfies Endpoints;
