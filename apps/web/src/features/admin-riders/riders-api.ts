import type { AnswerOf, Api, BodyOf } from '@bazar/contracts/api';
import type { OrderRider } from '@bazar/contracts/orders';
import type { DeliveriesSummary, PickList, Rider, Settlement } from '@bazar/contracts/riders';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type { DeliveriesSummary, OrderRider, PickList, Rider, Settlement };

/**
 * The back office's calls about riders (issue 27): who rides, assigning orders to them, the pick
 * list, short lines, the dashboard's summary and settling the cash a rider brings back.
 */

const RIDERS_KEY = ['admin', 'riders'] as const;

/** GET /api/riders: every rider, active first, with the cash each holds. */
export const ridersKey = [...RIDERS_KEY, 'list'] as const;
export const fetchRiders = () => call('GET /api/riders').then((answer) => answer.data);

/** Who orders can go to: the active riders only (the server refuses the others). */
export const activeRiders = (riders: readonly Rider[]) => riders.filter((r) => r.active);

export type Assigned = AnswerOf<Api['POST /api/deliveries/assign']>['data'];

/** POST /api/deliveries/assign: many orders to one rider (`null`: to nobody), all or none. */
export const assignOrders = (orderIds: number[], riderId: number | null) =>
  call('POST /api/deliveries/assign', { body: { order_ids: orderIds, rider_id: riderId } }).then(
    (answer) => answer.data,
  );

/** POST /api/order/{id}/rider: one order to a rider, another one, or nobody. */
export const assignOrder = (id: number, riderId: number | null) =>
  call('POST /api/order/:id/rider', { params: { id }, body: { rider_id: riderId } }).then(
    (answer) => answer.data,
  );

/**
 * What a pick list is for, as its page's URL says it: chosen orders (`orders=1,2,3`), or a day's
 * deliveries (`date`, today when left out) and maybe one slot of it (`slot=10:00`).
 */
export type PickListFor = { orders: number[] } | { date: string; slot: string };

export const pickListKey = (what: PickListFor) => [...RIDERS_KEY, 'pick-list', what] as const;

export const fetchPickList = (what: PickListFor) =>
  call('GET /api/deliveries/pick-list', {
    query:
      'orders' in what
        ? { order_ids: what.orders.join(',') }
        : { ...(what.date && { date: what.date }), ...(what.slot && { slot_start: what.slot }) },
  }).then((answer) => answer.data);

/** The pick list page's address for chosen orders, or for a day (and maybe one slot of it). */
export function pickListUrl(what: PickListFor): string {
  const query = new URLSearchParams();
  if ('orders' in what) query.set('orders', what.orders.join(','));
  else {
    if (what.date) query.set('date', what.date);
    if (what.slot) query.set('slot', what.slot);
  }
  const search = query.toString();
  return search ? `/admin/pick-list?${search}` : '/admin/pick-list';
}

export type ShortBody = BodyOf<Api['POST /api/order/:id/short']>;

/** POST /api/order/{id}/short: what the shelf lacks comes off the order (the customer gets an SMS). */
export const markShort = (id: number, body: ShortBody) =>
  call('POST /api/order/:id/short', { params: { id }, body }).then((answer) => answer.data);

/** GET /api/deliveries/summary: the dashboard's card of today's deliveries. */
export const summaryKey = [...RIDERS_KEY, 'summary'] as const;
export const fetchSummary = () => call('GET /api/deliveries/summary').then((answer) => answer.data);

/** GET /api/riders/{id}/settlement?date=: a rider's day ('' for the server's today). */
export const settlementKey = (id: number, date: string) => [...RIDERS_KEY, 'settlement', id, date] as const;
export const fetchSettlement = (id: number, date: string) =>
  call('GET /api/riders/:id/settlement', { params: { id }, query: date ? { date } : {} }).then(
    (answer) => answer.data,
  );

export type SettleBody = BodyOf<Api['POST /api/riders/:id/settlement']>;

/** POST /api/riders/{id}/settlement: the cash the rider handed over; answers the day's sheet again. */
export const settleRider = (id: number, body: SettleBody) =>
  call('POST /api/riders/:id/settlement', { params: { id }, body }).then((answer) => answer.data);

/** After a handover or a delivery change: the riders' cash and the dashboard's card are read again. */
export const refreshRiders = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: RIDERS_KEY });
