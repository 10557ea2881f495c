import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { ForgotPage } from './forgot-page';
import { LoginPage } from './login-page';

const routes = [
  { path: '/forgot', element: <ForgotPage /> },
  { path: '/login', element: <LocationProbe /> },
];

describe('ForgotPage', () => {
  it('asks for the phone, then resets the password with the code for that phone', async () => {
    const fetchMock = mockApi({
      'POST /api/forgot': { message: 'Code is send, Please wait...' },
      'POST /api/getpassword': { message: 'Your password is changed. Please log in.' },
    });
    renderRoutes(routes, '/forgot');

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Insert your phone')).toBeVisible();

    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Code is send, Please wait...')).toBeVisible();

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    // New passwords need 8 characters (contracts' PASSWORD_MIN); the spec's words stay.
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Code is required and password must be 6')).toBeVisible();
    // react-hook-form publishes the field marks after onInvalid has shown the toast.
    expect(await screen.findByText('The password must be at least 8 characters.')).toBeVisible();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/getpassword')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newpass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(sentBody(fetchMock, 'POST /api/getpassword')).toEqual({
      phone: '01712345678',
      code: '123456',
      password: 'newpass1',
    });
  });

  /** Sends the phone, then the code and a new password: the whole reset as a person does it. */
  async function resetWithCode() {
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newpass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  }

  // Issue 29: a guest from Checkout who forgot the password is back at checkout once signed in.
  it('keeps where the person was going: the reset leads to the login page with the same next', async () => {
    mockApi({
      'POST /api/forgot': { message: 'Code is send, Please wait...' },
      'POST /api/getpassword': { message: 'Your password is changed. Please log in.' },
    });
    renderRoutes(routes, '/forgot?next=%2Fuser%2Fcheckout');
    await resetWithCode();
    expect((await screen.findByTestId('location')).textContent).toBe('/login?next=%2Fuser%2Fcheckout');
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example', '/forgot'])(
    'never carries a next of another site or an account page (%s): plain /login instead',
    async (next) => {
      mockApi({
        'POST /api/forgot': { message: 'Code is send, Please wait...' },
        'POST /api/getpassword': { message: 'Your password is changed. Please log in.' },
      });
      renderRoutes(routes, `/forgot?next=${encodeURIComponent(next)}`);
      await resetWithCode();
      expect((await screen.findByTestId('location')).textContent).toBe('/login');
    },
  );

  // The whole way: login's link, the reset, and signing in with the new password.
  describe('from the login page of a guest sent by Checkout', () => {
    const loginRoutes = [
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot', element: <ForgotPage /> },
      { path: '/user/checkout', element: <LocationProbe /> },
      { path: '/admin', element: <LocationProbe /> },
      { path: '/', element: <LocationProbe /> },
    ];

    it.each([
      ['a customer', '/user/checkout', 1],
      ['an admin', '/admin', 23314],
    ])('%s resets the password, signs in and lands at %s', async (_who, landing, role) => {
      const fetchMock = mockApi({
        'POST /api/forgot': { message: 'Code is send, Please wait...' },
        'POST /api/getpassword': { message: 'Your password is changed. Please log in.' },
        'POST /api/login': { token: 'tok', user: { name: 'Karim', phone: '01712345678', role } },
      });
      const { router } = renderRoutes(loginRoutes, '/login?next=%2Fuser%2Fcheckout');
      fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
      await screen.findByRole('heading', { name: 'Forgot password' });
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/forgot?next=%2Fuser%2Fcheckout',
      );
      await resetWithCode();
      await screen.findByRole('heading', { name: 'Login' });
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/login?next=%2Fuser%2Fcheckout',
      );
      expect(screen.getByText('Sign in or create an account to place your order')).toBeVisible();
      fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01712345678' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'newpass1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
      expect((await screen.findByTestId('location')).textContent).toBe(landing);
      expect(sentBody(fetchMock, 'POST /api/login')).toEqual({ phone: '01712345678', password: 'newpass1' });
    });
  });

  // The server answers a phone without an account as any other (it says nothing of who has one):
  // what the page tells apart is a wait it must ask for, in the server's words.
  it('says the wait the server asks for, and stays on the phone step', async () => {
    mockApi({
      'POST /api/forgot': refuse(429, {
        message: 'Please wait 40 seconds before asking for a new code.',
        code: 'rate_limited',
        retry_after: 40,
      }),
    });
    renderRoutes(routes, '/forgot');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please wait 40 seconds before asking for a new code.')).toBeVisible();
    expect(screen.queryByLabelText('Code')).toBeNull();
    expect(screen.getByLabelText('Phone')).toHaveValue('01712345678');
  });

  it('says "Phone number is not correct" when the server refuses the phone itself', async () => {
    mockApi({
      'POST /api/forgot': refuse(422, {
        message: 'The phone must be a Bangladeshi mobile number (01XXXXXXXXX).',
        code: 'invalid',
        errors: { phone: ['The phone must be a Bangladeshi mobile number (01XXXXXXXXX).'] },
      }),
    });
    renderRoutes(routes, '/forgot');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Phone number is not correct')).toBeVisible();
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  it('marks a phone that is not a mobile number under the field, sends nothing, and clears the mark once fixed', async () => {
    const fetchMock = mockApi({ 'POST /api/forgot': { message: 'Code is send, Please wait...' } });
    renderRoutes(routes, '/forgot');
    const phone = screen.getByLabelText('Phone');
    fireEvent.change(phone, { target: { value: '0171' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('The phone must be a Bangladeshi mobile number (01XXXXXXXXX).'),
    ).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('The phone must be a Bangladeshi mobile number (01XXXXXXXXX).');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(phone, { target: { value: '01712345678' } });
    await waitFor(() => expect(phone).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('The phone must be a Bangladeshi mobile number (01XXXXXXXXX).')).toBeNull();
  });

  it('says "Code is not correct" when the reset is refused', async () => {
    mockApi({
      'POST /api/forgot': { message: 'Code is send, Please wait...' },
      'POST /api/getpassword': refuse(422, { message: 'Invalid', errors: { code: ['wrong'] } }),
    });
    renderRoutes(routes, '/forgot');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '000000' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newpass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Code is not correct')).toBeVisible();
  });
});
