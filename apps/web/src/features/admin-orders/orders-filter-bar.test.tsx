import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './orders-page';
import { adminOrder, ordersPage } from './test-data';

const routes = [{ path: '/admin/orders', element: <OrdersPage /> }];
const wide = window.innerWidth;

/** The test's window as wide as a phone (the setup's matchMedia answers from innerWidth). */
const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
};

describe('OrdersPage on a phone', () => {
  beforeEach(() => setWidth(390));
  afterEach(() => setWidth(wide));

  it('folds the filter bar into a Filter button with the count and the active filters as chips', async () => {
    const fetchMock = mockApi({
      'GET /api/order-filter': ordersPage([adminOrder()]),
      'GET /api/orders': ordersPage([adminOrder()]),
    });
    const { router } = renderRoutes(
      routes,
      '/admin/orders?field=Phone&value=01711111111&from=2026-11-01&status=1',
    );
    await screen.findByText('Rahim Uddin');
    // No bar on the page: its fields are in the closed panel.
    expect(screen.queryByLabelText('Search text')).toBeNull();
    const open = screen.getByRole('button', { name: 'Filter (3)' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Phone: 01711111111×',
      'From 01 Nov 2026×',
      'Payment: Due×',
    ]);

    // A chip takes its filter away, from the address too.
    fireEvent.click(chips.getByRole('button', { name: 'Remove filter Payment: Due' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?field=Phone&value=01711111111&from=2026-11-01'),
    );
    expect(screen.getByRole('button', { name: 'Filter (2)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Phone: 01711111111' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter From 01 Nov 2026' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/orders').map((url) => url.search)).toEqual(['?type=2']);
  });

  it('opens the bar in a panel; its Filter applies and closes it, Esc closes it too', async () => {
    mockApi({
      'GET /api/order-filter': ordersPage([adminOrder()]),
      'GET /api/orders': ordersPage([adminOrder()]),
    });
    const { router } = renderRoutes(routes, '/admin/orders');
    await screen.findByText('Rahim Uddin');
    const open = screen.getByRole('button', { name: 'Filter' });
    fireEvent.click(open);
    const panel = await screen.findByRole('dialog', { name: 'Filter orders' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    // Every field of the bar, as on a wide screen.
    for (const label of ['Search by', 'Search text', 'From date', 'To date', 'Type', 'Payment']) {
      expect(within(panel).getByLabelText(label)).toBeInTheDocument();
    }
    fireEvent.change(within(panel).getByLabelText('Payment'), { target: { value: '2' } });
    fireEvent.change(within(panel).getByLabelText('Type'), { target: { value: '1' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=1&status=2'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Filter (2)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Remove filter Type: Online' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Payment: Paid' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Filter (2)' }));
    const again = await screen.findByRole('dialog', { name: 'Filter orders' });
    expect(within(again).getByLabelText('Payment')).toHaveValue('2');
    fireEvent.keyDown(again, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?type=1&status=2');
  });

  it('keeps the bar inline with no Filter button from md up', async () => {
    setWidth(768);
    mockApi({ 'GET /api/orders': ordersPage([adminOrder()]) });
    renderRoutes(routes, '/admin/orders?status=1');
    await screen.findByLabelText('Search text');
    expect(screen.getAllByRole('button', { name: /^Filter/ })).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'Filter orders' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });
});
