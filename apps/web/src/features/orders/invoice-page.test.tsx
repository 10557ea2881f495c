import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { InvoicePage } from './invoice-page';
import type { Order } from './orders-api';

const routes = [{ path: '/invoice/:id', element: <InvoicePage /> }];
const SHOP = {
  'GET /api/shop-info': {
    body: {
      data: {
        name: 'Bazar',
        address: '',
        phone: '',
        payment_numbers: '',
        tz: 'Asia/Dhaka',
        receipt_footer: '',
      },
    },
  },
};

const order = (overrides: Partial<Order>): Order => ({
  id: 60,
  created: '2026-11-22T06:00:00.000Z',
  name: 'Rahim',
  phone: '01712345678',
  address: '',
  area: '',
  subtotal: 195,
  ship: 0,
  discount: 0,
  paid: 195,
  due: 0,
  status: 3,
  note: '',
  type: false,
  terminal: 1,
  carts: [
    {
      id: 1,
      product_id: 11,
      product: { title: 'Chicken Broiler', price: 195 },
      title: 'Chicken Broiler',
      attri: '1 kg',
      price: 195,
      quantity: 1,
      total: 195,
      returned: 0,
    },
  ],
  returned: 0,
  payments: [
    {
      id: 1,
      method: 'nagad',
      amount: 195,
      reference: 'NG1',
      tendered: null,
      created: '2026-11-22T06:00:00.000Z',
      by: 'Rina',
      return_id: null,
    },
  ],
  returns: [],
  cashier: 'Rina',
  shift_id: 3,
  client_id: null,
  provisional: null,
  differences: null,
  ...overrides,
});

describe('InvoicePage (/invoice/{id})', () => {
  it('shows a till sale with the method used and its payments, and no empty address line', async () => {
    localStorage.setItem('info', 'tok');
    mockFetch({ ...SHOP, 'GET /api/order/60': { body: { data: order({}) } } });
    renderRoutes(routes, '/invoice/60');
    const sheet = await screen.findByRole('article', { name: 'Invoice' });
    expect(within(sheet).getByTestId('invoice-methods').textContent).toBe('Payment method: Nagad');
    expect(within(sheet).queryByText(/^Address:/)).toBeNull();
    expect(within(sheet).getByText('Name: Rahim')).toBeTruthy();
    const payments = within(sheet).getByRole('table', { name: 'Payments' });
    expect(within(payments).getByText('NG1')).toBeTruthy();
  });

  it('keeps an online order as it was: its address, and no payment method line', async () => {
    localStorage.setItem('info', 'tok');
    mockFetch({
      ...SHOP,
      'GET /api/order/61': {
        body: {
          data: order({ id: 61, type: true, terminal: 0, address: 'House 4', area: 'Mirpur', payments: [] }),
        },
      },
    });
    renderRoutes(routes, '/invoice/61');
    const sheet = await screen.findByRole('article', { name: 'Invoice' });
    expect(within(sheet).getByText('Address: House 4, Mirpur')).toBeTruthy();
    expect(within(sheet).queryByTestId('invoice-methods')).toBeNull();
    expect(within(sheet).queryByRole('table', { name: 'Payments' })).toBeNull();
  });
});
