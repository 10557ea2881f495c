import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { CategoryPage } from './category-page';
import { makeProduct } from './make-product';

const renderCategory = (id: string) =>
  renderRoutes([{ path: '/category/:id', element: <CategoryPage /> }], `/category/${id}`);

describe('CategoryPage', () => {
  it('shows "Category: {title}" and the category’s products', async () => {
    mockFetch({
      'GET /api/showcategory/11': {
        body: {
          data: {
            id: 11,
            title: 'Rice',
            products: [makeProduct({ title: 'Miniket Rice' }), makeProduct({ title: 'Chinigura Rice' })],
          },
        },
      },
    });
    renderCategory('11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category: Rice' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Chinigura Rice' })).toBeTruthy();
  });

  it('says when the category has no products', async () => {
    mockFetch({ 'GET /api/showcategory/4': { body: { data: { id: 4, title: 'Frozen', products: [] } } } });
    renderCategory('4');
    expect(await screen.findByRole('heading', { name: 'Category: Frozen' })).toBeTruthy();
    expect(screen.getByText('There are no products in this category yet.')).toBeTruthy();
  });

  it('says when the category does not exist', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/showcategory/999': { status: 404, body: { message: 'Category not found' } } });
    renderCategory('999');
    expect(
      await screen.findByText('This category does not exist. Please choose one from the menu.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(log).toHaveBeenCalledWith('Could not load category 999', expect.anything());
  });
});
