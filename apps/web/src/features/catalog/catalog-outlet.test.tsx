import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShopLayout } from '../../app/shop/shop-layout';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { advance, useFakeClock } from '../../test/timers';
import { CatalogOutlet, SEARCH_DEBOUNCE_MS } from './catalog-outlet';
import { FrontPage } from './front-page';
import { SearchPage } from './search-page';
import { makeProduct } from './make-product';

const offer = makeProduct({ title: 'Mango Juice', offer: 'on', offprice: 90 });
const popular = makeProduct({ title: 'Red Lentils', popular: 'on' });
const rice = makeProduct({ title: 'Miniket Rice' });
const riceBran = makeProduct({ title: 'Rice Bran Oil' });

function renderHome() {
  const fetchMock = mockApi({
    'GET /api/categories': { data: [] },
    'GET /api/storys': { data: [] },
    'GET /api/productoffer': { data: [offer] },
    'GET /api/productpopular': { data: [popular] },
    'GET /api/product/search/:text': ({ params }) => ({
      data: params.text === 'rice' ? [rice, riceBran] : [],
    }),
  });
  renderRoutes(
    [
      {
        path: '/',
        element: <ShopLayout />,
        children: [{ element: <CatalogOutlet />, children: [{ index: true, element: <FrontPage /> }] }],
      },
    ],
    '/',
  );
  const box = screen.getByPlaceholderText('Type product name');
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  const searches = () => callsTo(fetchMock, 'GET /api/product/search/:text').map((url) => url.pathname);
  return { type, searches };
}

const homeShown = () => screen.queryByRole('heading', { name: 'Offer Products' }) !== null;

describe('search results on the home screen', () => {
  it('replace the home content while the box holds text that found products', async () => {
    const { type } = renderHome();
    expect(await screen.findByRole('heading', { name: 'Offer Products' })).toBeVisible();
    expect(await screen.findByText('Mango Juice')).toBeVisible();

    type('rice');
    expect(await screen.findByRole('heading', { name: 'Search Result' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Miniket Rice' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Rice Bran Oil' })).toBeVisible();
    expect(homeShown()).toBe(false);
    expect(screen.queryByText('Mango Juice')).toBeNull();

    type('');
    expect(await screen.findByRole('heading', { name: 'Offer Products' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Search Result' })).toBeNull();
  });

  it('keep the home content when the search finds nothing, and say so', async () => {
    const { type } = renderHome();
    await screen.findByText('Mango Juice');
    type('xyz');
    expect(await screen.findByText('No products found for “xyz”.')).toBeVisible();
    expect(homeShown()).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Search Result' })).toBeNull();
  });

  it('say "No products found" once on the search page when the box holds its text', async () => {
    useFakeClock();
    mockApi({ 'GET /api/categories': { data: [] }, 'GET /api/product/search/:text': { data: [] } });
    const { queryClient } = renderRoutes(
      [
        {
          path: '/',
          element: <ShopLayout />,
          children: [
            { element: <CatalogOutlet />, children: [{ path: 'search/:search', element: <SearchPage /> }] },
          ],
        },
      ],
      '/search/xyz',
    );
    expect(await screen.findByText('No products found for “xyz”.')).toBeVisible();
    fireEvent.change(screen.getByPlaceholderText('Type product name'), { target: { value: 'xyz' } });
    // Typing pauses: the box's own search has its answer too.
    await advance(SEARCH_DEBOUNCE_MS);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getAllByText('No products found for “xyz”.')).toHaveLength(1);
  });

  it('search only for more than 2 characters, once typing pauses', async () => {
    useFakeClock();
    const { type, searches } = renderHome();
    await screen.findByText('Mango Juice');
    type('ri');
    await advance(1_000); // a long pause

    expect(searches()).toEqual([]);
    expect(homeShown()).toBe(true);

    type('ric');
    type('rice');
    await advance(SEARCH_DEBOUNCE_MS);
    await screen.findByRole('heading', { name: 'Search Result' });
    expect(searches()).toEqual(['/api/product/search/rice']);
  });

  it('show the home content again when the box is emptied, even before a pause', async () => {
    const { type } = renderHome();
    type('rice');
    await screen.findByRole('heading', { name: 'Search Result' });
    type('   ');
    expect(homeShown()).toBe(true); // at once: no results stay for a box emptied a moment ago
    expect(screen.queryByRole('heading', { name: 'Search Result' })).toBeNull();
  });
});
