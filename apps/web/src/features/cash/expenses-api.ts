import type { Expense } from '@bazar/contracts/cash';
import type { DayRange } from '../../lib/shop-time';
import { withPage, type Page } from '@bazar/contracts/paging';
import { api } from '../../lib/api';

export type { Expense };

/** What `POST /api/expance/add` takes: the spec sends `detail` (the lists read `details`). */
export interface ExpenseInput {
  detail: string;
  amount: number;
}

export const EXPENSES_KEY = ['admin', 'expenses'] as const;
export const expensesKey = (range: DayRange, page: number) => [...EXPENSES_KEY, range, page] as const;

export type ExpensePage = Page<Expense, { amount: number }>;

/** One page of the expenses of the range (empty ends: all), newest first, with the range's total. */
export const fetchExpenses = ({ from, to }: DayRange, page: number) => {
  return api.get<ExpensePage>(
    withPage(`/api/expances?${new URLSearchParams({ from, to }).toString()}`, page),
  );
};

export const addExpense = (body: ExpenseInput) =>
  api.post<{ message: string; data: Expense }>('/api/expance/add', body);
