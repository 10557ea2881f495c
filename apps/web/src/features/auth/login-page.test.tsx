import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { LoginPage } from './login-page';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <LocationProbe /> },
  { path: '/admin', element: <LocationProbe /> },
  { path: '/rider', element: <LocationProbe /> },
  { path: '/user/checkout', element: <LocationProbe /> },
];

function fillIn(phone: string, password: string) {
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: phone } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('asks for both fields before calling the server', async () => {
    const fetchMock = mockApi({});
    renderRoutes(routes, '/login');
    fillIn('01712345678', '');
    expect(await screen.findByText('Phone & Password is required')).toBeVisible();
    fillIn('', 'secret123');
    await waitFor(() => expect(screen.getAllByText('Phone & Password is required')).toHaveLength(2));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the session and sends an admin to /admin', async () => {
    const fetchMock = mockApi({
      'POST /api/login': { token: 'tok-admin', user: { name: 'Rahim', phone: '01700000000', role: 23314 } },
    });
    renderRoutes(routes, '/login');
    fillIn('01700000000', 'secret123');
    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
    expect(sentBody(fetchMock, 'POST /api/login')).toEqual({ phone: '01700000000', password: 'secret123' });
    expect(localStorage.getItem('info')).toBe('tok-admin');
    expect(localStorage.getItem('name')).toBe('Rahim');
    expect(localStorage.getItem('phone')).toBe('01700000000');
    expect(localStorage.getItem('key')).toBe('23314');
  });

  it('sends a rider (staff holding only deliveries.ride) to /rider, other staff to /admin', async () => {
    const user = { name: 'Jamal', phone: '01722222222', role: 23314, staff_role: 'rider' };
    mockApi({ 'POST /api/login': { token: 'tok-r', user: { ...user, permissions: ['deliveries.ride'] } } });
    renderRoutes(routes, '/login');
    fillIn('01722222222', 'secret123');
    expect((await screen.findByTestId('location')).textContent).toBe('/rider');
    expect(localStorage.getItem('key')).toBe('23314');
  });

  it('sends staff who ride and do more to /admin', async () => {
    const user = { name: 'Jamal', phone: '01722222222', role: 23314, staff_role: 'custom' };
    mockApi({
      'POST /api/login': {
        token: 'tok-r',
        user: { ...user, permissions: ['deliveries.ride', 'orders.view'] },
      },
    });
    renderRoutes(routes, '/login');
    fillIn('01722222222', 'secret123');
    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
  });

  it('sends a customer to the home page', async () => {
    mockApi({
      'POST /api/login': { token: 'tok-c', user: { name: 'Karim', phone: '01711111111', role: 1 } },
    });
    renderRoutes(routes, '/login');
    fillIn('01711111111', 'secret123');
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(localStorage.getItem('key')).toBe('1');
  });

  it('says why a guest from Checkout is here and sends them back to checkout', async () => {
    mockApi({
      'POST /api/login': { token: 'tok-c', user: { name: 'Karim', phone: '01711111111', role: 1 } },
    });
    renderRoutes(routes, '/login?next=%2Fuser%2Fcheckout');
    expect(screen.getByText('Sign in or create an account to place your order')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?next=%2Fuser%2Fcheckout',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot?next=%2Fuser%2Fcheckout',
    );
    fillIn('01711111111', 'secret123');
    expect((await screen.findByTestId('location')).textContent).toBe('/user/checkout');
  });

  it('links to forgot password without a next when there is none, or only another site’s', () => {
    mockApi({});
    const { unmount } = renderRoutes(routes, '/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot');
    unmount();
    renderRoutes(routes, `/login?next=${encodeURIComponent('//evil.example/')}`);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot');
  });

  it('still sends an admin to /admin whatever the next page', async () => {
    mockApi({
      'POST /api/login': { token: 'tok-a', user: { name: 'Rahim', phone: '01700000000', role: 23314 } },
    });
    renderRoutes(routes, '/login?next=%2Fuser%2Fcheckout');
    fillIn('01700000000', 'secret123');
    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example'])(
    'never follows a next of another site (%s): home instead, and no reason shown',
    async (next) => {
      mockApi({
        'POST /api/login': { token: 'tok-c', user: { name: 'Karim', phone: '01711111111', role: 1 } },
      });
      renderRoutes(routes, `/login?next=${encodeURIComponent(next)}`);
      expect(screen.queryByText('Sign in or create an account to place your order')).toBeNull();
      fillIn('01711111111', 'secret123');
      expect((await screen.findByTestId('location')).textContent).toBe('/');
    },
  );

  it.each([
    [401, { message: 'These credentials do not match our records.' }],
    [422, { message: 'Invalid', errors: { phone: ['The phone must be a Bangladeshi mobile number.'] } }],
  ])('says "Incorrect information" on a %i answer', async (status, body) => {
    mockApi({ 'POST /api/login': refuse(status, body) });
    renderRoutes(routes, '/login');
    fillIn('01711111111', 'wrong-pass');
    expect(await screen.findByText('Incorrect information')).toBeVisible();
    expect(localStorage.getItem('info')).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('says the server is busy and to try again when its password checks are full (503 busy)', async () => {
    mockApi({
      'POST /api/login': refuse(503, {
        message: 'The shop is busy checking passwords right now. Please try again in a few seconds.',
        code: 'busy',
        retry_after: 2,
      }),
    });
    renderRoutes(routes, '/login');
    fillIn('01711111111', 'secret123');
    expect(
      await screen.findByText(
        'The shop is busy checking passwords right now. Please try again in a few seconds.',
      ),
    ).toBeVisible();
    expect(localStorage.getItem('info')).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
