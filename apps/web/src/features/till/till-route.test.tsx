import { act, render, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAdmin } from '../auth/require-admin';
import { LocationProbe, renderRoutes } from '../../test/render';
import { addToCart, newSale, storeSale } from './till-sale';
import { loadTill, TillRoute } from './till-route';
import { TillSkeleton } from './till-skeleton';
import { resetTillStore, rice, tillBase } from './till-test-data';

beforeEach(resetTillStore);
afterEach(resetTillStore);

const routes = [
  { path: '/', element: <LocationProbe /> },
  {
    path: '/admin',
    element: (
      <RequireAdmin>
        <Outlet />
      </RequireAdmin>
    ),
    children: [{ path: 'pos', handle: { showsBeforeAdminCheck: true }, element: <TillRoute /> }],
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

/** A browser whose last sign-in was an admin's, with a sale in progress kept from before. */
function lastSignedInAsAdmin({ sale = true } = {}) {
  localStorage.setItem('info', 'tok');
  localStorage.setItem('phone', '01712345678');
  localStorage.setItem('key', '23314');
  if (sale) storeSale({ ...newSale(), lines: addToCart([], { ...rice, unit: 'pcs' }).lines });
}

/**
 * The server: GET /api/profile answers `role` once `answer` is called (at once with `now`), the
 * till's reads at once, and the paths in `never` not at all.
 */
function server(role: number, { now = false, never = [] as string[] } = {}) {
  let answer = () => undefined as void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  if (now) answer();
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      calls.push(path);
      if (never.includes(path)) return new Promise<Response>(() => undefined);
      if (path === '/api/profile') {
        await answered;
        return Response.json(profile(role));
      }
      const answer = (tillBase as Record<string, unknown>)[`GET ${path}`];
      return Response.json(answer ?? { data: [] });
    }),
  );
  return { answer, calls };
}

describe('TillRoute', () => {
  it('shows the empty till while the server checks the admin, with none of its data, then the till', async () => {
    lastSignedInAsAdmin();
    const { answer, calls } = server(23314);
    renderRoutes(routes, '/admin/pos');
    expect(await screen.findByText(/Suggestions appear from 2 characters/)).toBeVisible();
    expect(screen.getByLabelText('Product')).toHaveAttribute('readonly');
    // Its code comes in meanwhile (the load the route started), but nothing of the sale, the shift or
    // the store shows, and only the profile is asked for.
    await act(() => loadTill());
    expect(screen.queryByText('Miniket Rice')).toBeNull();
    expect(screen.getByText('No products yet: scan or search above to add them.')).toBeVisible();
    expect(calls).toEqual(['/api/profile']);

    answer();
    expect(await screen.findByRole('combobox', { name: 'Product' })).toBeVisible();
    expect(await screen.findByText('Miniket Rice')).toBeVisible();
    await waitFor(() => expect(calls).toContain('/api/shift/current'));
  });

  it("never shows a customer's token more than the empty till", async () => {
    lastSignedInAsAdmin();
    const { answer, calls } = server(1);
    renderRoutes(routes, '/admin/pos');
    expect(await screen.findByText(/Suggestions appear from 2 characters/)).toBeVisible();
    answer();
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(screen.queryByText('Miniket Rice')).toBeNull();
    expect(calls).toEqual(['/api/profile']);
  });

  it('shows a spinner, not the till, to a browser whose last sign-in was not an admin', async () => {
    lastSignedInAsAdmin();
    localStorage.setItem('key', '1');
    const { answer } = server(23314);
    renderRoutes(routes, '/admin/pos');
    expect(await screen.findByRole('status')).toBeVisible();
    expect(screen.queryByText(/Suggestions appear from 2 characters/)).toBeNull();
    answer();
    expect(await screen.findByRole('combobox', { name: 'Product' })).toBeVisible();
  });
});

describe('TillSkeleton', () => {
  it("is the till's first screen: the same texts in the same boxes", async () => {
    const shape = (root: Element) =>
      [
        'h1',
        '.till-sync .badge',
        '.till-shift',
        '.till-keys',
        '.till-product-box',
        '.till-product-box label',
        '#till-search',
        '#till-search-help',
        '#till-cart-title',
        '.card-body > p.text-secondary',
      ].map((selector) => {
        const element = root.querySelector(selector);
        return [selector, element?.className, element?.textContent, element?.getAttribute('placeholder')];
      });
    const skeleton = render(<TillSkeleton />);
    const empty = shape(skeleton.container);
    expect(empty.filter(([, className]) => className === undefined)).toEqual([]);
    skeleton.unmount();

    // The till as it first shows: an empty cart, the shift not answered yet.
    lastSignedInAsAdmin({ sale: false });
    server(23314, { now: true, never: ['/api/shift/current'] });
    renderRoutes(routes, '/admin/pos');
    const page = (await screen.findByRole('combobox', { name: 'Product' })).closest('.till-page');
    expect(page).toBeVisible();
    expect(shape(page!)).toEqual(empty);
  });
});
