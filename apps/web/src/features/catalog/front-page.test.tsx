import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, refuse } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { FrontPage } from './front-page';
import { makeProduct } from './make-product';

const renderFront = () => renderRoutes([{ path: '/', element: <FrontPage /> }], '/');

describe('FrontPage', () => {
  it('shows the stories strip, the offer products and the popular products', async () => {
    mockApi({
      'GET /api/storys': {
        data: [
          { id: 1, image: '/uploads/s1.webp', link: '/category/3' },
          { id: 2, image: '/uploads/s2.webp', link: 'https://www.facebook.com/bazar' },
          { id: 3, image: '/uploads/s3.webp', link: '' },
        ],
      },
      'GET /api/productoffer': { data: [makeProduct({ title: 'Mango Juice', offprice: 90 })] },
      'GET /api/productpopular': { data: [makeProduct({ title: 'Red Lentils' })] },
    });
    renderFront();

    const stories = await screen.findByRole('region', { name: 'Daily campaign' });
    const images = within(stories).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('width'))).toEqual(['114', '114', '114']);
    expect(within(stories).getByRole('link', { name: 'Campaign 1' }).getAttribute('href')).toBe(
      '/category/3',
    );
    expect(within(stories).getByRole('link', { name: 'Campaign 2' }).getAttribute('href')).toBe(
      'https://www.facebook.com/bazar',
    );
    expect(within(stories).queryByRole('link', { name: 'Campaign 3' })).toBeNull();

    const offers = screen.getByRole('region', { name: 'Offer Products' });
    expect(await within(offers).findByRole('article', { name: 'Mango Juice' })).toBeVisible();
    const popular = screen.getByRole('region', { name: 'Popular Products' });
    expect(await within(popular).findByRole('article', { name: 'Red Lentils' })).toBeVisible();
  });

  it('says when a section is empty, and when it could not be loaded (logging the failure)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let offerCalls = 0;
    const failure = { message: 'Internal Server Error', code: 'server_error' };
    mockApi({
      'GET /api/storys': refuse(500, failure),
      'GET /api/productoffer': () =>
        ++offerCalls <= 2 ? refuse(500, failure) : { data: [makeProduct({ title: 'Mango Juice' })] },
      'GET /api/productpopular': { data: [] },
    });
    renderFront();

    expect(await screen.findByText('No popular products yet.')).toBeVisible();
    const failed = await screen.findByText('Could not load the offer products.', {}, { timeout: 3000 });
    expect(log).toHaveBeenCalledWith('Could not load offer products', expect.anything());
    await waitFor(() => expect(log).toHaveBeenCalledWith('Could not load stories', expect.anything()));
    expect(screen.queryByRole('region', { name: 'Daily campaign' })).toBeNull();

    fireEvent.click(within(failed.parentElement as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Mango Juice' })).toBeVisible();
  });
});
