import type { ProfitLoss } from '@bazar/contracts/cash';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { AnalyticsPage } from './analytics-page';

const routes = [{ path: '/admin/analytics', element: <AnalyticsPage /> }];
const days = [
  { created_at: '2026-11-22', orders: 3, total: 900, paid: 700, expance: 120, cash: 580, closed: false },
  { created_at: '2026-11-21', orders: 1, total: 300, paid: 300, expance: 0, cash: 300, closed: true },
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
};

describe('AnalyticsPage', () => {
  it('shows the Overall Report and today’s cash, and closes the cash', async () => {
    const fetchMock = mockFetch({
      'GET /api/daily-report?from=&to=': { body: { data: days } },
      'GET /api/profit-loss': { body: today },
      'POST /api/save-report': { body: { message: 'Cash updated' } },
      'GET /api/daily-report?from=2026-11-01&to=2026-11-21': { body: { data: [days[1]] } },
    });
    renderRoutes(routes, '/admin/analytics');
    const first = await screen.findByText('2026-11-22');
    const row = first.closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2026-11-22', '3', '700', '120', '580']);
    expect(screen.getByText('Cash closed')).toBeTruthy();
    expect((await screen.findByTestId('today-cash')).textContent).toBe('580 BDT');
    expect(screen.getByTestId('today-paid').textContent).toBe('650 BDT');
    expect(screen.getByRole('img', { name: /Date Wise Sale Amount/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Date Wise Orders/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close Cash' }));
    expect(await screen.findByText('Cash updated')).toBeTruthy();
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
    expect(await screen.findByText('2026-11-21')).toBeTruthy();
    expect(screen.queryByText('2026-11-22')).toBeNull();
  });
});
