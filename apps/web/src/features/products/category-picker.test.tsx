import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { CategoryPicker, type ChosenCategory } from './category-picker';
import { categoryTree } from './test-data';

function Harness() {
  const [chosen, setChosen] = useState<ChosenCategory[]>([]);
  return <CategoryPicker value={chosen} onChange={setChosen} />;
}

const routes = [{ path: '/', element: <Harness /> }];

describe('CategoryPicker', () => {
  it('asks for a title, then adds a category under its parent with the parent as a JSON number', async () => {
    const fetchMock = mockFetch({
      'GET /api/categories': { body: { data: categoryTree } },
      'POST /api/category/add': { status: 201, body: { data: { id: 30, title: 'Flour', parent: 10 } } },
    });
    renderRoutes(routes, '/');
    await screen.findByRole('button', { name: /^Rice/ });
    const title = screen.getByLabelText('New category');
    const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add' }));

    add();
    expect(await screen.findByText('Enter the category name')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(title, { target: { value: 'Flour' } });
    await waitFor(() => expect(screen.queryByText('Enter the category name')).toBeNull());

    fireEvent.change(screen.getByLabelText('Parent'), { target: { value: '10' } });
    add();
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/category/add')).toEqual({ title: 'Flour', parent: 10 }),
    );
    expect(await screen.findByText('Category added')).toBeTruthy();
  });

  it('edits a category in update mode, keeping "no parent" as null', async () => {
    const fetchMock = mockFetch({
      'GET /api/categories': { body: { data: categoryTree } },
      'POST /api/category/edit/20': { body: { data: { id: 20, title: 'Snacks & Sweets', parent: null } } },
    });
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit category Snacks' }));
    const title = screen.getByLabelText('Category name') as HTMLInputElement;
    expect(title.value).toBe('Snacks');
    expect((screen.getByLabelText('Parent') as HTMLSelectElement).value).toBe('');
    fireEvent.change(title, { target: { value: 'Snacks & Sweets' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/category/edit/20')).toEqual({
        title: 'Snacks & Sweets',
        parent: null,
      }),
    );
    // Back to add mode.
    expect(await screen.findByLabelText('New category')).toBeTruthy();
    expect(within(screen.getByRole('group')).queryByRole('button', { name: 'Update' })).toBeNull();
  });
});
