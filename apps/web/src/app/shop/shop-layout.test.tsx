import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSearch } from '../../lib/search';
import type { CartLine } from '../../lib/session';
import { mockFetch } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { ShopLayout } from './shop-layout';

const lines: CartLine[] = [
  {
    id: 'a',
    title: 'Miniket Rice',
    image: '/uploads/rice.jpg',
    product_id: 1,
    price: 75,
    atrri: '1 kg',
    qty: 2,
  },
  {
    id: 'b',
    title: 'Soybean Oil',
    image: '/uploads/oil.jpg',
    product_id: 2,
    price: 190,
    atrri: '1 L',
    qty: 1,
  },
];

const categories = [
  {
    id: 1,
    title: 'Food',
    title_bn: '',
    parent: null,
    parents: [
      {
        id: 11,
        title: 'Rice',
        title_bn: '',
        parent: 1,
        parents: [{ id: 111, title: 'Miniket', title_bn: '', parent: 11, parents: [] }],
      },
      {
        id: 12,
        title: 'Oil',
        title_bn: '',
        parent: 1,
        parents: [{ id: 121, title: 'Soybean', title_bn: '', parent: 12, parents: [] }],
      },
    ],
  },
  {
    id: 2,
    title: 'Baby Care',
    title_bn: '',
    parent: null,
    parents: [{ id: 21, title: 'Diapers', title_bn: '', parent: 2, parents: [] }],
  },
  { id: 3, title: 'Fruits', title_bn: '', parent: null, parents: [] },
];

function SearchProbe() {
  return <output data-testid="search">{useSearch().search}</output>;
}

function renderShop(path = '/') {
  return renderRoutes(
    [
      {
        path: '/',
        element: <ShopLayout />,
        children: [
          { index: true, element: <SearchProbe /> },
          { path: 'category/:id', element: <LocationProbe /> },
          { path: 'user/checkout', element: <LocationProbe /> },
        ],
      },
    ],
    path,
  );
}

const storedCart = () => JSON.parse(localStorage.getItem('carts') ?? '[]') as CartLine[];

describe('ShopLayout cart', () => {
  it('counts the quantities in storage and changes them with plus and minus', async () => {
    localStorage.setItem('carts', JSON.stringify(lines));
    mockFetch({ 'GET /api/categories': { body: { data: [] } } });
    renderShop();

    fireEvent.click(screen.getByRole('button', { name: 'Cart(3)' }));
    const panel = await screen.findByRole('dialog', { name: 'Cart' });
    expect(within(panel).getByText('Miniket Rice')).toBeVisible();
    expect(within(panel).getByText('1 kg')).toBeVisible();
    expect(within(panel).getByText('75 BDT')).toBeVisible();

    fireEvent.click(within(panel).getByRole('button', { name: 'One more Soybean Oil' }));
    expect(screen.getByRole('button', { name: 'Cart(4)' })).toBeVisible();
    expect(storedCart().find((line) => line.id === 'b')?.qty).toBe(2);

    fireEvent.click(within(panel).getByRole('button', { name: 'One less Miniket Rice' }));
    expect(screen.getByRole('button', { name: 'Cart(3)' })).toBeVisible();
    expect(within(panel).getByLabelText('Quantity of Miniket Rice').textContent).toBe('1');
  });

  it('removes a line when its quantity reaches zero', async () => {
    localStorage.setItem('carts', JSON.stringify(lines));
    mockFetch({ 'GET /api/categories': { body: { data: [] } } });
    renderShop();

    fireEvent.click(screen.getByRole('button', { name: 'Cart(3)' }));
    const panel = await screen.findByRole('dialog', { name: 'Cart' });
    fireEvent.click(within(panel).getByRole('button', { name: 'One less Soybean Oil' }));

    expect(within(panel).queryByText('Soybean Oil')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cart(2)' })).toBeVisible();
    expect(storedCart().map((line) => line.id)).toEqual(['a']);

    fireEvent.click(within(panel).getByRole('button', { name: 'One less Miniket Rice' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'One less Miniket Rice' }));
    expect(screen.getByRole('button', { name: 'Cart(0)' })).toBeVisible();
    expect(within(panel).getByText('Your cart is empty')).toBeVisible();
    expect(storedCart()).toEqual([]);
  });

  it('goes to /user/checkout from the Checkout button', async () => {
    localStorage.setItem('carts', JSON.stringify(lines));
    mockFetch({ 'GET /api/categories': { body: { data: [] } } });
    renderShop();
    fireEvent.click(screen.getByRole('button', { name: 'Cart(3)' }));
    const panel = await screen.findByRole('dialog', { name: 'Cart' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Checkout' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/user/checkout');
  });
});

describe('ShopLayout top bar and menu', () => {
  it('shows Login for a guest and Profile for a signed-in user', async () => {
    mockFetch({
      'GET /api/categories': { body: { data: [] } },
      'GET /api/profile': {
        body: { id: 1, name: 'Rahim', phone: '01712345678', role: 1, status: 1, ref_code: 'AB12', point: 0 },
      },
    });
    const guest = renderShop();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    guest.unmount();

    localStorage.setItem('info', 'tok');
    localStorage.setItem('phone', '01712345678');
    renderShop();
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/user/profile');
  });

  it('opens one child group and one grandchild group at a time and links to categories', async () => {
    mockFetch({ 'GET /api/categories': { body: { data: categories } } });
    renderShop();
    const menu = await screen.findByRole('navigation', { name: 'Categories' });
    expect(within(menu).queryByText('Rice')).toBeNull();
    expect(within(menu).queryByRole('button', { name: /Fruits/ })).toBeNull(); // no children, no arrow

    fireEvent.click(within(menu).getByRole('button', { name: 'Show subcategories of Food' }));
    expect(within(menu).getByText('Rice')).toBeVisible();
    fireEvent.click(within(menu).getByRole('button', { name: 'Show subcategories of Rice' }));
    expect(within(menu).getByText('Miniket')).toBeVisible();
    fireEvent.click(within(menu).getByRole('button', { name: 'Show subcategories of Oil' }));
    expect(within(menu).queryByText('Miniket')).toBeNull();
    expect(within(menu).getByText('Soybean')).toBeVisible();

    fireEvent.click(within(menu).getByRole('button', { name: 'Show subcategories of Baby Care' }));
    expect(within(menu).queryByText('Rice')).toBeNull();
    expect(within(menu).getByText('Diapers')).toBeVisible();

    fireEvent.click(within(menu).getByRole('link', { name: 'Diapers' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/category/21');
  });

  it('clears the search text when the side menu is clicked', async () => {
    mockFetch({ 'GET /api/categories': { body: { data: categories } } });
    renderShop();
    const search = screen.getByPlaceholderText('Type product name');
    fireEvent.change(search, { target: { value: 'rice' } });
    expect(screen.getByTestId('search').textContent).toBe('rice');

    const menu = await screen.findByRole('navigation', { name: 'Categories' });
    fireEvent.click(within(menu).getByRole('button', { name: 'Show subcategories of Food' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('search').textContent).toBe('');
  });

  it('shows no menu and only logs when the categories call fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/categories': { status: 500, body: { message: 'Internal Server Error' } } });
    renderShop();
    await waitFor(() => expect(log).toHaveBeenCalledWith('Could not load categories', expect.anything()));
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
