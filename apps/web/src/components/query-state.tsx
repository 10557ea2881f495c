import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';
import { PageSpinner } from './page-spinner';

/**
 * The states of data a screen reads: a spinner while it first loads, "could not load" with Retry
 * when it failed, `empty` when `isEmpty` says there is nothing (a list's rows by default), and
 * else the children with the data. While a next page or filter loads, the previous data stays.
 */
export function QueryState<T>({
  query,
  empty,
  isEmpty = (data) =>
    Array.isArray((data as { data?: unknown }).data) && (data as { data: unknown[] }).data.length === 0,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data' | 'refetch'>;
  /** What an empty answer shows (a sentence, or nothing). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError || query.data === undefined) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (empty !== undefined && isEmpty(query.data)) {
    return typeof empty === 'string' ? <p className="text-secondary mb-0">{empty}</p> : <>{empty}</>;
  }
  return <>{children(query.data)}</>;
}
