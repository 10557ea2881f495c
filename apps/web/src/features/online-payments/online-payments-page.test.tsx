import type { OnlinePayment } from '@bazar/contracts/payments';
import { PERMISSIONS } from '@bazar/contracts/permissions';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminOrderRoutes } from '../../app/admin/admin-order-routes';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { pageOf } from '../../test/page';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { OnlinePaymentsPage } from './online-payments-page';

const routes = [{ path: '/admin/online-payments', element: <OnlinePaymentsPage /> }];

const payment = (overrides: Partial<OnlinePayment>): OnlinePayment => ({
  id: 1,
  order_id: 1001,
  customer: 'Karim',
  phone: '01711000002',
  gateway: 'bkash',
  amount: 1250,
  refunded: 0,
  refund_pending: 0,
  state: 'paid',
  trx_id: 'TRX9A1B2C',
  detail: '',
  checks: 0,
  // 2:30 pm in Dhaka.
  created: '2026-11-28T08:30:00.000Z',
  updated: '2026-11-28T08:31:00.000Z',
  ...overrides,
});

const payments = [
  payment({ id: 7, detail: 'Completed' }),
  payment({
    id: 6,
    order_id: 1002,
    customer: 'Salma',
    phone: '01811000003',
    gateway: 'sslcommerz',
    amount: 800,
    refund_pending: 300,
    state: 'refund_pending',
    trx_id: 'BANK7788',
    detail: 'Refund asked, no answer yet',
    checks: 3,
  }),
  payment({ id: 5, order_id: 1003, amount: 500, refunded: 500, state: 'refunded', trx_id: 'TRX55' }),
  payment({ id: 4, order_id: 1004, amount: 450, state: 'pending', trx_id: null, checks: 1 }),
  payment({
    id: 3,
    order_id: 1005,
    gateway: 'sslcommerz',
    amount: 600,
    state: 'mismatch',
    trx_id: 'BANK99',
    detail: 'Paid 550 instead of 600',
  }),
  payment({
    id: 2,
    order_id: 1006,
    amount: 300,
    state: 'failed',
    trx_id: null,
    detail: 'Insufficient balance',
  }),
  payment({ id: 1, order_id: 1007, amount: 200, state: 'cancelled', trx_id: null }),
];

/** The server's answer: the payments of the asked state, and how many of them need attention. */
function mockPayments(attention = 3) {
  return mockApi({
    'GET /api/profile': signInStaff('owner', PERMISSIONS),
    'GET /api/online-payments': (req) => {
      const state = req.query.get('state');
      const rows = state ? payments.filter((p) => p.state === state) : payments;
      return pageOf(rows, {
        path: '/api/online-payments',
        totals: { attention: state ? rows.filter((p) => p.state === 'refund_pending').length : attention },
      });
    },
  });
}

const table = (name = 'Online payments') => screen.getByRole('table', { name });
const rowOf = (orderLink: string, name?: string) =>
  within(table(name)).getByRole('link', { name: orderLink }).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(() => setLanguage('en'));

describe('OnlinePaymentsPage', () => {
  it('lists each payment with when, the order, the customer, the amount, its state and what the gateway said', async () => {
    mockPayments();
    renderRoutes(routes, '/admin/online-payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Online payments' })).toBeVisible();
    await screen.findByText('Completed');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'When',
      'Order',
      'Customer',
      'Gateway',
      'Amount',
      'State',
      'Transaction id',
      'What the gateway said',
    ]);
    expect(cellsOf(rowOf('#1001'))).toEqual([
      '28 Nov 2026, 2:30 pm',
      '#1001',
      'Karim01711000002',
      'bKash',
      '1,250 BDT',
      'Paid',
      'TRX9A1B2C',
      'Completed',
    ]);
    expect(within(table()).getByRole('link', { name: '#1001' })).toHaveAttribute(
      'href',
      '/admin/print-order/1001',
    );
    expect(cellsOf(rowOf('#1002'))).toEqual([
      '28 Nov 2026, 2:30 pm',
      '#1002',
      'Salma01811000003',
      'SSLCommerz',
      '800 BDT300 BDT refund pending',
      'Refund pending',
      'BANK7788',
      'Refund asked, no answer yet' + 'asked 3 times',
    ]);
    expect(within(rowOf('#1002')).getByText('300 BDT refund pending')).toBeVisible();
    expect(cellsOf(rowOf('#1003'))[4]).toBe('500 BDTrefunded 500 BDT');
    expect(within(rowOf('#1003')).getByText('refunded 500 BDT')).toBeVisible();
    // No transaction id and nothing said yet: a dash; asked once.
    expect(cellsOf(rowOf('#1004')).slice(4)).toEqual(['450 BDT', 'Pending', '—', 'asked 1 time']);
    expect(cellsOf(rowOf('#1007')).slice(4)).toEqual(['200 BDT', 'Cancelled', '—', '—']);

    const badge = (order: string, text: string) =>
      within(rowOf(order)).getByText(text, { selector: '.badge' });
    expect(badge('#1001', 'Paid')).toHaveClass('text-bg-success');
    expect(badge('#1002', 'Refund pending')).toHaveClass('text-bg-warning');
    expect(badge('#1003', 'Refunded')).toHaveClass('text-bg-secondary');
    expect(badge('#1004', 'Pending')).toHaveClass('text-bg-warning');
    expect(badge('#1005', 'Amount mismatch')).toHaveClass('text-bg-danger');
    expect(badge('#1006', 'Failed')).toHaveClass('text-bg-danger');
    expect(badge('#1007', 'Cancelled')).toHaveClass('text-bg-secondary');
    expect(screen.getByText('1–7 of 7')).toBeVisible();
  });

  it('says above the table how many need attention and what the shop does about them', async () => {
    mockPayments(3);
    renderRoutes(routes, '/admin/online-payments');
    const count = await screen.findByText('3 need attention');
    expect(count).toBeVisible();
    const line = count.closest('[role="status"]') as HTMLElement;
    expect(line).toHaveClass('alert', 'alert-warning');
    expect(line.textContent).toBe(
      '3 need attention' +
        'A refund whose answer from the gateway was lost stays pending and its amount reserved: the shop asks bKash every minute (an SSLCommerz one: check SSLCommerz’s merchant panel) and never refunds twice. A payment pending for 15 minutes or more is being asked about too.',
    );
    // Above the table.
    expect(
      line.compareDocumentPosition(await screen.findByRole('table')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('says "needs" for one, and nothing when none needs attention', async () => {
    mockPayments(1);
    const { unmount } = renderRoutes(routes, '/admin/online-payments');
    expect(await screen.findByText('1 needs attention')).toBeVisible();
    unmount();

    mockPayments(0);
    renderRoutes(routes, '/admin/online-payments');
    await screen.findByText('Completed');
    expect(screen.queryByText(/need attention|needs attention/)).toBeNull();
    expect(document.querySelector('.alert')).toBeNull();
  });

  it('filters by state through the URL, and asks the server for that state', async () => {
    const fetchMock = mockPayments();
    const { router } = renderRoutes(routes, '/admin/online-payments');
    await screen.findByText('Completed');
    const form = screen.getByRole('form', { name: 'Filter the online payments' });
    const state = within(form).getByLabelText('State');
    expect(
      within(state)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Every state',
      'Paid',
      'Pending',
      'Failed',
      'Cancelled',
      'Amount mismatch',
      'Refund pending',
      'Refunded',
    ]);
    expect(
      within(within(form).getByLabelText('Gateway'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Every gateway', 'bKash', 'SSLCommerz']);
    expect(within(form).getByLabelText('From')).toHaveAttribute('type', 'date');
    expect(within(form).getByLabelText('To')).toHaveAttribute('type', 'date');

    fireEvent.change(state, { target: { value: 'refund_pending' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('Completed')).toBeNull());
    expect(router.state.location.search).toBe('?state=refund_pending');
    const last = callsTo(fetchMock, 'GET /api/online-payments').at(-1);
    expect(last?.searchParams.get('state')).toBe('refund_pending');
    expect(last?.searchParams.has('gateway')).toBe(false);
    expect(cellsOf(rowOf('#1002'))[4]).toBe('800 BDT300 BDT refund pending');
    expect(within(table()).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('1 needs attention')).toBeVisible();
  });

  it('reads the filters from the URL', async () => {
    const fetchMock = mockPayments();
    renderRoutes(routes, '/admin/online-payments?from=2026-11-01&to=2026-11-30&gateway=sslcommerz');
    await screen.findByText('Completed');
    const sent = callsTo(fetchMock, 'GET /api/online-payments')[0];
    expect(sent?.searchParams.get('from')).toBe('2026-11-01');
    expect(sent?.searchParams.get('to')).toBe('2026-11-30');
    expect(sent?.searchParams.get('gateway')).toBe('sslcommerz');
    expect(sent?.searchParams.has('state')).toBe(false);
    expect(screen.getByLabelText('Gateway')).toHaveValue('sslcommerz');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  });

  it('says so when no payment matches the filter', async () => {
    mockApi({
      'GET /api/profile': signInStaff('owner', PERMISSIONS),
      'GET /api/online-payments': pageOf([], { path: '/api/online-payments', totals: { attention: 0 } }),
    });
    renderRoutes(routes, '/admin/online-payments?state=mismatch');
    expect(await screen.findByText('No online payments for this filter.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads in Bangla, numbers in Bengali digits, order numbers and phones as they are', async () => {
    mockPayments(3);
    renderRoutes(routes, '/admin/online-payments');
    await screen.findByText('Completed');
    await act(() => setLanguage('bn'));
    const bnTitle = 'অনলাইন পেমেন্ট';
    expect(screen.getByRole('heading', { level: 1, name: 'অনলাইন পেমেন্ট' })).toBeVisible();
    expect(screen.getByText('৩টিতে নজর দেওয়া দরকার')).toBeVisible();
    expect(cellsOf(rowOf('#1002', bnTitle)).slice(1)).toEqual([
      '#1002',
      'Salma01811000003',
      'এসএসএলকমার্জ',
      '৮০০ টাকা৩০০ টাকা রিফান্ড বাকি',
      'রিফান্ড বাকি',
      'BANK7788',
      'Refund asked, no answer yet' + '৩ বার জিজ্ঞেস করা হয়েছে',
    ]);
    expect(cellsOf(rowOf('#1001', bnTitle)).slice(3, 6)).toEqual(['বিকাশ', '১,২৫০ টাকা', 'পরিশোধিত']);
    expect(cellsOf(rowOf('#1003', bnTitle))[4]).toBe('৫০০ টাকা৫০০ টাকা রিফান্ড হয়েছে');
    expect(within(rowOf('#1005', bnTitle)).getByText('টাকার অমিল')).toHaveClass('text-bg-danger');
    const form = screen.getByRole('form', { name: 'অনলাইন পেমেন্ট ছাঁকুন' });
    expect(within(form).getByRole('button', { name: 'খুঁজুন' })).toBeVisible();
    expect(within(form).getByRole('option', { name: 'সব অবস্থা' })).toBeInTheDocument();
    expect(within(form).getByRole('option', { name: 'অপেক্ষমাণ' })).toBeInTheDocument();
  });
});

describe('the Online payments route', () => {
  it('is /admin/online-payments, for who may refund online payments, and opens this screen', async () => {
    const route = adminOrderRoutes.find((r) => r.path === 'online-payments');
    expect(route?.handle).toEqual({ permission: 'orders.refund_online' });
    mockPayments();
    renderRoutes([{ path: '/admin', children: adminOrderRoutes }], '/admin/online-payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Online payments' })).toBeVisible();
  });
});
