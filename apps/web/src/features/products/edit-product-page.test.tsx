import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { EditProductPage } from './edit-product-page';
import { adminProduct, brands, callsWith, categoryTree, sentForm } from './test-data';

const routes = [
  { path: '/admin/edit-product/:id', element: <EditProductPage /> },
  { path: '/admin/products', element: <LocationProbe /> },
];

const handlers = {
  'GET /api/product/7': { body: { data: adminProduct() } },
  'GET /api/brands': { body: { data: brands } },
  'GET /api/categories': { body: { data: categoryTree } },
  'POST /api/product/edit/7': { body: { data: adminProduct({ title: 'Chinigura Rice' }) } },
};

describe('EditProductPage', () => {
  it('is filled from the product, shows its picture and Food instead of Bind Stock', async () => {
    mockFetch(handlers);
    renderRoutes(routes, '/admin/edit-product/7');
    expect(((await screen.findByLabelText('Title*')) as HTMLInputElement).value).toBe('Miniket Rice');
    expect((screen.getByLabelText('Offer Price') as HTMLInputElement).value).toBe('420');
    expect((screen.getByLabelText('Unit') as HTMLSelectElement).value).toBe('kg');
    expect(screen.getByLabelText('Food')).toBeChecked();
    expect(screen.getByLabelText('Offer')).toBeChecked();
    expect(screen.getByLabelText('Popular')).not.toBeChecked();
    expect(screen.getByRole('img', { name: 'Current picture' }).getAttribute('src')).toBe(
      '/uploads/products/7-large.webp',
    );
    expect(screen.queryByText('Bind Stock')).toBeNull();
    expect(screen.queryByText('Product Variation')).toBeNull();
    expect(await screen.findByLabelText('Pran')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove category Rice' })).toBeVisible();
  });

  it('loads the Bangla texts and always sends them, an emptied one as empty (which removes it)', async () => {
    const fetchMock = mockFetch({
      ...handlers,
      'GET /api/product/7': { body: { data: adminProduct({ desc_bn: 'পালিশ করা চাল' }) } },
    });
    renderRoutes(routes, '/admin/edit-product/7');
    const titleBn = (await screen.findByLabelText('Title (Bangla)')) as HTMLInputElement;
    const attriBn = screen.getByLabelText('Attribute (Bangla)') as HTMLInputElement;
    const descBn = screen.getByLabelText('Description (Bangla)') as HTMLTextAreaElement;
    expect(titleBn.value).toBe('মিনিকেট চাল');
    expect(attriBn.value).toBe('৫ কেজি');
    expect(descBn.value).toBe('পালিশ করা চাল');
    for (const field of [titleBn, attriBn, descBn]) expect(field.getAttribute('lang')).toBe('bn');
    await screen.findByLabelText('Pran');

    fireEvent.change(titleBn, { target: { value: 'চিনিগুঁড়া চাল' } });
    fireEvent.change(attriBn, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/products'));
    const form = Object.fromEntries(sentForm(fetchMock, 'POST /api/product/edit/7'));
    expect(form).toMatchObject({
      title: 'Miniket Rice',
      title_bn: 'চিনিগুঁড়া চাল',
      attri: '5 kg',
      attri_bn: '',
      desc_bn: 'পালিশ করা চাল',
    });
  });

  it('sends the stored Bangla texts unchanged when only the English ones are edited', async () => {
    const fetchMock = mockFetch(handlers);
    renderRoutes(routes, '/admin/edit-product/7');
    const title = await screen.findByLabelText('Title*');
    await screen.findByLabelText('Pran');
    fireEvent.change(title, { target: { value: 'Chinigura Rice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/products'));
    const form = Object.fromEntries(sentForm(fetchMock, 'POST /api/product/edit/7'));
    expect(form).toMatchObject({
      title: 'Chinigura Rice',
      title_bn: 'মিনিকেট চাল',
      attri_bn: '৫ কেজি',
      desc_bn: '',
    });
  });

  it('says "Already Added" when a chosen category is picked again', async () => {
    mockFetch(handlers);
    renderRoutes(routes, '/admin/edit-product/7');
    // Rice is already one of the product's categories.
    fireEvent.click(await screen.findByRole('button', { name: /^Rice/ }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Already Added');
    expect(toast.className).toContain('bg-danger');
    const chosen = screen.getByRole('list', { name: 'Chosen categories' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);

    // A new one is added as a chip without a word.
    fireEvent.click(screen.getByRole('button', { name: /^Oil/ }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByText('Already Added')).toHaveLength(1);
  });

  it('ignores a save with the title empty, then sends the edit without a picture', async () => {
    const fetchMock = mockFetch(handlers);
    renderRoutes(routes, '/admin/edit-product/7');
    const title = await screen.findByLabelText('Title*');
    await screen.findByLabelText('Pran');
    fireEvent.change(title, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    // Refused: the field is marked once the form has checked it, and nothing is sent.
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(callsWith(fetchMock, 'POST')).toBe(0);
    expect(screen.queryByText('These * filed are required')).toBeNull();

    fireEvent.change(title, { target: { value: 'Chinigura Rice' } });
    fireEvent.click(screen.getByLabelText('Food'));
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/products'));
    expect(await screen.findByText('Product updated')).toBeVisible();
    const form = Object.fromEntries(sentForm(fetchMock, 'POST /api/product/edit/7'));
    expect(form).toMatchObject({
      title: 'Chinigura Rice',
      price: '450',
      offprice: '420',
      qty: '12.5',
      unit: 'kg',
      barcode: '2000000000077',
      food: '',
      offer: 'on',
      brand_id: '1',
      'category[]': '11',
    });
    expect('image' in form).toBe(false);
    expect('link_qty' in form).toBe(false);
    expect(Object.keys(form).some((key) => key.startsWith('variations'))).toBe(false);
  });

  it('shows the scale item code (PLU), refuses one that is not 5 digits and sends it as multipart plu', async () => {
    const fetchMock = mockFetch({
      ...handlers,
      'GET /api/product/7': { body: { data: adminProduct({ plu: '01234' }) } },
    });
    renderRoutes(routes, '/admin/edit-product/7');
    const plu = (await screen.findByLabelText('Scale item code (PLU)')) as HTMLInputElement;
    expect(plu.value).toBe('01234');
    await screen.findByLabelText('Pran');
    fireEvent.change(plu, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    expect(await screen.findByText('The scale item code (PLU) is 5 digits.')).toBeVisible();
    expect(callsWith(fetchMock, 'POST')).toBe(0);

    fireEvent.change(plu, { target: { value: '54321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/products'));
    expect(Object.fromEntries(sentForm(fetchMock, 'POST /api/product/edit/7')).plu).toBe('54321');
  });

  it('sends an emptied PLU as empty, which removes it', async () => {
    const fetchMock = mockFetch({
      ...handlers,
      'GET /api/product/7': { body: { data: adminProduct({ plu: '01234' }) } },
    });
    renderRoutes(routes, '/admin/edit-product/7');
    const plu = await screen.findByLabelText('Scale item code (PLU)');
    await screen.findByLabelText('Pran');
    fireEvent.change(plu, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/products'));
    expect(Object.fromEntries(sentForm(fetchMock, 'POST /api/product/edit/7')).plu).toBe('');
  });
});
