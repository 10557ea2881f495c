import { BUILT_IN_ROLE_DEFAULTS, PERMISSIONS, type Permission } from '@bazar/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminRouteHandle } from '../../lib/admin-check';
import { mockApi } from '../../test/fetch-mock';
import { signInStaff } from '../../test/staff';
import { LocationProbe, renderRoutes } from '../../test/render';
import { AdminLayout } from './admin-layout';

/** A page of the back office that needs `permission` (as router.tsx's routes declare theirs). */
const page = (path: string | undefined, permission: Permission, text: string): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  handle: { permission } satisfies AdminRouteHandle,
  element: (
    <>
      <p>{text}</p>
      <LocationProbe />
    </>
  ),
});

// The real frame, with stub pages under the permissions the real ones need (router.tsx).
const routes: RouteObject[] = [
  { path: '/', element: <LocationProbe /> },
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      page(undefined, 'dashboard.view', 'Dashboard page'),
      page('pos', 'till.sell', 'Till page'),
      page('orders', 'orders.view', 'Orders page'),
      page('products', 'products.view', 'Products page'),
      page('staff', 'staff.manage', 'Staff page'),
    ],
  },
];

/** Signs in a member of staff whose profile holds these permissions. */
const signInAs = (staffRole: string, permissions: readonly Permission[]) =>
  mockApi({ 'GET /api/profile': signInStaff(staffRole, permissions) });
const cashier = () => signInAs('cashier', BUILT_IN_ROLE_DEFAULTS.cashier.permissions);

const location = async () => (await screen.findByTestId('location')).textContent;

async function menuLinks() {
  const menu = await screen.findByRole('navigation', { name: 'Admin menu' });
  await within(menu).findAllByRole('link');
  return within(menu)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

describe('AdminLayout', () => {
  it('shows a cashier the till button and only the menu entries they may open', async () => {
    cashier();
    renderRoutes(routes, '/admin/orders');
    expect(await screen.findByText('Orders page')).toBeVisible();
    expect(screen.getByRole('link', { name: 'POS' })).toHaveAttribute('href', '/admin/pos');
    expect(await menuLinks()).toEqual([
      ['Orders', '/admin/orders'],
      ['Customer', '/admin/customers'],
    ]);
    for (const name of ['Dashboard', 'Products', 'Staff', 'Setting']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
  });

  it('tells a cashier "Access Restricted" on a page they may not open, and leads them to the till', async () => {
    cashier();
    renderRoutes(routes, '/admin/staff');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
    expect(screen.queryByText('Staff page')).toBeNull();
    expect(within(alert).getByRole('link', { name: 'Go to your start page' })).toHaveAttribute(
      'href',
      '/admin/pos',
    );
    // Still in the back office, at the address asked for: the frame stays, the menu with it.
    expect(screen.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('sends a cashier from /admin (no dashboard) to the till', async () => {
    cashier();
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Till page')).toBeVisible();
    expect(await location()).toBe('/admin/pos');
    expect(screen.queryByText('Dashboard page')).toBeNull();
    expect(screen.queryByText('Access Restricted')).toBeNull();
  });

  it('sends a stock keeper, who does not sell, from /admin to their first menu entry', async () => {
    signInAs('stock', BUILT_IN_ROLE_DEFAULTS.stock.permissions);
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Products page')).toBeVisible();
    expect(await location()).toBe('/admin/products');
    expect(screen.queryByRole('link', { name: 'POS' })).toBeNull();
  });

  it('shows the owner the dashboard, the Staff page and every menu entry', async () => {
    signInAs('owner', PERMISSIONS);
    const { router } = renderRoutes(routes, '/admin');
    expect(await screen.findByText('Dashboard page')).toBeVisible();
    expect(await location()).toBe('/admin');
    expect(await menuLinks()).toContainEqual(['Staff', '/admin/staff']);
    expect(screen.getByRole('link', { name: 'POS' })).toBeVisible();

    await router.navigate('/admin/staff');
    expect(await screen.findByText('Staff page')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/staff'));
    expect(screen.queryByText('Access Restricted')).toBeNull();
  });
});
