import type { DailyReportRow, ProfitLoss } from '@bazar/contracts/cash';
import { BUILT_IN_ROLE_DEFAULTS, type Permission } from '@bazar/contracts/permissions';
import type { Shift } from '@bazar/contracts/shifts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockFetch, refuse, sentBody } from '../../test/fetch-mock';
import { catchDownloads, exportCalls } from '../../test/downloads';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { AnalyticsPage, charts } from './analytics-page';

const routes = [{ path: '/admin/analytics', element: <AnalyticsPage /> }];

const methods = (cash: number, bkash = 0) => ({ cash, bkash, nagad: 0, card: 0, balance: 0 });
const row = (overrides: Partial<DailyReportRow>): DailyReportRow => ({
  created_at: '2026-11-22',
  orders: 3,
  total: 900,
  paid: 700,
  expance: 120,
  cash: 580,
  by_method: methods(400, 300),
  refunds: 50,
  returns: 80,
  cash_moves: -100,
  cash_sales: 450,
  float: 0,
  cash_suppliers: 0,
  drawer: 180,
  closed: false,
  closed_at: null,
  after_close: null,
  ...overrides,
});
/** The figures Close Cash records of a day, as the server answers them. */
const closedFigures = ({
  created_at: _day,
  closed: _c,
  closed_at: _at,
  after_close: _after,
  ...figures
}: DailyReportRow) => figures;
const days = [
  row({}),
  row({
    created_at: '2026-11-21',
    orders: 1,
    total: 300,
    paid: 300,
    expance: 0,
    cash: 300,
    by_method: methods(300),
    refunds: 0,
    returns: 0,
    cash_moves: 0,
    cash_sales: 300,
    float: 0,
    cash_suppliers: 0,
    drawer: 300,
    closed: true,
    closed_at: '2026-11-21T14:00:00.000Z',
    // An expense of 40 entered for the 21st after its Close Cash.
    after_close: { expance: 40, cash: -40, drawer: -40 },
  }),
];
const today: ProfitLoss = {
  day: '2026-11-22',
  order_count: 3,
  order_total: 900,
  order_paid: 650,
  order_due: 250,
  expance: 120,
  received: 700,
  invested: 5000,
  owed_to_shop: 0,
  owed_to_suppliers: 0,
  by_method: methods(400, 300),
  refunds: 50,
  returns: 80,
  cash_moves: -100,
  cash_sales: 450,
  float: 0,
  cash_suppliers: 0,
  drawer: 180,
};
const shift: Shift = {
  id: 4,
  cashier: 'Rina',
  opened: '2026-11-22T03:00:00.000Z',
  closed: '2026-11-22T11:00:00.000Z',
  opening_float: 500,
  cash_sales: 400,
  cash_refunds: 50,
  cash_moves: -100,
  cash_paid_out: 0,
  expected: 750,
  counted: 730,
  difference: -20,
  note: 'Coins short',
  moves: [],
};
const openShift: Shift = {
  ...shift,
  id: 5,
  cashier: 'Karim',
  closed: null,
  counted: null,
  difference: null,
  note: '',
};

/** The days asked for, as "from|to" ('|' for all). */
const rangeOf = (query: URLSearchParams) => `${query.get('from') ?? ''}|${query.get('to') ?? ''}`;
const reports: Record<string, DailyReportRow[]> = { '|': days, '2026-11-22|2026-11-22': [days[0]!] };
const shifts: Record<string, Shift[]> = { '|': [openShift, shift] };

/** The screen's calls, by the days asked for; days a test did not name fail its load. */
function analyticsApi(
  more: {
    reports?: Record<string, DailyReportRow[]>;
    shifts?: Record<string, Shift[]>;
    closed?: { message: string; data: ReturnType<typeof closedFigures> & { day: string; due: number } };
  } = {},
) {
  return mockApi({
    'GET /api/daily-report': ({ query }) => {
      const rows = { ...reports, ...more.reports }[rangeOf(query)];
      return rows ? { data: rows } : refuse(500, { message: `no report for ${rangeOf(query)}` });
    },
    'GET /api/profit-loss': today,
    'GET /api/shifts': ({ query }) => {
      const rows = { ...shifts, ...more.shifts }[rangeOf(query)];
      return rows ? { data: rows } : refuse(500, { message: `no shifts for ${rangeOf(query)}` });
    },
    // The By staff card (its own test: staff-card.test.tsx) has nothing to show here.
    'GET /api/analytics/staff': { data: [] },
    ...(more.closed && { 'POST /api/save-report': more.closed }),
  });
}

/** The same calls keyed by URL (mockFetch, beside the CSV download). */
const answers = {
  'GET /api/daily-report': { body: { data: days } },
  'GET /api/daily-report?from=2026-11-22&to=2026-11-22': { body: { data: [days[0]] } },
  'GET /api/profit-loss': { body: today },
  'GET /api/shifts': { body: { data: [openShift, shift] } },
  'GET /api/analytics/staff': { body: { data: [] } },
};

const cells = (tr: HTMLElement) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent);

/** The column names a row's cells carry for a phone's card. */
const labels = (row: Element) =>
  [...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'));

describe('AnalyticsPage', () => {
  it('downloads the Overall Report of the dates searched', async () => {
    const { saved, restore } = catchDownloads();
    const fetchMock = mockFetch({
      ...answers,
      'GET /api/shifts?from=2026-11-22&to=2026-11-22': { body: { data: [] } },
      'GET /api/export/daily-report.csv?from=2026-11-22&to=2026-11-22': { body: '' },
    });
    renderRoutes(routes, '/admin/analytics');
    await screen.findByText('21 Nov 2026');
    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '2026-11-22' } });
    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '2026-11-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('21 Nov 2026')).toBeNull());
    const report = screen.getByRole('region', { name: 'Overall Report' });
    fireEvent.click(within(report).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportCalls(fetchMock)).toEqual(['/api/export/daily-report.csv?from=2026-11-22&to=2026-11-22']);
    restore();
  });

  it('shows the Overall Report and today’s cash, and closes the cash', async () => {
    const fetchMock = analyticsApi({
      closed: { message: 'Cash updated', data: { ...closedFigures(days[0]!), day: '2026-11-22', due: 200 } },
      reports: { '2026-11-01|2026-11-21': [days[1]!] },
      shifts: { '2026-11-01|2026-11-21': [], '2026-11-22|2026-11-22': [openShift, shift] },
    });
    renderRoutes(routes, '/admin/analytics');
    const first = await screen.findByText('22 Nov 2026');
    expect(cells(first.closest('tr') as HTMLElement)).toEqual([
      '22 Nov 2026',
      '3',
      '700',
      '120',
      '580',
      '180',
    ]);
    // A phone hides the heads (admin-cards.css): each figure carries its column's name.
    expect(first.closest('table')!.classList.contains('admin-cards')).toBe(true);
    expect(labels(first.closest('tr')!)).toEqual([
      'Orders',
      'Total Recived',
      'Total Expance',
      'Total Cash',
      'Cash in drawer (expected)',
    ]);
    expect(screen.getByText('Cash closed')).toBeVisible();
    expect((await screen.findByTestId('today-cash')).textContent).toBe('580 BDT');
    expect(screen.getByTestId('today-paid').textContent).toBe('650 BDT');
    expect(screen.getByRole('img', { name: /Date Wise Sale Amount/ })).toBeVisible();
    expect(screen.getByRole('img', { name: /Date Wise Orders/ })).toBeVisible();

    // Close Cash asks first, and says a till shift is still open.
    fireEvent.click(screen.getByRole('button', { name: 'Close Cash' }));
    const dialog = await screen.findByRole('dialog', { name: "Close today's cash?" });
    expect((await within(dialog).findByTestId('close-open-shifts')).textContent).toMatch(
      /A till shift is still open \(Karim\)/,
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/save-report'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Cash' }));
    expect(await screen.findByText('Cash updated')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/save-report')).toEqual({
      orders: 3,
      total: 900,
      paid: 650,
      due: 250,
      expance: 120,
      cash: 580,
    });

    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '2026-11-21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // The days searched replace the month's: 21 Nov on screen, 22 Nov gone (not a moment of loading).
    await waitFor(() => {
      expect(screen.getByText('21 Nov 2026')).toBeVisible();
      expect(screen.queryByText('22 Nov 2026')).toBeNull();
    });
    expect(await screen.findByText('No shifts in these days.')).toBeVisible();
  });

  it('keeps Cash in hand as the spec defines it and adds money by method and the cash in drawer', async () => {
    analyticsApi();
    renderRoutes(routes, '/admin/analytics');
    expect((await screen.findByTestId('today-cash')).textContent).toBe('580 BDT');
    expect(screen.getByText('Cash in hand')).toBeVisible();
    expect(screen.getByTestId('today-method-cash').textContent).toBe('400 BDT');
    expect(screen.getByTestId('today-method-bkash').textContent).toBe('300 BDT');
    expect(screen.getByTestId('today-method-card').textContent).toBe('0 BDT');
    expect(screen.getByTestId('today-refunds').textContent).toBe('50 BDT');
    expect(screen.getByTestId('today-returns').textContent).toBe('80 BDT');
    expect(screen.getByTestId('today-drawer').textContent).toBe('180 BDT');
    // The row of labels, in order: the spec's six, then what was received and the drawer.
    const labels = [...document.querySelectorAll('.today-cash dt')].map((dt) => dt.textContent);
    expect(labels).toEqual([
      'Total Order',
      'Total Order Amount',
      'Total Order Paid',
      'Total Order Due',
      'Total Expance',
      'Cash in hand',
      'Cash',
      'bKash',
      'Nagad',
      'Card',
      'Advance balance',
      'Refunds given',
      'Goods returned',
      'Float',
      'Cash sales',
      'Cash refunds',
      'Cash in/out of shifts',
      'Total Expance',
      'Suppliers paid in cash',
      'Cash in drawer (expected)',
    ]);
    // The drawer's figures add up to what it should hold: 0 + 450 − 50 − 100 − 120 − 0 = 180.
    expect(screen.getByTestId('today-cash-sales').textContent).toBe('450 BDT');
    expect(screen.getByTestId('today-cash-refunds').textContent).toBe('50 BDT');
  });

  it('shows what was entered after Close Cash as a change under the closed day, not a silent rewrite', async () => {
    analyticsApi();
    renderRoutes(routes, '/admin/analytics');
    const closedDay = (await screen.findByText('21 Nov 2026')).closest('tr') as HTMLElement;
    // The day as it was closed…
    expect(cells(closedDay)).toEqual(['21 Nov 2026Cash closed', '1', '300', '0', '300', '300']);
    // …and beneath it, what changed afterwards.
    const after = document.querySelector('tr[data-after-close="2026-11-21"]') as HTMLElement;
    expect(cells(after)).toEqual(['Changed after closing', '', '', '+40', '−40', '−40']);
    expect(document.querySelector('tr[data-after-close="2026-11-22"]')).toBeNull();
  });

  it("marks today's report closed and lists what was entered after closing", async () => {
    const closedToday = row({
      closed: true,
      closed_at: '2026-11-22T12:30:00.000Z',
      after_close: { paid: 200, cash: 200, by_method: methods(0, 200) },
    });
    analyticsApi({ reports: { '2026-11-22|2026-11-22': [closedToday] } });
    renderRoutes(routes, '/admin/analytics');
    expect((await screen.findByTestId('today-closed')).textContent).toBe(
      'Cash closed at 22 Nov 2026, 6:30 pm',
    );
    const after = await screen.findByTestId('today-after-close');
    expect(
      within(after)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Total Recived +200 BDT', 'Cash in hand +200 BDT', 'bKash +200 BDT']);
    expect(after.textContent).toContain('Close Cash again to close the day with them.');
  });

  it('lists the shifts: cashier, opened, closed, float, expected, counted and the difference', async () => {
    analyticsApi();
    renderRoutes(routes, '/admin/analytics');
    const table = await screen.findByRole('table', { name: 'Shifts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[0]!)).toEqual(['Karim', '22 Nov 2026, 9:00 am', 'Open', '500', '750', '–', '–']);
    expect(cells(rows[1]!)).toEqual([
      'RinaNote: Coins short',
      '22 Nov 2026, 9:00 am',
      '22 Nov 2026, 5:00 pm',
      '500',
      '750',
      '730',
      '−20 short',
    ]);
    expect(table.classList.contains('admin-cards')).toBe(true);
    expect(labels(rows[1]!)).toEqual(['Opened', 'Closed', 'Float', 'Expected', 'Counted', 'Difference']);
    expect(screen.getByRole('link', { name: 'Shifts' }).getAttribute('href')).toBe('#shifts-title');
  });
});

describe('the way to the shrinkage report', () => {
  it('is offered to those who may read profit figures (values at buy price), and no one else', async () => {
    const calls = (permissions: Permission[]) => ({
      'GET /api/profile': signInStaff('staff', permissions),
      'GET /api/daily-report': { data: days },
      'GET /api/profit-loss': today,
      'GET /api/shifts': { data: [] },
      'GET /api/analytics/staff': { data: [] },
    });
    mockApi(calls(BUILT_IN_ROLE_DEFAULTS.owner.permissions));
    const view = renderRoutes(routes, '/admin/analytics');
    expect(await screen.findByRole('link', { name: 'Shrinkage report' })).toHaveAttribute(
      'href',
      '/admin/shrinkage',
    );
    view.unmount();

    mockApi(calls(['reports.view']));
    renderRoutes(routes, '/admin/analytics');
    await screen.findByText('21 Nov 2026');
    expect(screen.queryByRole('link', { name: 'Shrinkage report' })).toBeNull();
  });
});

describe('the analytics charts', () => {
  it('write their days and axis numbers as the screen reads them: Bengali digits in Bangla', () => {
    const labels = { sale: 'Sale', orders: 'Orders' };
    const en = charts(days, labels, 'en');
    // Oldest first, left to right.
    expect(en.sale.data.labels).toEqual(['21 Nov 2026', '22 Nov 2026']);
    expect(en.sale.options?.locale).toBe('en-IN');
    const bn = charts(days, labels, 'bn');
    expect(bn.sale.data.labels).toEqual(['২১ নভে, ২০২৬', '২২ নভে, ২০২৬']);
    expect(bn.orders.data.labels).toEqual(bn.sale.data.labels);
    // Chart.js formats its ticks with Intl.NumberFormat in this locale.
    expect(bn.sale.options?.locale).toBe('bn-BD');
    expect(bn.orders.options?.locale).toBe('bn-BD');
    // Its own formatter writes 0 as "0" in every locale: the axis callback writes it in the digits.
    const zero = (config: typeof bn.sale | typeof bn.orders) => {
      const callback = config.options?.scales?.y?.ticks?.callback as unknown as (value: number) => string;
      return callback(0);
    };
    expect(zero(bn.sale)).toBe('০');
    expect(zero(bn.orders)).toBe('০');
    expect(zero(en.sale)).toBe('0');
  });
});
