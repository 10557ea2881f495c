import { orderFilterQuery } from '@bazar/contracts/orders';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminList } from '../../lib/use-admin-list';
import {
  FILTER_FIELDS,
  NO_FILTER,
  TYPE_ONLY,
  typeOnly,
  type Order,
  type OrderFilter,
  type OrderType,
} from './orders-api';

/** `?view=differences`: the till's sales synced with other prices; `?view=deliveries`: today's slotted orders. */
export type OrdersView = 'differences' | 'deliveries';

const NAMES = Object.keys(NO_FILTER) as (keyof OrderFilter)[];

/**
 * The filter a URL asks for, each value the server would refuse (a field the bar does not offer, a
 * date that is not one, an old or hand-made link) back to its default, a slot only with its day.
 */
function filterIn(search: URLSearchParams): OrderFilter {
  const asked = Object.fromEntries(
    NAMES.map((name) => [name, search.get(name) ?? NO_FILTER[name]]),
  ) as OrderFilter;
  const filter = { ...asked };
  const sent = Object.fromEntries(Object.entries(asked).filter(([, value]) => value !== ''));
  for (const issue of orderFilterQuery.safeParse(sent).error?.issues ?? []) {
    const name = issue.path[0] as keyof OrderFilter;
    if (name in NO_FILTER) filter[name] = NO_FILTER[name];
  }
  if (!(FILTER_FIELDS as readonly string[]).includes(filter.field)) filter.field = NO_FILTER.field;
  if (!filter.slot_date) filter.slot_date = filter.slot_start = '';
  return filter;
}

/**
 * The orders list of /admin/orders: its filter, type and page in the URL (a reload or a shared link
 * shows the same orders; the customers list's View Orders links `?field=Phone&value=01…`). A
 * filter that asks only for a type reads `GET /api/orders?type=`, any other `GET /api/order-filter`.
 * `view` shows another list instead, the filter kept in the URL for when the view closes.
 */
export function useOrdersList() {
  const [search, setSearch] = useSearchParams();
  const view = (['differences', 'deliveries'] as const).find((v) => v === search.get('view')) ?? null;
  const filter = filterIn(search);
  const clean = NAMES.every((name) => (search.get(name) ?? NO_FILTER[name]) === filter[name]);
  const byType = typeOnly(filter);
  const filtered = useAdminList('GET /api/order-filter', {
    filters: NO_FILTER,
    enabled: !view && clean && !byType,
  });
  const ofType = useAdminList('GET /api/orders', { filters: TYPE_ONLY, enabled: !view && clean && byType });
  const list = byType ? ofType : filtered;

  // A URL with values the server would refuse is put right before anything is asked.
  useEffect(() => {
    if (!clean) {
      setSearch(
        (current) => {
          const out = new URLSearchParams(current);
          for (const name of NAMES) {
            if (filter[name] === NO_FILTER[name]) out.delete(name);
            else out.set(name, filter[name]);
          }
          return out;
        },
        { replace: true },
      );
    }
  });

  /** Shows a view, or the list again (with `type`: the list of that type, from its first page). */
  const show = (next: OrdersView | null, type?: OrderType) =>
    setSearch(
      (current) => {
        const out = new URLSearchParams(current);
        if (next) out.set('view', next);
        else out.delete('view');
        if (type !== undefined) {
          if (String(type) === NO_FILTER.type) out.delete('type');
          else out.set('type', String(type));
          out.delete('page');
        }
        return out;
      },
      { replace: true },
    );

  return {
    view,
    show,
    filter,
    query: list.query,
    page: list.page,
    /** Shows a filter from its first page; the same filter again asks the server again. */
    setFilter: (next: OrderFilter) => {
      const same = NAMES.every((name) => next[name] === filter[name]);
      if (same && list.page === 1) void list.query.refetch();
      else filtered.setFilters(next);
    },
    setPage: list.setPage,
    /** Puts a saved answer (a payment, a return, a refund) into the order's row on every cached page. */
    changeRow: (id: number, fields: Partial<Order>) => {
      for (const each of [filtered, ofType]) each.updateRow(id, (row) => ({ ...row, ...fields }));
    },
    removeRow: (id: number) => {
      for (const each of [filtered, ofType]) each.removeRow(id);
    },
  };
}
