import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, refuse } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { CategoryPage } from './category-page';
import { makeProduct } from './make-product';

const renderCategory = (id: string) =>
  renderRoutes([{ path: '/category/:id', element: <CategoryPage /> }], `/category/${id}`);

describe('CategoryPage', () => {
  it('shows "Category: {title}" and the category’s products', async () => {
    mockApi({
      'GET /api/showcategory/:id': ({ params }) =>
        params.id === '11'
          ? {
              data: {
                id: 11,
                title: 'Rice',
                title_bn: 'চাল',
                products: [makeProduct({ title: 'Miniket Rice' }), makeProduct({ title: 'Chinigura Rice' })],
              },
            }
          : refuse(404, { message: 'Category not found.', code: 'not_found' }),
    });
    renderCategory('11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category: Rice' })).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Chinigura Rice' })).toBeVisible();
  });

  it('says when the category has no products', async () => {
    mockApi({
      'GET /api/showcategory/:id': { data: { id: 4, title: 'Frozen', title_bn: '', products: [] } },
    });
    renderCategory('4');
    expect(await screen.findByRole('heading', { name: 'Category: Frozen' })).toBeVisible();
    expect(screen.getByText('There are no products in this category yet.')).toBeVisible();
  });

  it('says when the category does not exist', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/showcategory/:id': refuse(404, { message: 'Category not found.', code: 'not_found' }),
    });
    renderCategory('999');
    expect(
      await screen.findByText('This category does not exist. Please choose one from the menu.'),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(log).toHaveBeenCalledWith('Could not load category 999', expect.anything());
  });
});
