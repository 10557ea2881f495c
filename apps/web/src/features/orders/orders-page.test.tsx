import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf } from '../../test/page';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import type { Order } from './orders-api';
import { OrdersPage } from './orders-page';

const makeOrder = (id: number, status: number): Order => ({
  id,
  created: '2025-03-05T09:04:00.000Z',
  name: 'Rahim',
  phone: '01712345678',
  address: 'House 4, Road 2',
  area: 'Mirpur',
  subtotal: 390,
  ship: 50,
  discount: 10,
  paid: 0,
  due: 430,
  status,
  note: 'Ring twice',
  type: true,
  terminal: 0,
  carts: [
    {
      id: id * 10,
      product_id: 11,
      product: { title: 'Chicken Broiler', price: 195 },
      title: 'Chicken Broiler',
      attri: '1 kg',
      title_bn: '',
      attri_bn: '',
      price: 195,
      quantity: 2,
      total: 390,
      returned: 0,
    },
  ],
  returned: 0,
  payments: [],
  returns: [],
  cashier: null,
  shift_id: null,
  client_id: null,
  provisional: null,
  differences: null,
  lang: 'en',
});

const statuses = [
  [0, 'Processing'],
  [1, 'Collecting Product'],
  [2, 'Out for Delivery'],
  [3, 'Delivered'],
  [4, 'Canceled'],
  [7, 'Complete'],
] as const;

describe('OrdersPage', () => {
  it('shows each order with its status text, Dhaka time and the amount to pay', async () => {
    localStorage.setItem('info', 'tok');
    localStorage.setItem('phone', '01712345678');
    mockFetch({
      'GET /api/orders/01712345678': {
        body: pageOf(statuses.map(([status], index) => makeOrder(index + 1, status))),
      },
    });
    renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
    for (const [index, [, text]] of statuses.entries()) {
      const card = await screen.findByRole('article', { name: `Order #${index + 1}` });
      expect(within(card).getByText(text, { exact: true })).toBeTruthy();
      // 09:04 UTC is 3:04 pm in Dhaka; 390 + 50 − 10 to pay.
      expect(within(card).getByText('05 Mar 2025, 3:04 pm')).toBeTruthy();
      expect(within(card).getByText('430 BDT')).toBeTruthy();
    }

    fireEvent.click(screen.getByRole('button', { name: 'View order #2' }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText('Ring twice')).toBeTruthy();
    const row = within(modal).getByRole('row', { name: /Chicken Broiler/ });
    expect(row.textContent).toContain('195 BDT');
    expect(row.textContent).toContain('1 kg');
    expect(within(modal).getByRole('link', { name: 'Invoice' }).getAttribute('href')).toBe('/invoice/2');
  });

  it('says so when there are no orders', async () => {
    localStorage.setItem('info', 'tok');
    localStorage.setItem('phone', '01712345678');
    mockFetch({ 'GET /api/orders/01712345678': { body: pageOf([]) } });
    renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
    expect(await screen.findByText('You have not placed any orders yet.')).toBeTruthy();
  });

  it('pages through many orders, 50 at a time, newest first', async () => {
    localStorage.setItem('info', 'tok');
    localStorage.setItem('phone', '01712345678');
    const page = (n: number) =>
      pageOf([makeOrder(200 - n, 0)], { page: n, total: 120, path: '/api/orders/01712345678' });
    const fetchMock = mockFetch({
      'GET /api/orders/01712345678': { body: page(1) },
      'GET /api/orders/01712345678?page=2': { body: page(2) },
    });
    renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
    expect(await screen.findByRole('article', { name: 'Order #199' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Order #198' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Order #199' })).toBeNull();
    expect(
      fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/orders')),
    ).toEqual(['/api/orders/01712345678', '/api/orders/01712345678?page=2']);
  });
});
