import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { advance, useFakeClock } from '../../test/timers';
import { ProfilePage } from './profile-page';
import { RequireCustomer } from './require-customer';

const routes = [
  {
    path: '/',
    // Lazy like the real home route, so the logout navigation takes a moment to land.
    lazy: async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { Component: LocationProbe };
    },
  },
  { path: '/login', element: <LocationProbe /> },
  { path: '/user', element: <RequireCustomer />, children: [{ path: 'profile', element: <ProfilePage /> }] },
];

const profile = {
  id: 1,
  name: 'Rahim',
  phone: '01712345678',
  role: 1,
  status: 1,
  ref_code: 'RK7F2Q',
  point: 40,
};

function signIn() {
  localStorage.setItem('info', 'tok');
  localStorage.setItem('phone', profile.phone);
  localStorage.setItem('name', profile.name);
  localStorage.setItem('key', '1');
}

describe('ProfilePage', () => {
  it('shows the referral code and reward point, and updates the name', async () => {
    signIn();
    const fetchMock = mockApi({
      'GET /api/profile': profile,
      'POST /api/profile/update': { ...profile, name: 'Rahim Uddin' },
    });
    renderRoutes(routes, '/user/profile');
    expect(await screen.findByText('RK7F2Q')).toBeVisible();
    expect(screen.getByText('40')).toBeVisible();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rahim Uddin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/profile/update')).toEqual({ name: 'Rahim Uddin', password: '' });
    expect(localStorage.getItem('name')).toBe('Rahim Uddin');
  });

  it('asks for 8 characters in a new password and a name, marking the fields until they are fixed', async () => {
    signIn();
    const fetchMock = mockApi({
      'GET /api/profile': profile,
      'POST /api/profile/update': profile,
    });
    renderRoutes(routes, '/user/profile');
    const name = await screen.findByLabelText('Name');
    const password = screen.getByLabelText('New password');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(password, { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeVisible();
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/profile/update')).toBe(false);

    fireEvent.change(password, { target: { value: 'secret12' } });
    await waitFor(() => expect(screen.queryByText('Password must be at least 8 characters')).toBeNull());
    fireEvent.change(name, { target: { value: 'Rahim' } });
    await waitFor(() => expect(screen.queryByText('Name is required')).toBeNull());
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/profile/update')).toEqual({
      name: 'Rahim',
      password: 'secret12',
      current_password: 'old-secret',
    });
    // Both password fields are emptied once saved.
    expect(password).toHaveValue('');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('a new password needs the current one: asked for before sending, and a wrong one is marked from the answer', async () => {
    signIn();
    const fetchMock = mockApi({
      'GET /api/profile': profile,
      'POST /api/profile/update': refuse(422, {
        message: 'The current password is not correct.',
        code: 'invalid',
        errors: { current_password: ['The current password is not correct.'] },
      }),
    });
    renderRoutes(routes, '/user/profile');
    const current = await screen.findByLabelText('Current password');
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(current).toHaveAccessibleDescription('Needed only to set a new password.');

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand-new-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your current password to set a new one.')).toBeVisible();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/profile/update')).toBe(false);

    fireEvent.change(current, { target: { value: 'not-my-password' } });
    await waitFor(() =>
      expect(screen.queryByText('Enter your current password to set a new one.')).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The current password is not correct.')).toBeVisible();
    expect(current).toHaveAccessibleDescription(
      'Needed only to set a new password. The current password is not correct.',
    );
    expect(sentBody(fetchMock, 'POST /api/profile/update')).toEqual({
      name: 'Rahim',
      password: 'brand-new-1',
      current_password: 'not-my-password',
    });
    expect(screen.queryByText('Profile updated')).toBeNull();
  });

  it('names the current and the new password in Bangla', async () => {
    signIn();
    mockApi({ 'GET /api/profile': profile });
    renderRoutes(routes, '/user/profile');
    await screen.findByLabelText('Current password');
    await act(() => setLanguage('bn'));
    const current = screen.getByLabelText('বর্তমান পাসওয়ার্ড');
    expect(current).toHaveAccessibleDescription('শুধু নতুন পাসওয়ার্ড দিতে হলে লাগবে।');
    expect(screen.getByLabelText('নতুন পাসওয়ার্ড')).toBeVisible();
    fireEvent.change(screen.getByLabelText('নতুন পাসওয়ার্ড'), { target: { value: 'brand-new-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'সেভ করুন' }));
    expect(await screen.findByText('নতুন পাসওয়ার্ড দিতে হলে বর্তমান পাসওয়ার্ডটিও দিন।')).toBeVisible();
  });

  it('logs out: clears the session, says so and goes home (not to /login)', async () => {
    signIn();
    localStorage.setItem('carts', '[]');
    const fetchMock = mockApi({
      'GET /api/profile': profile,
      'POST /api/logout': { message: 'You are logged out' },
    });
    useFakeClock();
    renderRoutes(routes, '/user/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('You are logged out')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    // And it stays home: nothing sends the signed-out visitor on to /login a moment later.
    await advance(1_000);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(['info', 'name', 'phone', 'key'].map((key) => localStorage.getItem(key))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(localStorage.getItem('carts')).toBe('[]');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/logout')).toBe(true);
  });

  it('logs out even when the server call fails', async () => {
    signIn();
    mockApi({ 'GET /api/profile': profile, 'POST /api/logout': refuse(500, {}) });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(routes, '/user/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(localStorage.getItem('info')).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});
