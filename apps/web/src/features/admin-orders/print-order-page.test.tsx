import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { PrintOrderPage } from './print-order-page';
import { adminOrder } from './test-data';

const routes = [{ path: '/admin/print-order/:id', element: <PrintOrderPage /> }];
const SHOP = {
  'GET /api/shop-info': {
    data: {
      name: 'Bazar Mirpur',
      address: 'Road 5',
      phone: '',
      payment_numbers: '',
      tz: 'Asia/Dhaka',
      receipt_footer: '',
    },
  },
} satisfies Parameters<typeof mockApi>[0];

const payment = (id: number, method: 'cash' | 'bkash', amount: number, extra = {}) => ({
  id,
  method,
  amount,
  reference: null,
  tendered: null,
  created: '2026-11-22T06:00:00.000Z',
  by: 'Rina',
  return_id: null,
  ...extra,
});

/** A walk-in till sale paid in cash (1000 handed over) and bKash, with 1 of 2 rice returned and refunded. */
const tillSale = adminOrder({
  id: 50,
  name: '',
  phone: '',
  address: '',
  area: '',
  type: false,
  terminal: 1,
  status: 3,
  cashier: 'Rina',
  subtotal: 420,
  ship: 0,
  discount: 0,
  paid: 420,
  due: 0,
  returned: 420,
  carts: [
    {
      id: 1,
      product_id: 7,
      product: { title: 'Miniket Rice', price: 420 },
      title: 'Miniket Rice',
      attri: '5 kg',
      title_bn: '',
      attri_bn: '',
      price: 420,
      quantity: 2,
      unit: 'pcs',
      label_poisha: null,
      total: 840,
      returned: 1,
    },
  ],
  payments: [
    payment(1, 'cash', 640, { tendered: 1000 }),
    payment(2, 'bkash', 200, { reference: 'BK9' }),
    payment(3, 'cash', -420, { return_id: 7, created: '2026-11-22T08:00:00.000Z' }),
  ],
  returns: [
    {
      id: 7,
      value: 420,
      reason: 'Damaged bag',
      created: '2026-11-22T08:00:00.000Z',
      by: 'Rina',
      lines: [{ product_id: 7, title: 'Miniket Rice', attri: '5 kg', price: 420, quantity: 1 }],
    },
  ],
});

describe('PrintOrderPage', () => {
  it('prints a till sale with the methods actually used, its payments and returns, no rider and no empty lines', async () => {
    mockApi({ ...SHOP, 'GET /api/order/:id': { data: tillSale } });
    renderRoutes(routes, '/admin/print-order/50');
    const invoice = await screen.findByRole('article', { name: 'Invoice' });
    expect(await within(invoice).findByText('Bazar Mirpur')).toBeVisible();
    expect(within(invoice).getByTestId('invoice-methods').textContent).toBe('Payment method: Cash, bKash');
    expect(within(invoice).queryByText('Payment method: Cash/Bkash/Nagad')).toBeNull();
    expect(within(invoice).queryByRole('heading', { name: 'Rider Token' })).toBeNull();
    expect(within(invoice).queryByText(/^Address:/)).toBeNull();
    expect(within(invoice).queryByText(/^Name:/)).toBeNull();
    expect(within(invoice).getByText('Cashier: Rina')).toBeVisible();
    // The lines as sold, what came back, and the total after it.
    expect(within(invoice).getByText('returned 1')).toBeVisible();
    const foot = [...invoice.querySelectorAll('.invoice-table tfoot tr')].map((tr) => tr.textContent);
    expect(foot).toEqual(['Sold840', 'Returned−420', 'Total420']);

    const payments = within(invoice).getByRole('table', { name: 'Payments' });
    const rows = within(payments)
      .getAllByRole('row')
      .slice(1)
      .map((tr) =>
        within(tr)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(rows).toEqual([
      ['22 Nov 2026, 12:00 pm', 'Cash', '640Tendered 1,000, change 360', '', 'Rina'],
      ['22 Nov 2026, 12:00 pm', 'bKash', '200', 'BK9', 'Rina'],
      ['22 Nov 2026, 2:00 pm', 'CashRefundfor return #7', '−420', '', 'Rina'],
    ]);
    const returns = within(invoice).getByRole('region', { name: 'Returns' });
    expect(returns.textContent).toContain('Return #7');
    expect(returns.textContent).toContain('Reason: Damaged bag');
    expect(returns.textContent).toContain('Value 420 BDT');

    expect(screen.getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      '/admin/receipt/50?print=1',
    );
  });

  it("keeps the spec's invoice for an online order: rider token and the payment line", async () => {
    mockApi({ ...SHOP, 'GET /api/order/:id': { data: adminOrder() } });
    renderRoutes(routes, '/admin/print-order/41');
    const invoice = await screen.findByRole('article', { name: 'Invoice' });
    expect(within(invoice).getByRole('heading', { name: 'Rider Token' })).toBeVisible();
    expect(within(invoice).getByText('Pay to rider: 800 BDT')).toBeVisible();
    expect(within(invoice).getByText('Payment method: Cash/Bkash/Nagad')).toBeVisible();
    expect(within(invoice).getByText('Address: House 3, Road 2, Mirpur')).toBeVisible();
    expect(within(invoice).queryByRole('table', { name: 'Payments' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Receipt' })).toBeNull();
  });

  it("prints in the customer's language while the screen stays English, and Print in chooses another", async () => {
    const bangla = adminOrder({
      lang: 'bn',
      paid: 0,
      due: 900,
      carts: [
        {
          id: 1,
          product_id: 7,
          product: { title: 'Miniket Rice', price: 420 },
          title: 'Miniket Rice',
          attri: '5 kg',
          title_bn: 'মিনিকেট চাল',
          attri_bn: '৫ কেজি',
          price: 420,
          quantity: 2,
          unit: 'pcs',
          label_poisha: null,
          total: 840,
          returned: 0,
        },
      ],
    });
    mockApi({ ...SHOP, 'GET /api/order/:id': { data: bangla } });
    renderRoutes(routes, '/admin/print-order/41');
    const invoice = await screen.findByRole('article', { name: 'ইনভয়েস' });
    expect(invoice).toHaveAttribute('lang', 'bn');
    expect(within(invoice).getByRole('columnheader', { name: 'পণ্যের নাম' })).toBeVisible();
    expect(within(invoice).getByRole('cell', { name: 'মিনিকেট চাল' })).toBeVisible();
    expect(within(invoice).getByRole('cell', { name: '৫ কেজি' })).toBeVisible();
    expect(within(invoice).getByText('রাইডারকে দিন: ৯০০ টাকা')).toBeVisible();
    expect(within(invoice).getByText('অর্ডার নং: #41', { selector: '.fw-semibold' })).toBeVisible();
    expect(within(invoice).queryByText('Miniket Rice')).toBeNull();
    // The tools around it speak the screen's English.
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    const printIn = screen.getByLabelText('Print in');
    expect(printIn).toHaveValue('bn');

    fireEvent.change(printIn, { target: { value: 'en' } });
    const english = await screen.findByRole('article', { name: 'Invoice' });
    expect(english).toHaveAttribute('lang', 'en');
    expect(within(english).getByRole('cell', { name: 'Miniket Rice' })).toBeVisible();
    expect(within(english).getByText('Pay to rider: 900 BDT')).toBeVisible();
  });

  it('opens the Return dialog from the print page', async () => {
    mockApi({ ...SHOP, 'GET /api/order/:id': { data: adminOrder() } });
    renderRoutes(routes, '/admin/print-order/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return' });
    expect(within(dialog).getByLabelText('Quantity of Miniket Rice 5 kg to return')).toBeVisible();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
