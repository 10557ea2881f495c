import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '../../components/query-state';

/** A dashboard card with a table: title, an optional link on the right, and the query's rows (a DataTable). */
export function ListCard<T>({
  id,
  title,
  note,
  link,
  query,
  empty,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  link?: ReactNode;
  query: UseQueryResult<T[]>;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <section className="card shadow-sm h-100" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-baseline column-gap-2 mb-2">
          <h2 id={`${id}-title`} className="h6 mb-0 me-auto">
            {title}
          </h2>
          {link}
        </div>
        {note && <p className="small text-secondary mb-2">{note}</p>}
        <QueryState
          query={query}
          empty={<p className="text-secondary small mb-0">{empty}</p>}
          isEmpty={(rows) => rows.length === 0}
        >
          {children}
        </QueryState>
      </div>
    </section>
  );
}

/** A title with its attribute after it, smaller. */
export function Titled({ title, attri }: { title: string; attri: string }) {
  return (
    <>
      {title}
      {attri && <span className="text-secondary small ms-1">{attri}</span>}
    </>
  );
}
