import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './orders-page';
import { PrintOrderPage } from './print-order-page';
import { adminOrder, ordersPage } from './test-data';

const routes = [{ path: '/admin/orders', element: <OrdersPage /> }];
const slotted = adminOrder({
  id: 51,
  name: 'Salma',
  slot: { date: '2026-03-11', start: '16:00', end: '18:00' },
});
const plain = adminOrder({ id: 52, name: 'Karim', slot: null });
const slotSettings = {
  data: {
    slots: [
      { start: '10:00', end: '12:00', capacity: 5 },
      { start: '16:00', end: '18:00', capacity: 5 },
    ],
    days_ahead: 2,
    cutoff_minutes: 60,
  },
};

describe('OrdersPage: delivery slots', () => {
  it('shows the slot under the date of an order that has one', async () => {
    mockApi({
      'GET /api/orders': ordersPage([slotted, plain]),
      'GET /api/delivery-slots/settings': slotSettings,
    });
    renderRoutes(routes, '/admin/orders');
    await screen.findByText('Salma');
    const row = document.querySelector('tr[data-order-id="51"]') as HTMLElement;
    expect(within(row).getByText('Slot: 11 Mar 2026 16:00–18:00')).toBeVisible();
    const other = document.querySelector('tr[data-order-id="52"]') as HTMLElement;
    expect(other.textContent).not.toContain('Slot:');
  });

  it('filters by slot day and slot with the filter bar, the spec fields unchanged', async () => {
    const fetchMock = mockApi({
      'GET /api/orders': ordersPage([slotted, plain]),
      'GET /api/delivery-slots/settings': slotSettings,
      'GET /api/order-filter': ordersPage([slotted]),
    });
    renderRoutes(routes, '/admin/orders');
    const slot = await screen.findByLabelText('Slot');
    expect(within(slot).getByRole('option', { name: '16:00–18:00' })).toBeVisible();
    fireEvent.change(screen.getByLabelText('Slot day'), { target: { value: '2026-03-11' } });
    fireEvent.change(slot, { target: { value: '16:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('Karim')).toBeNull());
    expect(callsTo(fetchMock, 'GET /api/order-filter').map((url) => url.search)).toEqual([
      '?field=ID&type=2&status=0&slot_date=2026-03-11&slot_start=16%3A00',
    ]);
  });

  it("Today's deliveries lists the day's slotted orders in the server's slot order", async () => {
    const early = adminOrder({
      id: 61,
      name: 'Early',
      slot: { date: '2026-03-10', start: '10:00', end: '12:00' },
    });
    const late = adminOrder({
      id: 62,
      name: 'Late',
      slot: { date: '2026-03-10', start: '16:00', end: '18:00' },
    });
    mockApi({
      'GET /api/orders': ordersPage([plain]),
      'GET /api/delivery-slots/settings': slotSettings,
      'GET /api/orders/deliveries': { data: [early, late] },
    });
    renderRoutes(routes, '/admin/orders');
    const toggle = await screen.findByRole('button', { name: "Today's deliveries" });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = (await screen.findByText('Early')).closest('table') as HTMLElement;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      '10:00–12:00',
      '16:00–18:00',
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: '61' })).toHaveAttribute(
      'href',
      '/admin/print-order/61',
    );
    // On a phone the row is a card: what the rider collects under its name.
    expect(rows[0]!.querySelector('[data-label="Due"]')?.textContent).toBe('800');
  });

  it('the print page shows the slot under the address and in the Rider block', async () => {
    mockApi({
      'GET /api/shop-info': {
        data: {
          name: 'Bazar',
          address: '',
          phone: '',
          payment_numbers: '',
          tz: 'Asia/Dhaka',
          receipt_footer: '',
        },
      },
      'GET /api/order/:id': { data: slotted },
    });
    renderRoutes([{ path: '/admin/print-order/:id', element: <PrintOrderPage /> }], '/admin/print-order/51');
    const invoice = await screen.findByRole('article', { name: 'Invoice' });
    expect(within(invoice).getAllByText('Delivery: 11 Mar 2026, 16:00–18:00')).toHaveLength(2);
    const rider = within(invoice).getByRole('region', { name: 'Rider Token' });
    expect(within(rider).getByText('Delivery: 11 Mar 2026, 16:00–18:00')).toBeVisible();
  });
});
