import type { OrderTotals } from '@bazar/contracts/paging';
import { pageOf } from '../../test/page';
import { makeOrder } from '../../test/orders';
import type { Order } from './orders-api';

/** An order of the back office's list: Rahim Uddin's 900, 100 of it paid (a whole order, makeOrder). */
export const adminOrder = (overrides: Partial<Order> = {}): Order =>
  makeOrder({
    id: 41,
    created: '2025-03-10T18:30:00.000Z',
    name: 'Rahim Uddin',
    address: 'House 3, Road 2',
    paid: 100,
    due: 800,
    ...overrides,
  });

export const NO_TOTALS: OrderTotals = { orders: 0, total: 0, paid: 0, due: 0 };

/** One page of the orders list as the server answers it, with the cards' totals over the whole filter. */
export const ordersPage = (
  rows: Order[],
  totals: OrderTotals = { ...NO_TOTALS, orders: rows.length },
  more: { total?: number; page?: number } = {},
) => pageOf(rows, { totals, ...more });

/** The number of calls made with this method. */
export const callsWith = (
  fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  method: string,
) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).length;
