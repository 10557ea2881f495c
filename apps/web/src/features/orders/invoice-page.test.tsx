import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi } from '../../test/fetch-mock';
import { makeSale } from '../../test/orders';
import { renderRoutes } from '../../test/render';
import { InvoicePage } from './invoice-page';
import type { Order } from './orders-api';

const routes = [{ path: '/invoice/:id', element: <InvoicePage /> }];
const SHOP = {
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
} satisfies Parameters<typeof mockApi>[0];

/** Rahim's till sale of a chicken, paid by Nagad. */
const order = (overrides: Partial<Order>): Order =>
  makeSale({
    id: 60,
    created: '2026-11-22T06:00:00.000Z',
    name: 'Rahim',
    phone: '01712345678',
    subtotal: 195,
    paid: 195,
    due: 0,
    carts: [
      {
        id: 1,
        product_id: 11,
        product: { title: 'Chicken Broiler', price: 195 },
        title: 'Chicken Broiler',
        attri: '1 kg',
        title_bn: '',
        attri_bn: '',
        price: 195,
        quantity: 1,
        unit: 'pcs',
        label_poisha: null,
        total: 195,
        returned: 0,
      },
    ],
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
    cashier: 'Rina',
    shift_id: 3,
    lang: 'en',
    ...overrides,
  });

afterEach(() => setLanguage('en'));

describe('InvoicePage (/invoice/{id})', () => {
  it('shows a till sale with the method used and its payments, and no empty address line', async () => {
    localStorage.setItem('info', 'tok');
    mockApi({ ...SHOP, 'GET /api/order/:id': { data: order({}) } });
    renderRoutes(routes, '/invoice/60');
    const sheet = await screen.findByRole('article', { name: 'Invoice' });
    expect(within(sheet).getByTestId('invoice-methods').textContent).toBe('Payment method: Nagad');
    expect(within(sheet).queryByText(/^Address:/)).toBeNull();
    expect(within(sheet).getByText('Name: Rahim')).toBeVisible();
    const payments = within(sheet).getByRole('table', { name: 'Payments' });
    expect(within(payments).getByText('NG1')).toBeVisible();
  });

  it('keeps an online order as it was: its address, and no payment method line', async () => {
    localStorage.setItem('info', 'tok');
    mockApi({
      ...SHOP,
      'GET /api/order/:id': {
        data: order({ id: 61, type: true, terminal: 0, address: 'House 4', area: 'Mirpur', payments: [] }),
      },
    });
    renderRoutes(routes, '/invoice/61');
    const sheet = await screen.findByRole('article', { name: 'Invoice' });
    expect(within(sheet).getByText('Address: House 4, Mirpur')).toBeVisible();
    expect(within(sheet).queryByTestId('invoice-methods')).toBeNull();
    expect(within(sheet).queryByRole('table', { name: 'Payments' })).toBeNull();
  });

  it('writes rates, quantities and amounts in Bengali digits in Bangla; the order number and phone as they are', async () => {
    await setLanguage('bn');
    localStorage.setItem('info', 'tok');
    const line = { ...order({}).carts[0]!, price: 1250, quantity: 2, total: 2500 };
    const payment = { ...order({}).payments[0]!, amount: 2500 };
    mockApi({
      ...SHOP,
      'GET /api/order/:id': {
        data: order({ id: 62, subtotal: 2500, paid: 2500, carts: [line], payments: [payment] }),
      },
    });
    renderRoutes(routes, '/invoice/62');
    const sheet = await screen.findByRole('article');
    const [product, payments] = within(sheet).getAllByRole('table');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // SL, product, attribute (as typed), rate, quantity, price.
    expect(cells(within(product!).getAllByRole('row')[1]!)).toEqual([
      '১',
      'Chicken Broiler',
      '1 kg',
      '১,২৫০',
      '২',
      '২,৫০০',
    ]);
    expect(within(product!).getAllByText('২,৫০০ টাকা').length).toBeGreaterThan(0);
    expect(within(payments!).getByText('২,৫০০')).toBeVisible();
    expect(within(sheet).getByText('অর্ডার নং: #62')).toBeVisible();
    expect(within(sheet).getByText('ফোন: 01712345678')).toBeVisible();
  });
});
