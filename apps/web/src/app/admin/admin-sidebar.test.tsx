import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminSidebar } from './admin-sidebar';

describe('AdminSidebar', () => {
  it('leads to the expenses under the spec\'s spelling, "Expance", beside Stock Manage', () => {
    const router = createMemoryRouter([{ path: '*', element: <AdminSidebar onChoose={() => undefined} /> }], {
      initialEntries: ['/admin'],
    });
    render(<RouterProvider router={router} />);
    const menu = screen.getByRole('navigation', { name: 'Admin menu' });
    const links = within(menu)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toContainEqual(['Expance', '/admin/expance']);
    const names = links.map(([name]) => name);
    expect(names.indexOf('Expance')).toBe(names.indexOf('Stock Manage') + 1);
  });

  it('leads to the purchases and the suppliers right after Expance, in MAIN', () => {
    const router = createMemoryRouter([{ path: '*', element: <AdminSidebar onChoose={() => undefined} /> }], {
      initialEntries: ['/admin'],
    });
    render(<RouterProvider router={router} />);
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
});
