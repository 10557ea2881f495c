import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outlet } from 'react-router';
import { useAdminConfirmed } from '../../lib/admin-check';
import { mockApi, refuse } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { RequireAdmin } from './require-admin';

const routes = [
  { path: '/', element: <LocationProbe /> },
  { path: '/rider', element: <LocationProbe /> },
  {
    path: '/admin',
    element: (
      <RequireAdmin>
        <p>Admin area</p>
      </RequireAdmin>
    ),
  },
];

const profile = (role: number) => ({
  id: 1,
  name: 'Rahim',
  phone: '01712345678',
  role,
  status: 1,
  ref_code: 'AB12',
  point: 0,
});

function signIn() {
  localStorage.setItem('info', 'tok');
  localStorage.setItem('phone', '01712345678');
}

const remembered = () => JSON.parse(localStorage.getItem('admin-profile') ?? 'null') as unknown;

/** No server: every request fails as fetch does with no network. */
function noServer() {
  const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// A failed profile request is tried once more a second later (lib/query-client.ts).
const AFTER_RETRY = { timeout: 4000 };

describe('RequireAdmin', () => {
  it('tells a customer "Access Restricted" and sends them to /', async () => {
    signIn();
    mockApi({ 'GET /api/profile': profile(1) });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Access Restricted')).toBeVisible();
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(screen.queryByText('Admin area')).toBeNull();
    expect(screen.getAllByText('Access Restricted')).toHaveLength(1);
  });

  it('shows the admin area to role 23314', async () => {
    signIn();
    const fetchMock = mockApi({ 'GET /api/profile': profile(23314) });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Admin area')).toBeVisible();
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(screen.queryByText('Access Restricted')).toBeNull();
  });

  it('sends a rider (only deliveries.ride) to their screen, /rider', async () => {
    signIn();
    mockApi({ 'GET /api/profile': { ...profile(23314), permissions: ['deliveries.ride'] } });
    renderRoutes(routes, '/admin');
    expect((await screen.findByTestId('location')).textContent).toBe('/rider');
    expect(screen.queryByText('Admin area')).toBeNull();
  });

  it('sends a visitor without a token to / without asking the server', async () => {
    const fetchMock = mockApi({});
    renderRoutes(routes, '/admin');
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a dead token (401) to / and forgets it', async () => {
    signIn();
    mockApi({ 'GET /api/profile': refuse(401, { message: 'Unauthenticated.' }) });
    renderRoutes(routes, '/admin');
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    await waitFor(() => expect(localStorage.getItem('info')).toBeNull());
    expect(screen.queryByText('Access Restricted')).toBeNull();
  });

  describe('while the profile is on its way', () => {
    /** A page that says whether the server has confirmed the admin yet. */
    function Page() {
      return <p>{useAdminConfirmed() ? 'Confirmed page' : 'Empty page'}</p>;
    }
    const earlyRoutes = [
      { path: '/', element: <LocationProbe /> },
      {
        path: '/admin',
        element: (
          <RequireAdmin>
            <Outlet />
          </RequireAdmin>
        ),
        children: [
          { path: 'pos', handle: { showsBeforeAdminCheck: true }, element: <Page /> },
          { path: 'orders', element: <Page /> },
        ],
      },
    ];
    /** GET /api/profile answers `role` when the returned function is called. */
    function slowProfile(role: number) {
      let answer = () => undefined as void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          await answered;
          return Response.json(profile(role));
        }),
      );
      return answer;
    }

    it("shows a page that allows it, unconfirmed, when this browser's last sign-in was an admin's", async () => {
      signIn();
      localStorage.setItem('key', '23314');
      const answer = slowProfile(23314);
      renderRoutes(earlyRoutes, '/admin/pos');
      expect(await screen.findByText('Empty page')).toBeVisible();
      answer();
      expect(await screen.findByText('Confirmed page')).toBeVisible();
    });

    it('keeps the spinner for other pages, and for a browser whose last sign-in was not an admin', async () => {
      signIn();
      localStorage.setItem('key', '23314');
      slowProfile(23314);
      const other = renderRoutes(earlyRoutes, '/admin/orders');
      expect(await screen.findByRole('status')).toBeVisible();
      expect(screen.queryByText(/page$/)).toBeNull();
      other.unmount();

      localStorage.setItem('key', '1');
      const answer = slowProfile(1);
      renderRoutes(earlyRoutes, '/admin/pos');
      expect(await screen.findByRole('status')).toBeVisible();
      expect(screen.queryByText(/page$/)).toBeNull();
      answer();
      expect(await screen.findByText('Access Restricted')).toBeVisible();
      expect(screen.queryByText(/page$/)).toBeNull();
    });
  });

  describe('with no server', () => {
    afterEach(() => onlineManager.setOnline(true));

    it("remembers the profile of an admin, and forgets it when the profile is a customer's", async () => {
      signIn();
      mockApi({ 'GET /api/profile': profile(23314) });
      const first = renderRoutes(routes, '/admin');
      await screen.findByText('Admin area');
      await waitFor(() => expect(remembered()).toMatchObject({ role: 23314, phone: '01712345678' }));
      first.unmount();

      mockApi({ 'GET /api/profile': profile(1) });
      renderRoutes(routes, '/admin');
      expect(await screen.findByText('Access Restricted')).toBeVisible();
      expect(remembered()).toBeNull();
    });

    it('opens the back office for the admin this browser knows when the server cannot be reached', async () => {
      signIn();
      localStorage.setItem('admin-profile', JSON.stringify(profile(23314)));
      noServer();
      renderRoutes(routes, '/admin');
      expect(await screen.findByText('Admin area', undefined, AFTER_RETRY)).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    });

    it('opens it at once when the browser is offline (the request waits for a network)', async () => {
      signIn();
      localStorage.setItem('admin-profile', JSON.stringify(profile(23314)));
      onlineManager.setOnline(false);
      const fetchMock = noServer();
      renderRoutes(routes, '/admin');
      expect(await screen.findByText('Admin area')).toBeVisible();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('shows "load failed" to a browser that never loaded an admin profile', async () => {
      signIn();
      noServer();
      renderRoutes(routes, '/admin');
      expect(await screen.findByRole('button', { name: 'Try again' }, AFTER_RETRY)).toBeVisible();
      expect(screen.queryByText('Admin area')).toBeNull();
    });

    it("does not open it with another user's remembered profile", async () => {
      signIn();
      localStorage.setItem('admin-profile', JSON.stringify({ ...profile(23314), phone: '01799999999' }));
      noServer();
      renderRoutes(routes, '/admin');
      expect(await screen.findByRole('button', { name: 'Try again' }, AFTER_RETRY)).toBeVisible();
      expect(screen.queryByText('Admin area')).toBeNull();
    });

    it('still sends a dead token (401) to /, and forgets the profile', async () => {
      signIn();
      localStorage.setItem('admin-profile', JSON.stringify(profile(23314)));
      mockApi({ 'GET /api/profile': refuse(401, { message: 'Unauthenticated.' }) });
      renderRoutes(routes, '/admin');
      expect((await screen.findByTestId('location')).textContent).toBe('/');
      await waitFor(() => expect(remembered()).toBeNull());
      expect(screen.queryByText('Admin area')).toBeNull();
    });
  });
});
