import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockFetch, sentBody } from '../../test/fetch-mock';
import { catchDownloads, exportCalls } from '../../test/downloads';
import { renderRoutes } from '../../test/render';
import { ProductsPage } from './products-page';
import { adminProduct, callsWith } from './test-data';

const routes = [{ path: '/admin/products', element: <ProductsPage /> }];

const page = (data = [adminProduct()], meta: Partial<Record<string, number>> = {}) => ({
  body: {
    data,
    meta: {
      current_page: 1,
      from: 1,
      last_page: 1,
      per_page: 20,
      to: data.length,
      total: data.length,
      ...meta,
    },
    links: { first: '', last: '', prev: null, next: null },
  },
});

async function openQuickEdit() {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions for Miniket Rice' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Quick Edit' }));
  return screen.findByRole('dialog', { name: 'Product Quick Edit' });
}

describe('ProductsPage', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('lists products with the old price struck through and the status badges', async () => {
    mockFetch({ 'GET /api/products?page=1': page() });
    renderRoutes(routes, '/admin/products');
    const row = (await screen.findByText('Miniket Rice')).closest('tr')!;
    expect(row.querySelector('del')?.textContent).toContain('450');
    expect(within(row).getByText('420')).toBeTruthy();
    expect(within(row).getByText('Offer')).toBeTruthy();
    expect(within(row).getByText('Food')).toBeTruthy();
    expect(within(row).queryByText('Stock Out')).toBeNull();
    expect(within(row).getByText('2000000000077')).toBeTruthy();
    // Everything fits on one page: no page links.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('downloads the products of the search on screen', async () => {
    const { saved, restore } = catchDownloads();
    const fetchMock = mockFetch({
      'GET /api/products?page=1&q=Rice': page(),
      'GET /api/export/products.xlsx?q=Rice': { body: '' },
    });
    renderRoutes(routes, '/admin/products?q=Rice');
    expect(await screen.findByText('Miniket Rice')).toBeTruthy();
    const download = screen.getByRole('group', { name: 'Download' });
    fireEvent.click(within(download).getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['products.xlsx']));
    expect(exportCalls(fetchMock)).toEqual(['/api/export/products.xlsx?q=Rice']);
    restore();
  });

  it('lists each product by the name of the language on screen, the other one when it has none', async () => {
    mockFetch({
      'GET /api/products?page=1': page([
        adminProduct(),
        adminProduct({ id: 8, title: 'Red Rice', attri: '1 kg', title_bn: '', attri_bn: '' }),
      ]),
    });
    await act(() => setLanguage('bn'));
    renderRoutes(routes, '/admin/products');
    const row = (await screen.findByText('মিনিকেট চাল')).closest('tr')!;
    expect(row.textContent).toContain('(৫ কেজি)');
    expect(within(row).getByRole('button', { name: 'মিনিকেট চাল-এর অ্যাকশন' })).toBeTruthy();
    const red = screen.getByText('Red Rice').closest('tr')!;
    expect(red.textContent).toContain('(1 kg)');
  });

  it('quick edit refuses an empty price or QTY with "Price & QTY are requried"', async () => {
    const fetchMock = mockFetch({ 'GET /api/products?page=1': page() });
    renderRoutes(routes, '/admin/products');
    const dialog = await openQuickEdit();
    expect((within(dialog).getByLabelText('Before Price') as HTMLInputElement).value).toBe('420');
    fireEvent.change(within(dialog).getByLabelText('QTY'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Price & QTY are requried')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('QTY'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(dialog).getByText('Price & QTY are requried')).toBeTruthy());
    expect(callsWith(fetchMock, 'POST')).toBe(0);
  });

  it('quick edit sends price, offprice and qty and closes', async () => {
    const fetchMock = mockFetch({
      'GET /api/products?page=1': page(),
      'POST /api/product/edit-quick/7': { body: { data: adminProduct({ price: 460 }) } },
    });
    renderRoutes(routes, '/admin/products');
    const dialog = await openQuickEdit();
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '460' } });
    fireEvent.change(within(dialog).getByLabelText('Before Price'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('QTY'), { target: { value: '2.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated')).toBeTruthy();
    // JSON numbers; an empty Before Price is no offer price (null).
    expect(sentBody(fetchMock, 'POST /api/product/edit-quick/7')).toEqual({
      price: 460,
      offprice: null,
      qty: 2.25,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('quick edit says "Price & QTY are requried" while the price is empty, and not once it is filled', async () => {
    const fetchMock = mockFetch({
      'GET /api/products?page=1': page(),
      'POST /api/product/edit-quick/7': { body: { data: adminProduct({ price: 470 }) } },
    });
    renderRoutes(routes, '/admin/products');
    const dialog = await openQuickEdit();
    const price = within(dialog).getByLabelText('Price');
    fireEvent.change(price, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Price & QTY are requried')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(callsWith(fetchMock, 'POST')).toBe(0);

    fireEvent.change(price, { target: { value: '470' } });
    await waitFor(() => expect(within(dialog).queryByText('Price & QTY are requried')).toBeNull());
    expect(price.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST /api/product/edit-quick/7')).toEqual({
      price: 470,
      offprice: 420,
      qty: 12.5,
    });
  });

  it('deletes a product after the confirmation', async () => {
    const fetchMock = mockFetch({
      'GET /api/products?page=1': page(),
      'DELETE /api/product/delete/7': { body: { message: 'Deleted' } },
    });
    renderRoutes(routes, '/admin/products');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Miniket Rice' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted')).toBeTruthy();
    expect(callsWith(fetchMock, 'DELETE')).toBe(1);
  });

  it('searches with more than 2 characters and pages through the results', async () => {
    const fetchMock = mockFetch({
      'GET /api/products?page=1': page(),
      'GET /api/products?page=1&q=ric': page([adminProduct()], { total: 45, last_page: 3, to: 20 }),
      'GET /api/products?page=2&q=ric': page([adminProduct({ id: 8, title: 'Red Rice' })], {
        total: 45,
        last_page: 3,
        current_page: 2,
      }),
    });
    renderRoutes(routes, '/admin/products');
    await screen.findByText('Miniket Rice');
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'ri' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('q='))).toBe(false);

    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'ric' } });
    const pages = await screen.findByRole('navigation', { name: 'Pages' }, { timeout: 2000 });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Red Rice')).toBeTruthy();
  });
});
