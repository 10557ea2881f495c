import type { Expense } from '@bazar/contracts/cash';
import { api } from '../../lib/api';

export type { Expense };

/** A from..to pair of shop days (YYYY-MM-DD); an empty end is open. */
export interface DayRange {
  from: string;
  to: string;
}

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

const dhakaTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Dhaka',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** When an expense was recorded, on the shop's clock (Asia/Dhaka). */
export function formatExpenseTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dhakaTime.format(date);
}
