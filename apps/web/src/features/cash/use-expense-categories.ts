import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { EXPENSE_CATEGORIES_KEY, fetchExpenseCategories, type ExpenseCategory } from './expenses-api';

/** The category an expense gets when none is chosen (the server's default). */
export const DEFAULT_CATEGORY = 'Other';

/** Titles are matched as the server matches them: case aside. */
export const sameTitle = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The expense categories (the Add Expance form's choices, the categories editor). */
export const useExpenseCategories = () =>
  useQuery({ queryKey: EXPENSE_CATEGORIES_KEY, queryFn: fetchExpenseCategories, staleTime: 60_000 });

/**
 * A category title as the screen's language names it. An expense keeps the English title it was
 * written with; the category of that title gives its Bangla name. One no longer in the list shows
 * as it was written ('Other' in the screen's words).
 */
export function useCategoryName(categories: ExpenseCategory[] | undefined): (title: string) => string {
  const { t } = useTranslation();
  const name = useLocalName();
  return useMemo(() => {
    const byTitle = new Map((categories ?? []).map((c) => [c.title.toLowerCase(), c]));
    return (title: string) => {
      const found = byTitle.get(title.toLowerCase());
      if (found) return name(found.title, found.title_bn);
      return sameTitle(title, DEFAULT_CATEGORY) ? t('adminReports.expenses.other') : title;
    };
  }, [categories, name, t]);
}
