import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './orders-page';
import { adminOrder, ordersPage } from './test-data';

const routes = [{ path: '/admin/orders', element: <OrdersPage /> }];

const synced = adminOrder({
  id: 57,
  terminal: 1,
  type: false,
  created: '2026-11-25T04:30:00.000Z',
  client_id: '6f1d7c1e-3b1a-4c55-9a55-0f4d3a1b2c3d',
  provisional: 'T-K3F9C2-7',
  differences: [
    { product_id: 7, title: 'Miniket Rice', attri: '5 kg', till_price: 380, server_price: 400 },
    { product_id: 9, title: 'Deshi Potato', attri: '', till_price: 60, server_price: null },
  ],
});

/** The column names a row's cells carry for a phone's card. */
const labels = (row: Element) =>
  [...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'));

describe('Synced with differences', () => {
  it("lists synced till sales with each line's till price beside the shop's, or deleted", async () => {
    mockApi({
      'GET /api/orders': ordersPage([adminOrder()]),
      'GET /api/orders/differences': { data: [synced] },
    });
    renderRoutes(routes, '/admin/orders');
    const button = await screen.findByRole('button', { name: 'Synced with differences' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    const section = await screen.findByRole('region', { name: 'Sales synced with differences' });
    expect(await within(section).findByRole('link', { name: 'Receipt of order #57' })).toBeVisible();
    expect(within(section).getByText('Till number T-K3F9C2-7')).toBeVisible();
    expect(within(section).getByText('Sold 25 Nov 2026, 10:30 am')).toBeVisible();
    const lines = Array.from(section.querySelectorAll('tbody tr:not(.differences-order)')).map((row) =>
      Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent),
    );
    expect(lines).toEqual([
      ['Miniket Rice (5 kg)', '380 BDT', '400 BDT', '-20 BDT'],
      ['Deshi Potato', '60 BDT', 'deleted', ''],
    ]);
    // A phone hides the heads (admin-cards.css): each figure carries its column's name.
    expect(section.querySelector('table')!.classList.contains('admin-cards')).toBe(true);
    expect(labels(section.querySelector('tbody tr:not(.differences-order)')!)).toEqual([
      'Till price',
      'Shop price at sync',
      'Difference',
    ]);
    expect(screen.getByRole('button', { name: 'Synced with differences' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByText('Rahim Uddin')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Sales synced with differences' })).toBeNull();
  });

  it('says so when no synced sale differs', async () => {
    const fetchMock = mockApi({
      'GET /api/orders': ordersPage([]),
      'GET /api/orders/differences': { data: [] },
    });
    renderRoutes(routes, '/admin/orders?view=differences');
    expect((await screen.findByText('No synced sale differs from the shop’s prices.')).tagName).toBe('P');
    // The orders list under the view is not read until the view closes.
    expect(callsTo(fetchMock, 'GET /api/orders')).toEqual([]);
  });
});
