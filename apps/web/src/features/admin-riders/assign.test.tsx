import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import type { OrderRider } from '@bazar/contracts/orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, refuse } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { OrdersPage } from '../admin-orders/orders-page';
import { adminOrder, ordersPage } from '../admin-orders/test-data';
import type { Order } from '../admin-orders/orders-api';

const routes = [{ path: '/admin/orders', element: <OrdersPage /> }];
const manager = () => signInStaff('manager', BUILT_IN_ROLE_DEFAULTS.manager.permissions);
const karim: OrderRider = { id: 7, name: 'Karim Rider', phone: '01790000007' };
const riders = {
  data: [
    { ...karim, active: true, cash_held: 0 },
    { id: 8, name: 'Old Rider', phone: '01790000008', active: false, cash_held: 0 },
  ],
};
const slotSettings = { data: { slots: [], days_ahead: 2, cutoff_minutes: 60 } };

/**
 * The shop's orders as the server keeps them: an assignment changes them, and the list read again
 * afterwards shows it (the page reads the list again after every change).
 */
function shop(orders: Order[]) {
  const riderOf = new Map<number, OrderRider | null>();
  const now = () =>
    orders.map((o) => ({ ...o, rider: riderOf.has(o.id) ? riderOf.get(o.id) : (o.rider ?? null) }));
  const assign = (ids: number[], riderId: number | null) => {
    const rider = riderId === null ? null : karim;
    for (const id of ids) riderOf.set(id, rider);
    return { data: { order_ids: ids, rider } };
  };
  return { now, assign };
}

const row = (id: number) => document.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement;
const bar = () => screen.getByRole('region', { name: 'Selected orders' });

describe('assigning orders to a rider from the orders list', () => {
  it('ticks two orders and gives them to an active rider: the rows show the rider', async () => {
    const orders = shop([
      adminOrder({ id: 41, name: 'Rahim Uddin' }),
      adminOrder({ id: 42, name: 'Salma' }),
      adminOrder({ id: 43, name: 'Delivered One', status: 3 }),
    ]);
    const sent: unknown[] = [];
    mockApi({
      'GET /api/profile': manager(),
      'GET /api/orders': () => ordersPage(orders.now()),
      'GET /api/delivery-slots/settings': slotSettings,
      'GET /api/riders': riders,
      'POST /api/deliveries/assign': ({ body }) => {
        sent.push(body);
        const { order_ids, rider_id } = body as { order_ids: number[]; rider_id: number | null };
        return orders.assign(order_ids, rider_id);
      },
    });
    renderRoutes(routes, '/admin/orders');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select order 41' }));
    // A delivered order cannot go to a rider: no box for it.
    expect(screen.queryByRole('checkbox', { name: 'Select order 43' })).toBeNull();
    expect(within(bar()).getByText('1 order selected')).toBeVisible();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order 42' }));
    expect(within(bar()).getByText('2 orders selected')).toBeVisible();

    const select = within(bar()).getByLabelText('Rider');
    await within(select).findByRole('option', { name: 'Karim Rider' });
    // Only active riders can be chosen.
    expect(within(select).queryByRole('option', { name: 'Old Rider' })).toBeNull();
    expect(within(bar()).getByRole('button', { name: 'Assign' })).toBeDisabled();
    expect(within(bar()).getByRole('link', { name: 'Pick list' })).toHaveAttribute(
      'href',
      '/admin/pick-list?orders=41%2C42',
    );
    fireEvent.change(select, { target: { value: '7' } });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('2 orders given to Karim Rider')).toBeVisible();
    expect(sent).toEqual([{ order_ids: [41, 42], rider_id: 7 }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected orders' })).toBeNull());
    expect(row(41).querySelector('[data-label="Rider"]')?.textContent).toBe('Karim Rider');
    expect(row(42).querySelector('[data-label="Rider"]')?.textContent).toBe('Karim Rider');
    expect(row(43).querySelector('[data-label="Rider"]')?.textContent).toBe('');
  });

  it('ticks every order shown with the heading’s box; a refusal is said and nothing changes; Unassign', async () => {
    const orders = shop([
      adminOrder({ id: 41, name: 'Rahim Uddin', rider: karim }),
      adminOrder({ id: 42, name: 'Salma' }),
    ]);
    let refusing = true;
    const sent: unknown[] = [];
    mockApi({
      'GET /api/profile': manager(),
      'GET /api/orders': () => ordersPage(orders.now()),
      'GET /api/delivery-slots/settings': slotSettings,
      'GET /api/riders': riders,
      'POST /api/deliveries/assign': ({ body }) => {
        sent.push(body);
        if (refusing) {
          return refuse(409, {
            message: 'Order #42 is delivered or cancelled: it cannot go to a rider.',
            code: 'conflict',
          });
        }
        const { order_ids, rider_id } = body as { order_ids: number[]; rider_id: number | null };
        return orders.assign(order_ids, rider_id);
      },
    });
    renderRoutes(routes, '/admin/orders');
    const all = await screen.findByRole('checkbox', { name: 'Select every order shown' });
    fireEvent.click(all);
    expect(within(bar()).getByText('2 orders selected')).toBeVisible();
    fireEvent.click(within(bar()).getByRole('button', { name: 'Unassign' }));
    expect(
      await screen.findByText('Order #42 is delivered or cancelled: it cannot go to a rider.'),
    ).toBeVisible();
    // Still ticked, still with its rider.
    expect(within(bar()).getByText('2 orders selected')).toBeVisible();
    expect(row(41).querySelector('[data-label="Rider"]')?.textContent).toBe('Karim Rider');

    refusing = false;
    fireEvent.click(within(bar()).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('2 orders taken off their rider')).toBeVisible();
    await waitFor(() => expect(row(41).querySelector('[data-label="Rider"]')?.textContent).toBe(''));
    expect(sent).toEqual([
      { order_ids: [41, 42], rider_id: null },
      { order_ids: [41, 42], rider_id: null },
    ]);
  });

  it('gives one order to a rider from its menu', async () => {
    const orders = shop([adminOrder({ id: 41, name: 'Rahim Uddin' })]);
    const sent: unknown[] = [];
    mockApi({
      'GET /api/profile': manager(),
      'GET /api/orders': () => ordersPage(orders.now()),
      'GET /api/delivery-slots/settings': slotSettings,
      'GET /api/riders': riders,
      'POST /api/order/:id/rider': ({ params, body }) => {
        sent.push([params.id, body]);
        return orders.assign([Number(params.id)], (body as { rider_id: number | null }).rider_id);
      },
    });
    renderRoutes(routes, '/admin/orders');
    await screen.findByRole('checkbox', { name: 'Select order 41' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for order 41' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Assign rider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rider of order #41' });
    expect(within(dialog).getByText('No rider yet')).toBeVisible();
    const select = within(dialog).getByLabelText('Rider');
    await within(select).findByRole('option', { name: 'Karim Rider' });
    fireEvent.change(select, { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Order given to Karim Rider')).toBeVisible();
    expect(sent).toEqual([['41', { rider_id: 7 }]]);
    await waitFor(() =>
      expect(row(41).querySelector('[data-label="Rider"]')?.textContent).toBe('Karim Rider'),
    );
  });

  it('shows who may not assign no boxes and no Assign rider, but the Rider column', async () => {
    mockApi({
      'GET /api/profile': signInStaff('cashier', BUILT_IN_ROLE_DEFAULTS.cashier.permissions),
      'GET /api/orders': ordersPage([adminOrder({ id: 41, name: 'Rahim Uddin', rider: karim })]),
      'GET /api/delivery-slots/settings': slotSettings,
    });
    renderRoutes(routes, '/admin/orders');
    await screen.findByText('Rahim Uddin');
    expect(row(41).querySelector('[data-label="Rider"]')?.textContent).toBe('Karim Rider');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for order 41' }));
    await screen.findByRole('button', { name: 'Quick Pay' });
    expect(screen.queryByRole('button', { name: 'Assign rider' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe("assigning from today's deliveries", () => {
  const slotted = (id: number, name: string, start: string, area: string) =>
    adminOrder({
      id,
      name,
      area,
      slot: { date: '2026-03-10', start, end: start === '10:00' ? '12:00' : '18:00' },
    });

  it('narrows to a slot and an area, ticks them together, gives them to a rider, and leads to their pick list', async () => {
    let rows = [
      slotted(61, 'Early Mirpur', '10:00', 'Mirpur'),
      slotted(62, 'Early Banani', '10:00', 'Banani'),
      slotted(63, 'Late Mirpur', '16:00', 'Mirpur'),
    ];
    const sent: unknown[] = [];
    mockApi({
      'GET /api/profile': manager(),
      'GET /api/orders': ordersPage([]),
      'GET /api/delivery-slots/settings': slotSettings,
      'GET /api/orders/deliveries': () => ({ data: rows }),
      'GET /api/riders': riders,
      'POST /api/deliveries/assign': ({ body }) => {
        sent.push(body);
        const ids = (body as { order_ids: number[] }).order_ids;
        rows = rows.map((o) => (ids.includes(o.id) ? { ...o, rider: karim } : o));
        return { data: { order_ids: ids, rider: karim } };
      },
    });
    renderRoutes(routes, '/admin/orders?view=deliveries');
    await screen.findByText('Late Mirpur');
    fireEvent.change(screen.getByLabelText('Slot'), { target: { value: '10:00' } });
    expect(screen.queryByText('Late Mirpur')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pick list of 10:00–12:00' }).getAttribute('href')).toMatch(
      /^\/admin\/pick-list\?date=\d{4}-\d{2}-\d{2}&slot=10%3A00$/,
    );
    fireEvent.change(screen.getByLabelText('Area'), { target: { value: 'Mirpur' } });
    expect(screen.queryByText('Early Banani')).toBeNull();
    // An area narrows below a slot: the pick list of the orders shown.
    expect(screen.getByRole('link', { name: 'Pick list (1 order)' })).toHaveAttribute(
      'href',
      '/admin/pick-list?orders=61',
    );
    fireEvent.change(screen.getByLabelText('Area'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every order shown' }));
    expect(within(bar()).getByText('2 orders selected')).toBeVisible();
    const select = within(bar()).getByLabelText('Rider');
    await within(select).findByRole('option', { name: 'Karim Rider' });
    fireEvent.change(select, { target: { value: '7' } });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('2 orders given to Karim Rider')).toBeVisible();
    expect(sent).toEqual([{ order_ids: [61, 62], rider_id: 7 }]);
    await waitFor(() =>
      expect(row(61).querySelector('[data-label="Rider"]')?.textContent).toBe('Karim Rider'),
    );
    expect(row(62).querySelector('[data-label="Rider"]')?.textContent).toBe('Karim Rider');
  });
});
