import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { VerifyPage } from './verify-page';

const routes = [
  { path: '/varify', element: <VerifyPage /> },
  { path: '/', element: <LocationProbe /> },
  { path: '/user/checkout', element: <LocationProbe /> },
];

describe('VerifyPage', () => {
  it('needs a code, then verifies it and goes home', async () => {
    localStorage.setItem('info', 'tok');
    const fetchMock = mockApi({ 'POST /api/varify': { message: 'Your phone is verified.' } });
    renderRoutes(routes, '/varify');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is required')).toBeVisible();

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    // The page reads the account again before it goes home: on a busy machine that takes a moment.
    expect((await screen.findByTestId('location', {}, { timeout: 8000 })).textContent).toBe('/');
    expect(sentBody(fetchMock, 'POST /api/varify')).toEqual({ code: '123456' });
  });

  it('goes back to checkout when the registration started there', async () => {
    localStorage.setItem('info', 'tok');
    mockApi({ 'POST /api/varify': { message: 'Your phone is verified.' } });
    renderRoutes(routes, '/varify?next=%2Fuser%2Fcheckout');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('location', {}, { timeout: 8000 })).textContent).toBe('/user/checkout');
  });

  it('says "Code is not correct" for a wrong code', async () => {
    localStorage.setItem('info', 'tok');
    mockApi({
      'POST /api/varify': refuse(422, { message: 'Invalid', errors: { code: ['wrong'] } }),
    });
    renderRoutes(routes, '/varify');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is not correct')).toBeVisible();
  });

  it.each([
    [200, { message: 'A new code is on its way' }, 'A new code is on its way'],
    [401, { message: 'Unauthenticated.' }, 'You are not logged in'],
    [
      429,
      { message: 'Please wait a minute before asking again.' },
      'Please wait a minute before asking again.',
    ],
  ])('send again: a %i answer shows its message', async (status, body, text) => {
    mockApi({ 'GET /api/sendcode': refuse(status, body) });
    renderRoutes(routes, '/varify');
    fireEvent.click(screen.getByRole('button', { name: 'Send code again' }));
    expect(await screen.findByText(text)).toBeVisible();
  });
});
