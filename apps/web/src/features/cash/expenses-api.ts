import type { ExpenseCategory } from '@bazar/contracts/cash';
import type { BodyOf, Api } from '@bazar/contracts/api';
import { call } from '../../lib/api';

export type { ExpenseCategory };

/** What `POST /api/expance/add` takes: the spec's `detail` and amount, a category and a day. */
export type ExpenseInput = BodyOf<Api['POST /api/expance/add']>;

export const addExpense = (body: ExpenseInput) => call('POST /api/expance/add', { body });

export const EXPENSE_CATEGORIES_KEY = ['admin', 'expense-categories'] as const;

/** The kinds of expense, in the order they were made (Rent, Salary, Utilities, Transport, Other…). */
export const fetchExpenseCategories = () => call('GET /api/expense-categories').then((answer) => answer.data);

export const addExpenseCategory = (body: BodyOf<Api['POST /api/expense-category/add']>) =>
  call('POST /api/expense-category/add', { body }).then((answer) => answer.data);

export const deleteExpenseCategory = (id: number) =>
  call('DELETE /api/expense-category/:id', { params: { id } });
