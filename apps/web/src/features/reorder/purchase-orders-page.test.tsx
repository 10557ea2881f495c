import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { PurchaseOrdersPage } from './purchase-orders-page';
import { makeOrder, orderLine } from './test-data';

const routes = [
  {
    path: '/admin/purchase-orders',
    element: (
      <>
        <PurchaseOrdersPage />
        <LocationProbe />
      </>
    ),
  },
];

const draft = makeOrder({ id: 50 });
const partly = makeOrder({
  id: 49,
  status: 'partly_received',
  created: '2026-11-18T06:00:00.000Z',
  supplier: { id: 1, name: 'Meghna Wholesale', phone: '' },
  lines: [orderLine({ received: 20 }), orderLine({ product_id: 9, qty: 10, received: 0 })],
});

const rowOf = (id: number) => document.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement;

describe('the purchase orders list', () => {
  it('lists the orders: supplier, status, total, created and how much came; each opens its page', async () => {
    mockApi({ 'GET /api/purchase-orders': { data: [draft, partly] } });
    renderRoutes(routes, '/admin/purchase-orders');
    expect(await screen.findByText('Meghna Wholesale')).toBeVisible();
    expect(screen.getByTestId('purchase-orders-count').textContent).toBe('2 purchase orders');
    for (const name of ['Order', 'Supplier', 'Status', 'Total', 'Created', 'Received']) {
      expect(screen.getByRole('columnheader', { name })).toBeVisible();
    }
    const row = within(rowOf(49));
    expect(row.getByRole('link', { name: 'Purchase order #49' }).getAttribute('href')).toBe(
      '/admin/purchase-orders/49',
    );
    expect(row.getByText('Partly received')).toBeVisible();
    expect(row.getByText('9,300')).toBeVisible();
    expect(row.getByText('18 Nov 2026')).toBeVisible();
    expect(row.getByTestId('order-received').textContent).toBe('50% received');
    expect(within(rowOf(50)).getByTestId('order-received').textContent).toBe('0% received');
    expect(screen.getByRole('link', { name: 'New purchase order' }).getAttribute('href')).toBe(
      '/admin/purchase-orders/new',
    );
    expect(screen.getByRole('link', { name: 'What to order' }).getAttribute('href')).toBe('/admin/reorder');
  });

  it('filters by status, kept in the URL', async () => {
    const fetchMock = mockApi({
      'GET /api/purchase-orders': ({ query }) => ({
        data: [draft, partly].filter((o) => !query.get('status') || o.status === query.get('status')),
      }),
    });
    renderRoutes(routes, '/admin/purchase-orders');
    await screen.findByText('Meghna Wholesale');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'partly_received' } });
    await waitFor(() => expect(rowOf(50)).toBeNull());
    expect(rowOf(49)).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/purchase-orders?status=partly_received');
    expect(callsTo(fetchMock, 'GET /api/purchase-orders').map((u) => u.search)).toEqual([
      '',
      '?status=partly_received',
    ]);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } });
    expect(await screen.findByText('No purchase orders with this status.')).toBeVisible();
  });

  it('speaks Bangla', async () => {
    mockApi({ 'GET /api/purchase-orders': { data: [partly] } });
    renderRoutes(routes, '/admin/purchase-orders?status=partly_received');
    await screen.findByText('Meghna Wholesale');
    expect(screen.getByLabelText('Status')).toHaveValue('partly_received');
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'ক্রয় অর্ডার' })).toBeVisible();
    expect(within(rowOf(49)).getByTestId('order-received').textContent).toBe('৫০% এসেছে');
    expect(within(rowOf(49)).getByText('৯,৩০০')).toBeVisible();
  });
});
