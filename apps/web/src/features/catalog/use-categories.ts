import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface Category {
  id: number;
  title: string;
  /** The Bangla name ('' or missing: none). */
  title_bn?: string;
  parent: number | null;
  /** The child categories, nested the same way (the spec's name). */
  parents: Category[];
}

const NO_CATEGORIES: Category[] = [];

/** GET /api/categories. A failure is only logged: the menu then shows nothing. */
async function fetchCategories(): Promise<Category[]> {
  try {
    const answer = await api.get<{ data?: Category[] }>('/api/categories');
    return Array.isArray(answer?.data) ? answer.data : NO_CATEGORIES;
  } catch (error) {
    console.error('Could not load categories', error);
    return NO_CATEGORIES;
  }
}

export function useCategories(): Category[] {
  const { data } = useQuery({ queryKey: ['categories'], queryFn: fetchCategories, staleTime: 10 * 60_000 });
  return data ?? NO_CATEGORIES;
}
