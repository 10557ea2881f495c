import type { DayClose } from '@bazar/contracts/money.api';
import { PERMISSIONS } from '@bazar/contracts/permissions';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCashRoutes } from '../../app/admin/admin-cash-routes';
import { setLanguage } from '../../lib/i18n/i18n';
import { FALLBACK_TIME_ZONE, shopTimeIn } from '../../lib/shop-time';
import { callsTo, mockApi, refuse } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { AnalyticsPage } from '../analytics/analytics-page';
import { DayClosePage } from './day-close-page';

const routes = [
  {
    path: '/admin/day-close',
    element: (
      <>
        <DayClosePage />
        <LocationProbe />
      </>
    ),
  },
];

/**
 * 28 Nov 2026: cash sales of 3,000 taken with 120 given back as change and 150 refunded; two bKash
 * payments with their TrxIDs; an expense of 200 paid from the back office (outside the till); a
 * supplier paid 500 in cash from the till; Karim's shift still open.
 */
const dayOf = (day = '2026-11-28', overrides: Partial<DayClose> = {}): DayClose => ({
  day,
  methods: [
    { method: 'bkash', received: 1250, count: 2, references: 2, refunds: 0, change: 0, net: 1250 },
    { method: 'cash', received: 3000, count: 4, references: 0, refunds: 150, change: 120, net: 2730 },
  ],
  cash: {
    float: 1000,
    sales: 2880,
    refunds: 150,
    moves: 0,
    expenses: 200,
    suppliers: 500,
    expected: 3030,
    outside_shifts: -200,
    counted: null,
    difference: null,
  },
  shifts: [
    {
      id: 7,
      cashier: 'Karim',
      // 9:00 am in Dhaka.
      opened: '2026-11-28T03:00:00.000Z',
      closed: null,
      float: 1000,
      expected: 3230,
      counted: null,
      difference: null,
    },
  ],
  dues: { given: 300, collected: 100 },
  advance: { added: 500, used: 0 },
  suppliers: 500,
  expenses: 200,
  ...overrides,
});

/** The server's answer for the asked day (its "today", the 28th, when none is asked). */
function mockDayClose(overrides: Partial<DayClose> = {}) {
  return mockApi({
    'GET /api/profile': signInStaff('owner', PERMISSIONS),
    'GET /api/day-close': (req) => ({ data: dayOf(req.query.get('date') || '2026-11-28', overrides) }),
  });
}

const methodsTable = (name = 'By method') => screen.getByRole('table', { name });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const methodRow = (name: string, table = methodsTable()) =>
  within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
const figure = (key: string) => screen.getByTestId(`day-close-${key}`);

afterEach(() => setLanguage('en'));

describe('DayClosePage', () => {
  it('shows the day by method, with counts, references, refunds, change given and a total', async () => {
    const fetchMock = mockDayClose();
    renderRoutes(routes, '/admin/day-close');
    expect(await screen.findByRole('heading', { level: 1, name: 'Day close' })).toBeVisible();
    await screen.findByRole('table', { name: 'By method' });
    // Today is the server's: no day is asked, and the day shown is the one it answered.
    expect(callsTo(fetchMock, 'GET /api/day-close')[0]?.searchParams.has('date')).toBe(false);
    expect(screen.getByTestId('day-close-day')).toHaveTextContent('28 Nov 2026');
    expect(screen.getByLabelText('Day')).toHaveValue('2026-11-28');

    expect(
      within(methodsTable())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Method', 'Payments', 'References', 'Received', 'Refunds', 'Change given', 'Net']);
    expect(cellsOf(methodRow('Cash'))).toEqual(['4', '0', '3,000 BDT', '150 BDT', '120 BDT', '2,730 BDT']);
    expect(cellsOf(methodRow('bKash'))).toEqual(['2', '2', '1,250 BDT', '0 BDT', '0 BDT', '1,250 BDT']);
    expect(cellsOf(methodRow('Total'))).toEqual(['6', '2', '4,250 BDT', '150 BDT', '120 BDT', '3,980 BDT']);
  });

  it('adds up the cash drawer to what should be in it, says the back office’s part, and has nothing counted yet', async () => {
    mockDayClose();
    renderRoutes(routes, '/admin/day-close');
    const drawer = await screen.findByRole('region', { name: 'Cash drawer' });
    const lines = within(drawer)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(lines).toEqual([
      'Float: 1,000 BDT',
      'Cash sales: 2,880 BDT',
      'Cash refunds: −150 BDT',
      'Cash in/out: 0 BDT',
      'Expenses: −200 BDT',
      'Suppliers paid in cash: −500 BDT',
      'Cash in drawer (expected): 3,030 BDT',
      'Counted: —',
      'Difference: —',
      'Of it, outside the till: −200 BDT',
    ]);
    expect(within(drawer).getByText('Cash in drawer (expected)')).toHaveClass('fw-bold');
    expect(figure('expected')).toHaveClass('fw-bold');
  });

  it('leaves out the part outside the till when there is none, and shows a short drawer in red', async () => {
    mockDayClose({
      cash: { ...dayOf().cash, outside_shifts: 0, counted: 2980, difference: -50 },
      shifts: [
        {
          ...dayOf().shifts[0]!,
          closed: '2026-11-28T14:00:00.000Z',
          expected: 3030,
          counted: 2980,
          difference: -50,
        },
      ],
    });
    renderRoutes(routes, '/admin/day-close');
    await screen.findByRole('region', { name: 'Cash drawer' });
    expect(screen.queryByText('Of it, outside the till')).toBeNull();
    expect(figure('counted')).toHaveTextContent('2,980 BDT');
    expect(within(figure('difference')).getByText('−50 BDT short')).toHaveClass('text-danger');
    const shifts = screen.getByRole('table', { name: 'Shifts' });
    const row = within(shifts).getByRole('cell', { name: 'Karim' }).closest('tr') as HTMLElement;
    expect(cellsOf(row).slice(2)).toEqual([
      '28 Nov 2026, 8:00 pm',
      '1,000 BDT',
      '3,030 BDT',
      '2,980 BDT',
      '−50 BDT short',
    ]);
  });

  it('lists the shifts, an open one as Open, and the credit, advances, suppliers and expenses', async () => {
    mockDayClose();
    renderRoutes(routes, '/admin/day-close');
    const shifts = await screen.findByRole('table', { name: 'Shifts' });
    expect(
      within(shifts)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Cashier', 'Opened', 'Closed', 'Float', 'Expected', 'Counted', 'Difference']);
    const row = within(shifts).getByRole('cell', { name: 'Karim' }).closest('tr') as HTMLElement;
    expect(cellsOf(row)).toEqual([
      'Karim',
      '28 Nov 2026, 9:00 am',
      'Open',
      '1,000 BDT',
      '3,230 BDT',
      '—',
      '—',
    ]);

    const credit = screen.getByRole('region', { name: 'Credit and advances' });
    expect(
      within(credit)
        .getAllByRole('term')
        .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
    ).toEqual([
      'Dues given: 300 BDT',
      'Dues collected: 100 BDT',
      'Advance added: 500 BDT',
      'Advance used: 0 BDT',
      'Suppliers paid: 500 BDT',
      'Expenses: 200 BDT',
    ]);
  });

  it('reads in Bangla, in Bengali digits', async () => {
    mockDayClose();
    renderRoutes(routes, '/admin/day-close');
    await screen.findByRole('table', { name: 'By method' });
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'দিনের হিসাব বন্ধ' })).toBeVisible();
    const table = methodsTable('মাধ্যম অনুযায়ী');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['মাধ্যম', 'পেমেন্ট', 'রেফারেন্স', 'আদায়', 'রিফান্ড', 'ভাংতি ফেরত', 'নিট']);
    expect(cellsOf(methodRow('ক্যাশ', table))).toEqual([
      '৪',
      '০',
      '৩,০০০ টাকা',
      '১৫০ টাকা',
      '১২০ টাকা',
      '২,৭৩০ টাকা',
    ]);
    expect(cellsOf(methodRow('বিকাশ', table))[1]).toBe('২');
    const drawer = screen.getByRole('region', { name: 'ক্যাশ ড্রয়ার' });
    expect(within(drawer).getByText('ড্রয়ারে থাকার কথা')).toBeVisible();
    expect(figure('expected')).toHaveTextContent('৩,০৩০ টাকা');
    expect(within(drawer).getByText('গুনে পাওয়া')).toBeVisible();
    expect(within(drawer).getByText('পার্থক্য')).toBeVisible();
    expect(screen.getByRole('region', { name: 'বাকি ও অগ্রিম' })).toBeVisible();
    expect(screen.getByRole('button', { name: /৮০ মিমি-তে প্রিন্ট/ })).toBeVisible();
    expect(screen.getByText('চলছে')).toBeVisible();
  });

  it('asks for the day in the URL, and goes to the day before and after', async () => {
    const fetchMock = mockDayClose();
    renderRoutes(routes, '/admin/day-close?date=2026-11-20');
    await screen.findByRole('table', { name: 'By method' });
    expect(callsTo(fetchMock, 'GET /api/day-close')[0]?.searchParams.get('date')).toBe('2026-11-20');
    expect(screen.getByTestId('day-close-day')).toHaveTextContent('20 Nov 2026');

    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?date=2026-11-19'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/day-close').at(-1)?.searchParams.get('date')).toBe('2026-11-19'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?date=2026-11-21'));

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-10-31' } });
    await waitFor(() => expect(screen.getByTestId('day-close-day')).toHaveTextContent('31 Oct 2026'));
    // Across a month's end.
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?date=2026-11-01'));
  });

  it('has no next day after today (the shop’s day)', async () => {
    mockDayClose();
    const today = shopTimeIn(FALLBACK_TIME_ZONE).day();
    renderRoutes(routes, `/admin/day-close?date=${today}`);
    await screen.findByRole('table', { name: 'By method' });
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous day' })).toBeEnabled();
    expect(screen.getByLabelText('Day')).toHaveAttribute('max', today);
  });

  it('Print 80 mm switches to the narrow slip, sized for 80 mm paper, and prints it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    mockDayClose();
    renderRoutes(routes, '/admin/day-close?date=2026-11-28');
    await screen.findByRole('table', { name: 'By method' });
    expect(document.querySelector('style[data-printed-page]')?.textContent).toBe(
      '@page { size: A4; margin: 12mm; }',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Print 80 mm' }));
    const slip = await screen.findByRole('article', { name: 'Day close 28 Nov 2026' });
    expect(slip).toHaveClass('receipt', 'receipt-80');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('table', { name: 'By method' })).toBeNull();
    // The same figures, one to a line.
    const line = (text: string) =>
      within(slip)
        .getAllByText(text)
        .map((left) => left.closest('.receipt-row')?.textContent);
    expect(line('Cash in drawer (expected)')).toEqual(['Cash in drawer (expected)3,030']);
    expect(line('Change given')).toEqual(['Change given−120']);
    expect(line('References')).toEqual(['References2']);
    expect(line('Suppliers paid in cash')).toEqual(['Suppliers paid in cash−500']);
    expect(within(slip).getByText('Karim')).toBeVisible();
    expect(document.querySelector('style[data-printed-page]')?.textContent).toMatch(
      /^@page \{ size: 80mm \d+mm; margin: 0; \}$/,
    );
    // Printed once: a reload of the narrow page does not print again.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('?date=2026-11-28&paper=80'),
    );
    expect(print).toHaveBeenCalledTimes(1);

    // Back to the full page; Print A4 prints it as it is.
    fireEvent.click(screen.getByRole('button', { name: 'Full page' }));
    await screen.findByRole('table', { name: 'By method' });
    fireEvent.click(screen.getByRole('button', { name: 'Print A4' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says so when the day could not be loaded, with Try again, and prints nothing', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    mockApi({
      'GET /api/profile': signInStaff('owner', PERMISSIONS),
      'GET /api/day-close': refuse(500, { message: 'Down' }),
    });
    // Even asked to print at once, nothing prints without the day's figures.
    renderRoutes(routes, '/admin/day-close?paper=80&print=1');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Print 80 mm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Print A4' })).toBeDisabled();
    expect(print).not.toHaveBeenCalled();
  });
});

describe('the Day close route', () => {
  it('is /admin/day-close for who reads reports, and Analytics links to it', async () => {
    const route = adminCashRoutes.find((r) => r.path === 'day-close');
    expect(route?.handle).toEqual({ permission: 'reports.view' });
    mockDayClose();
    renderRoutes(
      [
        {
          path: '/admin',
          children: [
            { path: 'analytics', element: <AnalyticsPage /> },
            ...adminCashRoutes.filter((r) => r === route),
          ],
        },
      ],
      '/admin/analytics',
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Day close' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Day close' })).toBeVisible();
  });
});
