import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, refuse } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { makeProduct } from './make-product';
import { ProductPage } from './product-page';

const renderProduct = (id: string) =>
  renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], `/product/${id}`);

const rice = makeProduct({ id: 7, title: 'Miniket Rice', attri: '5 kg', desc: 'Polished rice' });

describe('ProductPage', () => {
  it('shows the product with its categories as the way back', async () => {
    const fetchMock = mockApi({
      'GET /api/product/view/:id': {
        data: { product: rice, sizes: [rice], categories: [{ id: 11, title: 'Rice', title_bn: 'চাল' }] },
      },
    });
    renderProduct('7');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Miniket Rice');
    expect(screen.getByText('Polished rice').tagName).toBe('P');
    const trail = screen.getByRole('navigation', { name: 'Where this product is' });
    expect(within(trail).getByRole('link', { name: 'Rice' }).getAttribute('href')).toBe('/category/11');
    expect(callsTo(fetchMock, 'GET /api/product/view/:id').map((url) => url.pathname)).toEqual([
      '/api/product/view/7',
    ]);
  });

  it('says the product is gone for an address that names none (404, 422)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/product/view/:id': ({ params }) =>
        params.id === 'abc'
          ? refuse(422, { message: 'Invalid', code: 'invalid', errors: { id: ['The id must be a number.'] } })
          : refuse(404, { message: 'Product not found.', code: 'not_found' }),
    });
    renderProduct('abc');
    expect((await screen.findByText('This product is no longer in the shop.')).tagName).toBe('P');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('says it could not load the product, and Try again asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    mockApi({
      'GET /api/product/view/:id': () =>
        ++calls <= 2
          ? refuse(500, { message: 'Internal Server Error', code: 'server_error' })
          : { data: { product: rice, sizes: [rice], categories: [] } },
    });
    renderProduct('7');
    const failed = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(failed.textContent).toContain('Could not load this product.');
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Miniket Rice');
  });
});
