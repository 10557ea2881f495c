import { BUILT_IN_ROLE_DEFAULTS, PERMISSIONS, type Permission } from '@bazar/contracts/permissions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { signInStaff } from '../../test/staff';
import { renderRoutes } from '../../test/render';
import { AdminSidebar } from './admin-sidebar';

/** Signs in a member of staff whose profile holds these permissions. */
const signInAs = (staffRole: string, permissions: readonly Permission[]) =>
  mockApi({ 'GET /api/profile': signInStaff(staffRole, permissions) });

async function menuLinks() {
  renderRoutes([{ path: '*', element: <AdminSidebar onChoose={() => undefined} /> }], '/admin');
  const menu = screen.getByRole('navigation', { name: 'Admin menu' });
  await within(menu).findAllByRole('link');
  return within(menu)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

describe('AdminSidebar', () => {
  it('leads to the expenses under the spec\'s spelling, "Expance", after Stock Manage, Stock count and Expiring soon', async () => {
    signInAs('owner', PERMISSIONS);
    const links = await menuLinks();
    expect(links).toContainEqual(['Expance', '/admin/expance']);
    const names = links.map(([name]) => name);
    expect(names.indexOf('Expance')).toBe(names.indexOf('Stock Manage') + 3);
  });

  it('leads to Expiring soon right after the stock counts, for who sees stock', async () => {
    signInAs('owner', PERMISSIONS);
    await menuLinks();
    const main = screen.getByRole('list', { name: 'MAIN' });
    const links = within(main)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    const count = links.findIndex(([name]) => name === 'Stock count');
    expect(links.slice(count, count + 2)).toEqual([
      ['Stock count', '/admin/stock-counts'],
      ['Expiring soon', '/admin/expiring'],
    ]);
  });

  it('leads to the stock counts right after Stock Manage, in MAIN', async () => {
    signInAs('owner', PERMISSIONS);
    await menuLinks();
    const main = screen.getByRole('list', { name: 'MAIN' });
    const links = within(main)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    const stock = links.findIndex(([name]) => name === 'Stock Manage');
    expect(links.slice(stock, stock + 2)).toEqual([
      ['Stock Manage', '/admin/stock'],
      ['Stock count', '/admin/stock-counts'],
    ]);
  });

  it('shows the stock counts to a stock keeper, who counts', async () => {
    signInAs('stock', BUILT_IN_ROLE_DEFAULTS.stock.permissions);
    expect(await menuLinks()).toContainEqual(['Stock count', '/admin/stock-counts']);
  });

  it('shows the stock counts alone to who may only approve counts', async () => {
    signInAs('approver', ['stock.approve']);
    expect(await menuLinks()).toEqual([['Stock count', '/admin/stock-counts']]);
  });

  it('leads to the purchases and the suppliers right after Expance, in MAIN', async () => {
    signInAs('owner', PERMISSIONS);
    await menuLinks();
    const main = screen.getByRole('list', { name: 'MAIN' });
    const links = within(main)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links.slice(-3)).toEqual([
      ['Expance', '/admin/expance'],
      ['Purchases', '/admin/purchases'],
      ['Suppliers', '/admin/suppliers'],
    ]);
  });

  it('leads to the online payments right after Orders, in MAIN, for who may refund them', async () => {
    signInAs('owner', PERMISSIONS);
    await menuLinks();
    const main = screen.getByRole('list', { name: 'MAIN' });
    const links = within(main)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    const orders = links.findIndex(([name]) => name === 'Orders');
    expect(links.slice(orders, orders + 2)).toEqual([
      ['Orders', '/admin/orders'],
      ['Online payments', '/admin/online-payments'],
    ]);
  });

  it('hides the online payments from who may see orders but not refund online payments', async () => {
    signInAs('clerk', ['orders.view', 'orders.edit', 'orders.returns']);
    expect(await menuLinks()).toEqual([['Orders', '/admin/orders']]);
  });

  it('shows the online payments alone to who may only refund them', async () => {
    signInAs('refunds', ['orders.refund_online']);
    expect(await menuLinks()).toEqual([['Online payments', '/admin/online-payments']]);
  });

  it('shows the owner Staff under SETTING', async () => {
    signInAs('owner', PERMISSIONS);
    await menuLinks();
    const setting = screen.getByRole('list', { name: 'SETTING' });
    expect(within(setting).getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/admin/staff');
  });

  it('shows a cashier only the orders and the customers, and no empty section', async () => {
    signInAs('cashier', BUILT_IN_ROLE_DEFAULTS.cashier.permissions);
    expect(await menuLinks()).toEqual([
      ['Orders', '/admin/orders'],
      ['Customer', '/admin/customers'],
    ]);
    expect(screen.queryByRole('heading', { name: 'MARKETING' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'SETTING' })).toBeNull();
  });

  it('leads who settles riders’ cash to the riders, after the online payments; not a cashier or a rider', async () => {
    signInAs('manager', BUILT_IN_ROLE_DEFAULTS.manager.permissions);
    await menuLinks();
    const main = screen.getByRole('list', { name: 'MAIN' });
    const links = within(main)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    const orders = links.findIndex(([name]) => name === 'Orders');
    expect(links.slice(orders, orders + 3)).toEqual([
      ['Orders', '/admin/orders'],
      ['Online payments', '/admin/online-payments'],
      ['Riders', '/admin/riders'],
    ]);
  });

  it('shows the riders alone to who may only settle them', async () => {
    signInAs('settler', ['deliveries.settle']);
    expect(await menuLinks()).toEqual([['Riders', '/admin/riders']]);
  });
});
