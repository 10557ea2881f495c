import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { CustomerDuesPage } from './customer-dues-page';
import type { CustomerDues } from './customers-api';

const routes = [{ path: '/admin/customer/:id', element: <CustomerDuesPage /> }];

const dues = (orders: CustomerDues['orders']): { data: CustomerDues } => ({
  data: {
    customer: {
      id: 5,
      credit_limit: null,
      sms_opt_out: false,
      name: 'Rahim Uddin',
      phone: '01711111111',
      area: 'Mirpur',
      address: 'House 9, Road 4',
      balance: 40,
      point: 0,
      status: 1,
      due: orders.reduce((sum, order) => sum + order.due, 0),
      lang: 'en',
    },
    orders,
  },
});
const OPEN = [
  { id: 31, created: '2026-11-01T06:00:00.000Z', total: 500, paid: 200, due: 300 },
  { id: 38, created: '2026-11-10T06:00:00.000Z', total: 250, paid: 0, due: 250 },
];

/** The column names a row's cells carry for a phone's card. */
const labels = (row: Element) =>
  [...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'));

describe('CustomerDuesPage', () => {
  it('shows the advance balance, what the customer owes and the open dues, oldest first', async () => {
    mockApi({ 'GET /api/customer/dues/:id': dues(OPEN) });
    renderRoutes(routes, '/admin/customer/5');
    await screen.findByRole('heading', { name: 'Rahim Uddin' });
    expect(screen.getByTestId('customer-balance').textContent).toBe('40 BDT');
    expect(screen.getByTestId('customer-owes').textContent).toBe('550 BDT');
    const table = screen.getByRole('table', { name: 'Open dues' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1, 3)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Order #31', '01 Nov 2026', '500', '200', '300'],
      ['Order #38', '10 Nov 2026', '250', '0', '250'],
    ]);
    // A phone hides the heads (admin-cards.css): each figure carries its column's name.
    expect(table.classList.contains('admin-cards')).toBe(true);
    expect(labels(within(table).getAllByRole('row')[1]!)).toEqual(['Total', 'Paid', 'Due']);
    expect(within(table).getByRole('link', { name: 'Order #31' }).getAttribute('href')).toBe(
      '/admin/print-order/31',
    );
    expect(screen.getByRole('link', { name: 'View Orders' }).getAttribute('href')).toBe(
      '/admin/orders?field=Phone&value=01711111111',
    );
  });

  it('refuses more than is owed with "Amount is large" and sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/customer/dues/:id': dues(OPEN) });
    renderRoutes(routes, '/admin/customer/5');
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '551' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment' }));
    expect(await screen.findByText('Amount is large')).toBeVisible();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('takes a payment (oldest dues first on the server), with an SMS receipt when ticked, and reads the dues again', async () => {
    let reads = 0;
    const fetchMock = mockApi({
      'GET /api/customer/dues/:id': () =>
        reads++ === 0 ? dues(OPEN) : dues([{ ...OPEN[1]!, paid: 50, due: 200 }]),
      'POST /api/customer/pay/:id': {
        data: {
          paid: [
            { order_id: 31, amount: 300 },
            { order_id: 38, amount: 50 },
          ],
          due: 200,
        },
      },
    });
    renderRoutes(routes, '/admin/customer/5');
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '350' } });
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'bkash' } });
    fireEvent.change(screen.getByLabelText('Reference (optional)'), { target: { value: 'BK77X' } });
    fireEvent.click(screen.getByLabelText('Send the customer an SMS receipt'));
    fireEvent.click(screen.getByRole('button', { name: 'Save payment' }));

    const done = await screen.findByTestId('dues-settled');
    expect(done.textContent).toContain('Payment of 350 BDT saved; still due 200 BDT');
    expect(
      within(done)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Paid 300 BDT on order #31', 'Paid 50 BDT on order #38']);
    expect(sentBody(fetchMock, 'POST /api/customer/pay/5')).toEqual({
      amount: 350,
      method: 'bkash',
      reference: 'BK77X',
      sms: true,
    });
    await waitFor(() => expect(screen.getByTestId('customer-owes').textContent).toBe('200 BDT'));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
  });

  it('offers no payment when nothing is due, and says so for an unknown customer', async () => {
    mockApi({
      'GET /api/customer/dues/:id': ({ params }) =>
        params.id === '5' ? dues([]) : refuse(404, { message: 'Customer not found.', code: 'not_found' }),
    });
    const first = renderRoutes(routes, '/admin/customer/5');
    expect(await screen.findByText('Nothing is due.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save payment' })).toBeDisabled();
    first.unmount();
    renderRoutes(routes, '/admin/customer/9');
    expect(await screen.findByText('Page not found')).toBeVisible();
  });
});
