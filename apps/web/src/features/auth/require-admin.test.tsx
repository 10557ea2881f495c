import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { RequireAdmin } from './require-admin';

const routes = [
  { path: '/', element: <LocationProbe /> },
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

describe('RequireAdmin', () => {
  it('tells a customer "Access Restricted" and sends them to /', async () => {
    signIn();
    mockFetch({ 'GET /api/profile': { body: profile(1) } });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Access Restricted')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(screen.queryByText('Admin area')).toBeNull();
    expect(screen.getAllByText('Access Restricted')).toHaveLength(1);
  });

  it('shows the admin area to role 23314', async () => {
    signIn();
    const fetchMock = mockFetch({ 'GET /api/profile': { body: profile(23314) } });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Admin area')).toBeTruthy();
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(screen.queryByText('Access Restricted')).toBeNull();
  });

  it('sends a visitor without a token to / without asking the server', async () => {
    const fetchMock = mockFetch({});
    renderRoutes(routes, '/admin');
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a dead token (401) to / and forgets it', async () => {
    signIn();
    mockFetch({ 'GET /api/profile': { status: 401, body: { message: 'Unauthenticated.' } } });
    renderRoutes(routes, '/admin');
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    await waitFor(() => expect(localStorage.getItem('info')).toBeNull());
    expect(screen.queryByText('Access Restricted')).toBeNull();
  });
});
