import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import type { AdminProduct } from './products-api';
import { callsTo, mockApi, mockFetch, refuse, sentBody } from '../../test/fetch-mock';
import { catchDownloads, exportCalls } from '../../test/downloads';
import { pageOf } from '../../test/page';
import { renderRoutes } from '../../test/render';
import { advance, useFakeClock } from '../../test/timers';
import { ProductsPage } from './products-page';
import { adminProduct, callsWith } from './test-data';

const routes = [{ path: '/admin/products', element: <ProductsPage /> }];

/** One page of GET /api/products: 20 a page unless asked otherwise. */
const page = (data = [adminProduct()], more: { total?: number; page?: number } = {}) =>
  pageOf<AdminProduct>(data, { perPage: 20, path: '/api/products', ...more });

/** The title cells of the rows shown, in order. */
const shownTitles = () => [...document.querySelectorAll('tbody .title-cell')].map((cell) => cell.textContent);

const searched = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET /api/products').map((url) => url.search);

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
    mockApi({ 'GET /api/products': page() });
    renderRoutes(routes, '/admin/products');
    const row = (await screen.findByText('Miniket Rice')).closest('tr')!;
    expect(row.querySelector('del')?.textContent).toContain('450');
    expect(within(row).getByText('420')).toBeVisible();
    expect(within(row).getByText('Offer')).toBeVisible();
    expect(within(row).getByText('Food')).toBeVisible();
    expect(within(row).queryByText('Stock Out')).toBeNull();
    expect(within(row).getByText('2000000000077')).toBeVisible();
    // Everything fits on one page: no page links.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('downloads the products of the search on screen', async () => {
    const { saved, restore } = catchDownloads();
    const fetchMock = mockFetch({
      'GET /api/products?q=Rice': { body: page() },
      'GET /api/export/products.xlsx?q=Rice': { body: '' },
    });
    renderRoutes(routes, '/admin/products?q=Rice');
    await screen.findByText('Miniket Rice');
    const download = screen.getByRole('group', { name: 'Download' });
    fireEvent.click(within(download).getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['products.xlsx']));
    expect(exportCalls(fetchMock)).toEqual(['/api/export/products.xlsx?q=Rice']);
    restore();
  });

  it('lists each product by the name of the language on screen, the other one when it has none', async () => {
    mockApi({
      'GET /api/products': page([
        adminProduct(),
        adminProduct({ id: 8, title: 'Red Rice', attri: '1 kg', title_bn: '', attri_bn: '' }),
      ]),
    });
    await act(() => setLanguage('bn'));
    renderRoutes(routes, '/admin/products');
    const row = (await screen.findByText('মিনিকেট চাল')).closest('tr')!;
    expect(row.textContent).toContain('(৫ কেজি)');
    expect(within(row).getByRole('button', { name: 'মিনিকেট চাল-এর অ্যাকশন' })).toBeVisible();
    const red = screen.getByText('Red Rice').closest('tr')!;
    expect(red.textContent).toContain('(1 kg)');
  });

  it('quick edit refuses an empty price or QTY with "Price & QTY are requried"', async () => {
    const fetchMock = mockApi({ 'GET /api/products': page() });
    renderRoutes(routes, '/admin/products');
    const dialog = await openQuickEdit();
    expect((within(dialog).getByLabelText('Before Price') as HTMLInputElement).value).toBe('420');
    fireEvent.change(within(dialog).getByLabelText('QTY'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Price & QTY are requried')).toBeVisible();

    fireEvent.change(within(dialog).getByLabelText('QTY'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(dialog).getByText('Price & QTY are requried')).toBeVisible());
    expect(callsWith(fetchMock, 'POST')).toBe(0);
  });

  it('quick edit sends price, offprice and qty, closes and shows the saved figures in the row', async () => {
    let saved = false;
    const fetchMock = mockApi({
      // The list read again after the save answers what the server has then.
      'GET /api/products': () => page([adminProduct(saved ? { price: 460, offprice: null, qty: 2.25 } : {})]),
      'POST /api/product/edit-quick/:id': () => {
        saved = true;
        return { data: adminProduct({ price: 460, offprice: null, qty: 2.25 }) };
      },
    });
    renderRoutes(routes, '/admin/products');
    const dialog = await openQuickEdit();
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '460' } });
    fireEvent.change(within(dialog).getByLabelText('Before Price'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('QTY'), { target: { value: '2.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated')).toBeVisible();
    // JSON numbers; an empty Before Price is no offer price (null).
    expect(sentBody(fetchMock, 'POST /api/product/edit-quick/7')).toEqual({
      price: 460,
      offprice: null,
      qty: 2.25,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getByText('Miniket Rice').closest('tr')!;
    // Price (no offer price now), buy price, QTY.
    expect([...row.querySelectorAll('td.num')].map((cell) => cell.textContent)).toEqual([
      '460',
      '400',
      '2.25',
    ]);
  });

  it('quick edit says "Price & QTY are requried" while the price is empty, and not once it is filled', async () => {
    const fetchMock = mockApi({
      'GET /api/products': page(),
      'POST /api/product/edit-quick/:id': { data: adminProduct({ price: 470 }) },
    });
    renderRoutes(routes, '/admin/products');
    const dialog = await openQuickEdit();
    const price = within(dialog).getByLabelText('Price');
    fireEvent.change(price, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Price & QTY are requried')).toBeVisible();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(callsWith(fetchMock, 'POST')).toBe(0);

    fireEvent.change(price, { target: { value: '470' } });
    await waitFor(() => expect(within(dialog).queryByText('Price & QTY are requried')).toBeNull());
    expect(price).not.toHaveAttribute('aria-invalid');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/product/edit-quick/7')).toEqual({
      price: 470,
      offprice: 420,
      qty: 12.5,
    });
  });

  it('deletes a product after the confirmation, and the row goes', async () => {
    let rows = [adminProduct(), adminProduct({ id: 8, title: 'Red Rice', title_bn: '' })];
    const fetchMock = mockApi({
      'GET /api/products': () => page(rows),
      'DELETE /api/product/delete/:id': ({ params }) => {
        rows = rows.filter((row) => row.id !== Number(params.id));
        return { message: 'Product deleted' };
      },
    });
    renderRoutes(routes, '/admin/products');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Miniket Rice' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    expect(dialog.textContent).toContain('Are you want to delete? Miniket Rice is removed from the shop.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted')).toBeVisible();
    await waitFor(() => expect(shownTitles()).toEqual(['Red Rice (5 kg)']));
    expect(callsTo(fetchMock, 'DELETE /api/product/delete/:id').map((url) => url.pathname)).toEqual([
      '/api/product/delete/7',
    ]);
  });

  it('says why a delete was refused and keeps the row', async () => {
    mockApi({
      'GET /api/products': page(),
      'DELETE /api/product/delete/:id': refuse(409, {
        message: 'This product is on an open order.',
        code: 'conflict',
      }),
    });
    renderRoutes(routes, '/admin/products');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Miniket Rice' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This product is on an open order.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownTitles()).toEqual(['Miniket Rice (5 kg)']);
  });

  it('searches with more than 2 characters and pages through the results', async () => {
    const fetchMock = mockApi({
      'GET /api/products': ({ query }) => {
        if (!query.get('q')) return page();
        return query.get('page') === '2'
          ? page([adminProduct({ id: 8, title: 'Red Rice', title_bn: '' })], { total: 45, page: 2 })
          : page(
              Array.from({ length: 20 }, (_, i) => adminProduct({ id: 100 + i })),
              { total: 45 },
            );
      },
    });
    useFakeClock();
    const { router } = renderRoutes(routes, '/admin/products');
    await screen.findByText('Miniket Rice');
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'ri' } });
    await advance(1_000); // a long pause
    expect(searched(fetchMock)).toEqual(['']);

    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'ric' } });
    await advance(1_000);
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(screen.getByText(/of 45$/).textContent).toBe('1–20 of 45');
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Red Rice')).toBeVisible();
    expect(searched(fetchMock)).toEqual(['', '?q=ric', '?q=ric&page=2']);
    // The text and the page are in the address: a reload or a shared link shows the same products.
    expect(router.state.location.search).toBe('?q=ric&page=2');
  });

  it('opens on the search and the page its address names, and a page past the end shows the last', async () => {
    const fetchMock = mockApi({
      'GET /api/products': ({ query }) => {
        const n = Number(query.get('page') ?? 1);
        // 25 rice products: two pages of 20.
        if (n > 2) return page([], { total: 25, page: n });
        return n === 2
          ? page([adminProduct({ id: 8, title: 'Red Rice', title_bn: '' })], { total: 25, page: 2 })
          : page([adminProduct()], { total: 25 });
      },
    });
    const { router } = renderRoutes(routes, '/admin/products?q=rice&page=7');
    await waitFor(() => expect(shownTitles()).toEqual(['Red Rice (5 kg)']));
    expect(router.state.location.search).toBe('?q=rice&page=2');
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('rice');
    expect(searched(fetchMock)).toEqual(['?q=rice&page=7', '?q=rice&page=2']);
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Miniket Rice (5 kg)']));
    expect(router.state.location.search).toBe('?q=rice');
  });
});
