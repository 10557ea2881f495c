import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import type { DeliveriesSummary } from '@bazar/contracts/riders';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { DeliveriesCard } from './deliveries-card';

const routes = [{ path: '/admin', element: <DeliveriesCard /> }];

/** Two slots of today; 5 delivered, 4 of them on time; two failures; 1,260 with riders. */
const summary: DeliveriesSummary = {
  date: '2026-03-10',
  slots: [
    { start: '10:00', end: '12:00', waiting: 1, out: 2, delivered: 4, failed: 1 },
    { start: '16:00', end: '18:00', waiting: 3, out: 0, delivered: 1, failed: 1 },
  ],
  delivered: 5,
  on_time: 4,
  failed_reasons: [
    { reason: 'not_home', count: 1 },
    { reason: 'refused', count: 1 },
  ],
  cash_with_riders: 1260,
};

const slotRow = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
const counts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => [cell.dataset.label, cell.textContent]);

describe('the dashboard’s deliveries card', () => {
  it('shows each slot’s orders, the on-time rate, why deliveries failed and the cash with riders', async () => {
    mockApi({
      'GET /api/profile': signInStaff('manager', BUILT_IN_ROLE_DEFAULTS.manager.permissions),
      'GET /api/deliveries/summary': { data: summary },
    });
    renderRoutes(routes, '/admin');
    const card = await screen.findByRole('region', { name: 'Deliveries today' });
    expect(await within(card).findByTestId('dash-on-time')).toHaveTextContent('80%');
    expect(within(card).getByText('4 of 5 deliveries on time (before their slot ended)')).toBeVisible();
    expect(within(card).getByTestId('dash-rider-cash').textContent).toBe('1,260 BDT');
    expect(counts(slotRow('10:00–12:00'))).toEqual([
      ['Waiting', '1'],
      ['Out', '2'],
      ['Delivered', '4'],
      ['Failed', '1'],
    ]);
    expect(counts(slotRow('16:00–18:00'))).toEqual([
      ['Waiting', '3'],
      ['Out', '0'],
      ['Delivered', '1'],
      ['Failed', '1'],
    ]);
    expect(within(card).getByTestId('dash-failed-reasons').textContent).toBe(
      'Failed: Nobody at home: 1 · Refused: 1',
    );
    // Who settles riders goes from the cash to the riders.
    expect(within(card).getByRole('link', { name: 'Riders' })).toHaveAttribute('href', '/admin/riders');

    await act(() => setLanguage('bn'));
    expect(within(card).getByTestId('dash-on-time').textContent).toBe('৮০ শতাংশ');
    expect(within(card).getByTestId('dash-rider-cash').textContent).toBe('১,২৬০ টাকা');
    expect(screen.getByRole('rowheader', { name: '১০:০০ থেকে ১২:০০' })).toBeVisible();
    expect(within(card).getByTestId('dash-failed-reasons').textContent).toBe(
      'ডেলিভারি হয়নি: বাড়িতে কেউ ছিল না: ১টি · নিতে রাজি হননি: ১টি',
    );
  });

  it('says when nothing is booked and nothing delivered yet; no Riders link for who does not settle', async () => {
    mockApi({
      'GET /api/profile': signInStaff('viewer', ['dashboard.view']),
      'GET /api/deliveries/summary': {
        data: { ...summary, slots: [], delivered: 0, on_time: 0, failed_reasons: [], cash_with_riders: 0 },
      },
    });
    renderRoutes(routes, '/admin');
    const card = await screen.findByRole('region', { name: 'Deliveries today' });
    expect(await within(card).findByText("No order is booked into today's slots.")).toBeVisible();
    expect(within(card).getByTestId('dash-on-time').textContent).toBe('—');
    expect(within(card).getByTestId('dash-failed-reasons').textContent).toBe('Failed: none');
    expect(within(card).queryByRole('link', { name: 'Riders' })).toBeNull();
  });
});
