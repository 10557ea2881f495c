import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { makeProduct } from './make-product';
import { SearchPage } from './search-page';

const renderSearch = (path: string) =>
  renderRoutes([{ path: '/search/:search', element: <SearchPage /> }], path);

describe('SearchPage', () => {
  it('shows "Search Result" with the products found for the address’s text', async () => {
    const fetchMock = mockApi({
      'GET /api/product/search/:text': { data: [makeProduct({ title: 'Fresh Chicken' })] },
    });
    renderSearch('/search/fresh%20chiken');
    expect(screen.getByRole('heading', { level: 1, name: 'Search Result' })).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Fresh Chicken' })).toBeVisible();
    expect(screen.getByText('Products matching “fresh chiken”')).toBeVisible();
    expect(callsTo(fetchMock, 'GET /api/product/search/:text').map((url) => url.pathname)).toEqual([
      '/api/product/search/fresh%20chiken',
    ]);
  });

  it('says when nothing was found', async () => {
    mockApi({ 'GET /api/product/search/:text': { data: [] } });
    renderSearch('/search/qqqq');
    expect(await screen.findByText('No products found for “qqqq”.')).toBeVisible();
  });

  it('does not search for 2 characters or less', () => {
    const fetchMock = mockApi({});
    renderSearch('/search/ab');
    expect(screen.getByText('Type more than 2 characters to search.')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
