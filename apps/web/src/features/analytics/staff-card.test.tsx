import type { DailyReportRow, ProfitLoss } from '@bazar/contracts/cash';
import type { StaffDay } from '@bazar/contracts/reports';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, refuse } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { AnalyticsPage } from './analytics-page';
import { StaffCard } from './staff-card';

const staffDay = (overrides: Partial<StaffDay>): StaffDay => ({
  day: '2026-11-22',
  staff_id: 3,
  name: 'Rina',
  sales: 0,
  sales_total: 0,
  returns: 0,
  returns_value: 0,
  discounts: 0,
  voids: 0,
  cash_difference: 0,
  ...overrides,
});

/** Newest day first, then by name, as the server answers. */
const rows: StaffDay[] = [
  staffDay({ staff_id: 4, name: 'Karim', sales: 3, sales_total: 1250 }),
  staffDay({
    sales: 12,
    sales_total: 15400,
    returns: 1,
    returns_value: 250,
    discounts: 120,
    voids: 1,
    cash_difference: -20,
  }),
  staffDay({ day: '2026-11-21', voids: 2, cash_difference: 35 }),
];

const cells = (tr: Element) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent);

/** The card for the days `from`..`to`, as the Analytics page passes them. */
const renderCard = (from = '', to = '') =>
  renderRoutes(
    [{ path: '/admin/analytics', element: <StaffCard range={{ from, to }} /> }],
    '/admin/analytics',
  );

describe('StaffCard', () => {
  it('lists each person’s day: sales, total, returns, discounts, voids and the cash difference', async () => {
    const fetchMock = mockApi({ 'GET /api/analytics/staff': { data: rows } });
    renderCard('2026-11-21', '2026-11-22');
    const table = await screen.findByRole('table', { name: 'By staff' });
    const [head, ...body] = within(table).getAllByRole('row');
    expect(cells(head!)).toEqual([
      'Day',
      'Person',
      'Sales',
      'Sales total',
      'Returns',
      'Discounts',
      'Voids',
      'Cash difference',
    ]);
    expect(body.map(cells)).toEqual([
      ['22 Nov 2026', 'Karim', '3', '1,250 BDT', '0', '0 BDT', '0', '0 BDT'],
      ['22 Nov 2026', 'Rina', '12', '15,400 BDT', '1 (250 BDT)', '120 BDT', '1', '−20 BDT'],
      ['21 Nov 2026', 'Rina', '0', '0 BDT', '0', '0 BDT', '2', '+35 BDT'],
    ]);
    // Short in red, over in green.
    expect(within(body[1]!).getByText('−20 BDT').classList.contains('text-danger')).toBe(true);
    expect(within(body[2]!).getByText('+35 BDT').classList.contains('text-success')).toBe(true);
    // A phone's card names each figure.
    expect([...body[1]!.querySelectorAll('[data-label]')].map((c) => c.getAttribute('data-label'))).toEqual([
      'Day',
      'Sales',
      'Sales total',
      'Returns',
      'Discounts',
      'Voids',
      'Cash difference',
    ]);
    expect(
      callsTo(fetchMock, 'GET /api/analytics/staff').map((url) => Object.fromEntries(url.searchParams)),
    ).toEqual([{ from: '2026-11-21', to: '2026-11-22' }]);
  });

  it('writes the days, amounts and counts in Bangla with Bengali digits', async () => {
    mockApi({ 'GET /api/analytics/staff': { data: rows } });
    renderCard();
    await screen.findByRole('table', { name: 'By staff' });
    await act(() => setLanguage('bn'));
    const table = screen.getByRole('table', { name: 'কর্মী অনুযায়ী' });
    const [head, ...body] = within(table).getAllByRole('row');
    expect(cells(head!)).toEqual([
      'দিন',
      'কর্মী',
      'বিক্রি',
      'মোট বিক্রি',
      'রিটার্ন',
      'ছাড়',
      'বাতিল',
      'ক্যাশের পার্থক্য',
    ]);
    expect(body.map(cells)).toEqual([
      ['২২ নভে, ২০২৬', 'Karim', '৩', '১,২৫০ টাকা', '০', '০ টাকা', '০', '০ টাকা'],
      ['২২ নভে, ২০২৬', 'Rina', '১২', '১৫,৪০০ টাকা', '১টি (২৫০ টাকা)', '১২০ টাকা', '১', '−২০ টাকা'],
      ['২১ নভে, ২০২৬', 'Rina', '০', '০ টাকা', '০', '০ টাকা', '২', '+৩৫ টাকা'],
    ]);
  });

  it('says so when nobody sold, took a return or closed a shift on those days', async () => {
    mockApi({ 'GET /api/analytics/staff': { data: [] } });
    renderCard('2026-11-01', '2026-11-02');
    expect(await screen.findByText('No sales, returns or shifts by staff on these days.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    await act(() => setLanguage('bn'));
    expect(screen.getByText('এই দিনগুলোতে কর্মীদের কোনো বিক্রি, রিটার্ন বা শিফট নেই।')).toBeVisible();
  });
});

describe('the Analytics page’s By staff card', () => {
  const methods = { cash: 0, bkash: 0, nagad: 0, card: 0, balance: 0 };
  const today: ProfitLoss = {
    day: '2026-11-22',
    order_count: 0,
    order_total: 0,
    order_paid: 0,
    order_due: 0,
    expance: 0,
    received: 0,
    invested: 0,
    owed_to_shop: 0,
    owed_to_suppliers: 0,
    by_method: methods,
    refunds: 0,
    returns: 0,
    cash_moves: 0,
    cash_sales: 0,
    float: 0,
    cash_suppliers: 0,
    drawer: 0,
  };
  const report: DailyReportRow[] = [];
  /** The days asked for, as "from|to" ('|' for all). */
  const rangeOf = (query: URLSearchParams) => `${query.get('from') ?? ''}|${query.get('to') ?? ''}`;
  const staff: Record<string, StaffDay[]> = { '|': rows, '2026-11-01|2026-11-20': [] };

  it('shows the days searched on the page', async () => {
    const fetchMock = mockApi({
      'GET /api/daily-report': { data: report },
      'GET /api/profit-loss': today,
      'GET /api/shifts': { data: [] },
      'GET /api/analytics/staff': ({ query }) => {
        const found = staff[rangeOf(query)];
        return found ? { data: found } : refuse(500, { message: `no staff days for ${rangeOf(query)}` });
      },
    });
    renderRoutes([{ path: '/admin/analytics', element: <AnalyticsPage /> }], '/admin/analytics');
    const table = await screen.findByRole('table', { name: 'By staff' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No sales, returns or shifts by staff on these days.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('table', { name: 'By staff' })).toBeNull());
    expect(callsTo(fetchMock, 'GET /api/analytics/staff').map((url) => url.search)).toEqual([
      '',
      '?from=2026-11-01&to=2026-11-20',
    ]);
  });
});
