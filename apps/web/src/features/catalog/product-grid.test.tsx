import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../lib/session';
import { mockFetch } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { makeProduct } from './make-product';
import { ProductGrid } from './product-grid';
import type { Product } from './catalog-api';

function renderGrid(products: Product[]) {
  return renderRoutes(
    [
      { path: '/', element: <ProductGrid products={products} /> },
      { path: '/login', element: <LocationProbe /> },
    ],
    '/',
  );
}

const card = (title: string) => screen.getByRole('article', { name: title });
const storedCart = () => JSON.parse(localStorage.getItem('carts') ?? '[]') as CartLine[];

describe('product card', () => {
  it('offers Add to cart for a product in stock, with its image, attribute and price', () => {
    renderGrid([makeProduct({ title: 'Miniket Rice', attri: '5 kg', price: 420 })]);
    const rice = card('Miniket Rice');
    const image = within(rice).getByRole('img', { name: 'Miniket Rice' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    // A square of a set size: no layout shift while it loads.
    expect(image).toHaveAttribute('width', expect.stringMatching(/^[1-9]\d*$/));
    expect(image).toHaveAttribute('height', image.getAttribute('width'));
    expect(within(rice).getByText('5 kg')).toBeVisible();
    expect(within(rice).getByText('420 BDT')).toBeVisible();
    expect(within(rice).getByRole('button', { name: 'Add to cart' })).toBeVisible();
    expect(within(rice).queryByText('Stock Out')).toBeNull();
  });

  it('shows Stock Out and a request button when stock is "on" and when qty is 0 or less', () => {
    renderGrid([
      makeProduct({ title: 'Flagged', stock: 'on', stock_out: 'on', qty: 25 }),
      makeProduct({ title: 'Sold out', qty: 0 }),
      makeProduct({ title: 'Oversold', qty: -2 }),
      makeProduct({ title: 'Last one', qty: 0.5 }),
    ]);
    for (const title of ['Flagged', 'Sold out', 'Oversold']) {
      expect(within(card(title)).getByText('Stock Out')).toBeVisible();
      expect(within(card(title)).getByRole('button', { name: 'Notify me when available' })).toBeVisible();
      expect(within(card(title)).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    }
    expect(within(card('Last one')).getByRole('button', { name: 'Add to cart' })).toBeVisible();
    expect(within(card('Last one')).queryByText('Stock Out')).toBeNull();
  });

  it('shows the offer price and strikes the old one through', () => {
    renderGrid([makeProduct({ title: 'Soybean Oil', price: 200, offprice: 185 })]);
    const oil = card('Soybean Oil');
    expect(within(oil).getByText('185 BDT')).toBeVisible();
    expect(within(oil).getByText('200 BDT').closest('del')).toBeVisible();
    expect(within(oil).getByText('185 BDT').closest('del')).toBeNull();
  });
});

describe('add to cart', () => {
  it('adds a line with qty 1 and the offer price, then refuses the same product again', () => {
    const oil = makeProduct({ id: 7, title: 'Soybean Oil', attri: '1 L', price: 200, offprice: 185 });
    renderGrid([oil]);
    fireEvent.click(within(card('Soybean Oil')).getByRole('button', { name: 'Add to cart' }));

    expect(screen.getByRole('status').textContent).toContain('Product added into cart');
    const lines = storedCart();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      title: 'Soybean Oil',
      image: '/uploads/p7.webp',
      product_id: 7,
      price: 185,
      atrri: '1 L',
      qty: 1,
    });
    expect(typeof lines[0]?.id).toBe('string');

    fireEvent.click(within(card('Soybean Oil')).getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert').textContent).toContain('Already added into cart');
    expect(storedCart()).toEqual(lines);
  });

  it('adds the same product with another attribute as a new line', () => {
    localStorage.setItem(
      'carts',
      JSON.stringify([
        { id: 'x', title: 'Rice', image: '', product_id: 3, price: 70, atrri: '1 kg', qty: 2 },
      ]),
    );
    renderGrid([makeProduct({ id: 3, title: 'Rice', attri: '5 kg', price: 340 })]);
    fireEvent.click(within(card('Rice')).getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByText('Product added into cart')).toBeVisible();
    expect(storedCart().map((line) => [line.atrri, line.qty])).toEqual([
      ['1 kg', 2],
      ['5 kg', 1],
    ]);
  });
});

describe('product request', () => {
  it('asks a guest to log in and goes to /login, sending nothing', async () => {
    const fetchMock = mockFetch({});
    renderGrid([makeProduct({ title: 'Sold out', qty: 0 })]);
    fireEvent.click(within(card('Sold out')).getByRole('button', { name: 'Notify me when available' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(screen.getByRole('alert').textContent).toContain('Please login for request');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a signed-in shopper’s request and confirms it', async () => {
    localStorage.setItem('info', 'tok');
    const fetchMock = mockFetch({
      'GET /api/request/add/42': { body: { message: 'Request send successfuly' } },
    });
    renderGrid([makeProduct({ id: 42, title: 'Sold out', stock: 'on' })]);
    fireEvent.click(within(card('Sold out')).getByRole('button', { name: 'Notify me when available' }));
    expect(await screen.findByText('Request send successfuly')).toBeVisible();
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it("shows the server's words when the phone is not verified yet (403 unverified)", async () => {
    localStorage.setItem('info', 'tok');
    mockFetch({
      'GET /api/request/add/42': {
        status: 403,
        body: { message: 'Please verify your phone number first.', code: 'unverified' },
      },
    });
    renderGrid([makeProduct({ id: 42, title: 'Sold out', qty: 0 })]);
    fireEvent.click(within(card('Sold out')).getByRole('button', { name: 'Notify me when available' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please verify your phone number first.');
  });

  it('only logs a failed request', async () => {
    localStorage.setItem('info', 'tok');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/request/add/42': { status: 500, body: { message: 'Internal Server Error' } } });
    renderGrid([makeProduct({ id: 42, title: 'Sold out', qty: 0 })]);
    fireEvent.click(within(card('Sold out')).getByRole('button', { name: 'Notify me when available' }));
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Could not send the product request', expect.anything()),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('product modal', () => {
  it('opens from the image or the title with the product’s details, and closes', async () => {
    renderGrid([
      makeProduct({
        id: 5,
        title: 'Fresh Chicken',
        attri: '1 kg',
        price: 320,
        offprice: 299,
        desc: 'Farm fresh, cleaned.',
        brand: { id: 2, title: 'Kazi Farms', title_bn: 'কাজী ফার্মস' },
      }),
      makeProduct({ id: 6, title: 'Eggs' }),
    ]);
    fireEvent.click(within(card('Fresh Chicken')).getByRole('img', { name: 'Fresh Chicken' }));
    const modal = await screen.findByRole('dialog', { name: 'Fresh Chicken' });
    expect(within(modal).getByRole('img', { name: 'Fresh Chicken' }).getAttribute('src')).toBe(
      '/uploads/p5-large.webp',
    );
    expect(within(modal).getByText('Brand: Kazi Farms')).toBeVisible();
    expect(within(modal).getByText('1 kg')).toBeVisible();
    expect(within(modal).getByText('299 BDT')).toBeVisible();
    expect(within(modal).getByText('Farm fresh, cleaned.')).toBeVisible();
    // The product's own page, to share.
    expect(within(modal).getByRole('link', { name: 'Open product page' })).toHaveAttribute(
      'href',
      '/product/5',
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Add to cart' }));
    expect(storedCart()[0]?.product_id).toBe(5);

    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(card('Eggs')).getByRole('button', { name: 'Eggs' }));
    const eggs = await screen.findByRole('dialog', { name: 'Eggs' });
    fireEvent.keyDown(eggs, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
