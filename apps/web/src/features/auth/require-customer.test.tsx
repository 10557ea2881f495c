import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, refuse } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { RequireCustomer } from './require-customer';

const routes = [
  { path: '/login', element: <LocationProbe /> },
  { path: '/varify', element: <LocationProbe /> },
  {
    path: '/user',
    element: <RequireCustomer />,
    children: [{ path: 'profile', element: <p>Customer area</p> }],
  },
];

const profile = {
  id: 1,
  name: 'Rahim',
  phone: '01712345678',
  role: 1,
  status: 1,
  ref_code: 'AB12',
  point: 0,
};

function signIn(phone = '01712345678') {
  localStorage.setItem('info', 'tok');
  localStorage.setItem('phone', phone);
}

describe('RequireCustomer', () => {
  it('lets a verified customer in', async () => {
    signIn();
    mockApi({ 'GET /api/profile': profile });
    renderRoutes(routes, '/user/profile');
    expect(await screen.findByText('Customer area')).toBeVisible();
  });

  it('sends a guest to /login, saying where they were going', async () => {
    mockApi({});
    renderRoutes(routes, '/user/profile');
    expect((await screen.findByTestId('location')).textContent).toBe('/login?next=%2Fuser%2Fprofile');
  });

  it('sends an unverified phone (status 0) to /varify', async () => {
    signIn();
    mockApi({ 'GET /api/profile': { ...profile, status: 0 } });
    renderRoutes(routes, '/user/profile');
    expect((await screen.findByTestId('location')).textContent).toBe('/varify?next=%2Fuser%2Fprofile');
  });

  it('sends a profile whose phone differs from the stored one to /login', async () => {
    signIn('01799999999');
    mockApi({ 'GET /api/profile': profile });
    renderRoutes(routes, '/user/profile');
    expect((await screen.findByTestId('location')).textContent).toBe('/login?next=%2Fuser%2Fprofile');
  });

  it('clears the session on a 401 and goes to /login', async () => {
    signIn();
    mockApi({ 'GET /api/profile': refuse(401, { message: 'Unauthenticated.' }) });
    renderRoutes(routes, '/user/profile');
    expect((await screen.findByTestId('location')).textContent).toBe('/login?next=%2Fuser%2Fprofile');
    expect(localStorage.getItem('info')).toBeNull();
    expect(localStorage.getItem('phone')).toBeNull();
  });
});
