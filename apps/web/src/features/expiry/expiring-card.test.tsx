import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { ExpiringCard } from './expiring-card';
import { week, withoutValues } from './test-data';

const routes = [{ path: '/admin', element: <ExpiringCard className="col-12" /> }];
const owner = () => signInStaff('owner', BUILT_IN_ROLE_DEFAULTS.owner.permissions);

afterEach(() => setLanguage('en'));

describe('the dashboard’s Expiring this week', () => {
  it('shows what expires in the next seven days and what has expired, leading to Expiring soon', async () => {
    const fetchMock = mockApi({ 'GET /api/profile': owner(), 'GET /api/stock/expiring': { data: week } });
    renderRoutes(routes, '/admin');
    const card = await screen.findByRole('region', { name: 'Expiring this week' });
    expect(callsTo(fetchMock, 'GET /api/stock/expiring').map((u) => u.search)).toEqual(['?days=7']);
    // 2,463 in all, 240 of it expired: 2,223 still to expire this week.
    expect(screen.getByTestId('dash-expiring-soon').textContent).toBe('2,223 BDT');
    expect(screen.getByTestId('dash-expired').textContent).toBe('240 BDT');
    expect(card).toHaveTextContent('In the next 7 days');
    expect(card).toHaveTextContent('2 batches · At buy price');
    expect(card).toHaveTextContent('1 batch');
    expect(screen.getByRole('link', { name: 'Expiring soon' })).toHaveAttribute(
      'href',
      '/admin/expiring?days=7',
    );

    await act(() => setLanguage('bn'));
    expect(screen.getByRole('region', { name: 'এই সপ্তাহে মেয়াদ শেষ' })).toBeVisible();
    expect(screen.getByTestId('dash-expiring-soon').textContent).toBe('২,২২৩ টাকা');
    expect(screen.getByTestId('dash-expired').textContent).toBe('২৪০ টাকা');
  });

  it('counts the batches for who may not see buy prices', async () => {
    mockApi({
      'GET /api/profile': signInStaff('keeper', ['stock.view']),
      'GET /api/stock/expiring': { data: withoutValues(week) },
    });
    renderRoutes(routes, '/admin');
    await screen.findByRole('region', { name: 'Expiring this week' });
    expect(screen.getByTestId('dash-expiring-soon').textContent).toBe('2 batches');
    expect(screen.getByTestId('dash-expired').textContent).toBe('1 batch');
  });

  it('is not there when nothing expires', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': owner(),
      'GET /api/stock/expiring': {
        data: { days: 7, today: '2026-03-10', value: 0, expired_value: 0, batches: [] },
      },
    });
    renderRoutes(routes, '/admin');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/stock/expiring')).toHaveLength(1));
    await waitFor(() => expect(document.body.textContent).toBe(''));
  });

  it('asks nothing for who may not see stock', async () => {
    const fetchMock = mockApi({ 'GET /api/profile': signInStaff('cashier', ['till.sell']) });
    renderRoutes(routes, '/admin');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/profile')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /api/stock/expiring')).toHaveLength(0);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
