import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n/i18n';

/** Says in place that a list could not be loaded (the failure itself is logged), with a retry. */
function ListFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="catalog-note catalog-note-warning d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">{text}</span>
      <button type="button" className="btn btn-sm btn-outline-dark" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** An empty list, said in words. */
export function ListEmpty({ text }: { text: string }) {
  return <p className="catalog-note text-secondary">{text}</p>;
}

/**
 * The states of what a storefront page reads, in the shop's own look: `loading` (grey boxes in the
 * shape of what comes) while it first loads or `waiting` says so; "not found" for an address that
 * names nothing (404, 422) when the page says how; "could not load" with a retry; `empty` when
 * `isEmpty` says there is nothing; else the children with the data.
 */
export function CatalogState<T>({
  query,
  waiting = false,
  loading,
  failed,
  notFound,
  empty,
  isEmpty,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  /** Shows `loading` although data is there (the previous text's results while a search loads). */
  waiting?: boolean;
  loading: ReactNode;
  failed: string;
  notFound?: string;
  empty?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return notFound && (isApiError(query.error, 404) || isApiError(query.error, 422)) ? (
      <ListEmpty text={notFound} />
    ) : (
      <ListFailed text={failed} onRetry={() => void query.refetch()} />
    );
  }
  if (query.isPending || waiting || query.data === undefined) return <>{loading}</>;
  if (empty !== undefined && isEmpty?.(query.data)) return <ListEmpty text={empty} />;
  return <>{children(query.data)}</>;
}
