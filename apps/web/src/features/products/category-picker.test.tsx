import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { CategoryPicker, type ChosenCategory } from './category-picker';
import { categoryTree } from './test-data';

function Harness() {
  const [chosen, setChosen] = useState<ChosenCategory[]>([]);
  return <CategoryPicker value={chosen} onChange={setChosen} />;
}

const routes = [{ path: '/', element: <Harness /> }];

describe('CategoryPicker', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('asks for a title, then adds a category under its parent with the parent as a JSON number', async () => {
    const fetchMock = mockApi({
      'GET /api/categories': { data: categoryTree },
      'POST /api/category/add': { data: { id: 30, title: 'Flour', title_bn: 'আটা', parent: 10 } },
    });
    renderRoutes(routes, '/');
    await screen.findByRole('button', { name: /^Rice/ });
    const title = screen.getByLabelText('New category');
    const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add' }));

    add();
    expect(await screen.findByText('Enter the category name')).toBeVisible();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(title, { target: { value: 'Flour' } });
    await waitFor(() => expect(screen.queryByText('Enter the category name')).toBeNull());

    const bangla = screen.getByLabelText('Name (Bangla)');
    expect(bangla.getAttribute('lang')).toBe('bn');
    fireEvent.change(bangla, { target: { value: ' আটা ' } });
    fireEvent.change(screen.getByLabelText('Parent'), { target: { value: '10' } });
    add();
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/category/add')).toEqual({
        title: 'Flour',
        title_bn: 'আটা',
        parent: 10,
      }),
    );
    expect(await screen.findByText('Category added')).toBeVisible();
    expect((screen.getByLabelText('Name (Bangla)') as HTMLInputElement).value).toBe('');
  });

  it('sends no Bangla name as empty', async () => {
    const fetchMock = mockApi({
      'GET /api/categories': { data: categoryTree },
      'POST /api/category/add': { data: { id: 30, title: 'Flour', title_bn: '', parent: null } },
    });
    renderRoutes(routes, '/');
    await screen.findByRole('button', { name: /^Rice/ });
    fireEvent.change(screen.getByLabelText('New category'), { target: { value: 'Flour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/category/add')).toEqual({
        title: 'Flour',
        title_bn: '',
        parent: null,
      }),
    );
  });

  it('edits a category in update mode, keeping "no parent" as null', async () => {
    const fetchMock = mockApi({
      'GET /api/categories': { data: categoryTree },
      'POST /api/category/edit/:id': {
        data: { id: 20, title: 'Snacks & Sweets', title_bn: 'নাস্তা ও মিষ্টি', parent: null },
      },
    });
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit category Snacks' }));
    const title = screen.getByLabelText('Category name') as HTMLInputElement;
    expect(title.value).toBe('Snacks');
    expect((screen.getByLabelText('Name (Bangla)') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Parent') as HTMLSelectElement).value).toBe('');
    fireEvent.change(title, { target: { value: 'Snacks & Sweets' } });
    fireEvent.change(screen.getByLabelText('Name (Bangla)'), { target: { value: 'নাস্তা ও মিষ্টি' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/category/edit/20')).toEqual({
        title: 'Snacks & Sweets',
        title_bn: 'নাস্তা ও মিষ্টি',
        parent: null,
      }),
    );
    // Back to add mode.
    expect(await screen.findByLabelText('New category')).toBeVisible();
    expect(within(screen.getByRole('group')).queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('loads the Bangla name on edit and sends it emptied, which removes it', async () => {
    const fetchMock = mockApi({
      'GET /api/categories': { data: categoryTree },
      'POST /api/category/edit/:id': { data: { id: 11, title: 'Rice', title_bn: '', parent: 10 } },
    });
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit category Rice' }));
    const bangla = screen.getByLabelText('Name (Bangla)') as HTMLInputElement;
    expect(bangla.value).toBe('চাল');
    fireEvent.change(bangla, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/category/edit/11')).toEqual({
        title: 'Rice',
        title_bn: '',
        parent: 10,
      }),
    );
  });

  it('lists the Bangla names in Bangla, and the English one of a category without', async () => {
    mockApi({ 'GET /api/categories': { data: categoryTree } });
    await act(() => setLanguage('bn'));
    renderRoutes(routes, '/');
    const list = await screen.findByRole('list', { name: 'ক্যাটাগরি' });
    const rice = within(list).getByRole('button', { name: /^চাল/ });
    expect(rice.textContent).toContain('মুদি'); // its parent, in Bangla too
    expect(within(list).getByRole('button', { name: /^Snacks/ })).toBeVisible();
    fireEvent.click(rice);
    const chosen = screen.getByRole('list', { name: 'বাছাই করা ক্যাটাগরি' });
    expect(within(chosen).getByText('চাল')).toBeVisible();
  });
});
