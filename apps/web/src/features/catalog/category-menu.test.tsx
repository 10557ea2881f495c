import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { CategoryMenu } from './category-menu';
import type { Category } from './use-categories';

const node = (id: number, title: string, parent: number | null, parents: Category[] = []): Category => ({
  id,
  title,
  title_bn: '',
  parent,
  parents,
});

const tree: Category[] = [
  node(1, 'Food', null, [
    node(11, 'Rice', 1, [node(111, 'Miniket', 11), node(112, 'Chinigura', 11)]),
    node(12, 'Oil', 1, [node(121, 'Soybean', 12)]),
  ]),
  node(2, 'Meat & Fish', null, [node(21, 'Chicken', 2, [node(211, 'Broiler', 21)])]),
  node(3, 'Fruits', null),
];

function renderMenu(path = '/') {
  mockApi({ 'GET /api/categories': { data: tree } });
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <CategoryMenu />
            <LocationProbe />
          </>
        ),
        children: [{ path: 'category/:id', element: null }],
      },
    ],
    path,
  );
}

const toggle = (menu: HTMLElement, title: string) =>
  within(menu).getByRole('button', { name: new RegExp(`subcategories of ${title}$`) });

describe('CategoryMenu', () => {
  it('has arrows only on categories with children and opens one child group at a time', async () => {
    renderMenu();
    const menu = await screen.findByRole('navigation', { name: 'Categories' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Food', 'Meat & Fish', 'Fruits']);
    expect(within(menu).queryByRole('button', { name: /Fruits/ })).toBeNull();

    fireEvent.click(toggle(menu, 'Food'));
    expect(toggle(menu, 'Food').getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByRole('link', { name: 'Rice' })).toBeVisible();
    expect(within(menu).getByRole('link', { name: 'Oil' })).toBeVisible();

    fireEvent.click(toggle(menu, 'Meat & Fish'));
    expect(within(menu).getByRole('link', { name: 'Chicken' })).toBeVisible();
    expect(within(menu).queryByRole('link', { name: 'Rice' })).toBeNull();
    expect(toggle(menu, 'Food').getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle(menu, 'Meat & Fish'));
    expect(within(menu).queryByRole('link', { name: 'Chicken' })).toBeNull();
  });

  it('opens one grandchild group at a time', async () => {
    renderMenu();
    const menu = await screen.findByRole('navigation', { name: 'Categories' });
    fireEvent.click(toggle(menu, 'Food'));
    fireEvent.click(toggle(menu, 'Rice'));
    expect(within(menu).getByRole('link', { name: 'Miniket' })).toBeVisible();
    expect(within(menu).getByRole('link', { name: 'Chinigura' })).toBeVisible();

    fireEvent.click(toggle(menu, 'Oil'));
    expect(within(menu).getByRole('link', { name: 'Soybean' })).toBeVisible();
    expect(within(menu).queryByRole('link', { name: 'Miniket' })).toBeNull();

    // Another top-level group closes the grandchild group too; coming back shows the children only.
    fireEvent.click(toggle(menu, 'Meat & Fish'));
    fireEvent.click(toggle(menu, 'Food'));
    expect(within(menu).getByRole('link', { name: 'Oil' })).toBeVisible();
    expect(within(menu).queryByRole('link', { name: 'Soybean' })).toBeNull();
  });

  it('goes to /category/{id} for an entry of any level', async () => {
    renderMenu();
    const menu = await screen.findByRole('navigation', { name: 'Categories' });
    fireEvent.click(toggle(menu, 'Meat & Fish'));
    fireEvent.click(toggle(menu, 'Chicken'));
    fireEvent.click(within(menu).getByRole('link', { name: 'Broiler' }));
    expect(screen.getByTestId('location').textContent).toBe('/category/211');
    fireEvent.click(within(menu).getByRole('link', { name: 'Meat & Fish' }));
    expect(screen.getByTestId('location').textContent).toBe('/category/2');
  });

  it('opens the groups down to the category being shown', async () => {
    renderMenu('/category/112');
    const menu = await screen.findByRole('navigation', { name: 'Categories' });
    const current = await within(menu).findByRole('link', { name: 'Chinigura' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(menu).queryByRole('link', { name: 'Soybean' })).toBeNull();
  });
});
