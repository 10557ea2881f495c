import type { Expense, ExpenseCategory, ExpenseCategoryInput } from '@bazar/contracts/cash';
import type { DayRange } from '../../lib/shop-time';
import { withPage, type Page } from '@bazar/contracts/paging';
import { api } from '../../lib/api';

export type { Expense, ExpenseCategory };

/**
 * What `POST /api/expance/add` takes: the spec sends `detail` (the lists read `details`); a
 * category's title ('Other' when left out) and the shop day it was for (today when left out).
 */
export interface ExpenseInput {
  detail: string;
  amount: number;
  category?: string | undefined;
  date?: string | undefined;
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

export const EXPENSE_CATEGORIES_KEY = ['admin', 'expense-categories'] as const;

/** The kinds of expense, in the order they were made (Rent, Salary, Utilities, Transport, Other…). */
export const fetchExpenseCategories = () =>
  api.get<{ data: ExpenseCategory[] }>('/api/expense-categories').then((answer) => answer.data);

export const addExpenseCategory = (body: Required<ExpenseCategoryInput>) =>
  api.post<{ data: ExpenseCategory }>('/api/expense-category/add', body).then((answer) => answer.data);

export const deleteExpenseCategory = (id: number) =>
  api.delete<{ message: string }>(`/api/expense-category/${id}`);
