import type { Expense } from '@bazar/contracts/cash';
import type { DayRange } from '../../lib/shop-time';
import { api } from '../../lib/api';

export type { Expense };

/** What `POST /api/expance/add` takes: the spec sends `detail` (the lists read `details`). */
export interface ExpenseInput {
  detail: string;
  amount: number;
}

export const EXPENSES_KEY = ['admin', 'expenses'] as const;
export const expensesKey = (range: DayRange) => [...EXPENSES_KEY, range] as const;

/** Expenses of the range (empty ends: all), newest first. */
export const fetchExpenses = ({ from, to }: DayRange) =>
  api
    .get<{ data: Expense[] }>(`/api/expances?${new URLSearchParams({ from, to }).toString()}`)
    .then((answer) => answer.data);

export const addExpense = (body: ExpenseInput) =>
  api.post<{ message: string; data: Expense }>('/api/expance/add', body);

/** The Total row: the listed amounts added up (whole taka). */
export const expensesTotal = (rows: readonly Expense[]) => rows.reduce((sum, row) => sum + row.amount, 0);
