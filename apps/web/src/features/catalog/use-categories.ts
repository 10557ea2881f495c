import type { CategoryNode } from '@bazar/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** A category with its child categories nested under `parents` (the spec's name). */
export type Category = CategoryNode;

const NO_CATEGORIES: Category[] = [];

/** GET /api/categories. A failure is only logged: the menu then shows nothing. */
async function fetchCategories(): Promise<Category[]> {
  try {
    return (await call('GET /api/categories')).data;
  } catch (error) {
    console.error('Could not load categories', error);
    return NO_CATEGORIES;
  }
}

export function useCategories(): Category[] {
  const { data } = useQuery({ queryKey: ['categories'], queryFn: fetchCategories, staleTime: 10 * 60_000 });
  return data ?? NO_CATEGORIES;
}
