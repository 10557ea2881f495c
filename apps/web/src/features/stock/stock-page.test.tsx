import type { StockEntry } from '@bazar/contracts/stock';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { linesTotal } from '@bazar/contracts/money';
import { pageOf } from '../../test/page';
import { callsTo, mockApi, mockFetch, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { advance, useFakeClock } from '../../test/timers';
import { StockPage } from './stock-page';

/** The list's answer as the server gives it: one page, and what the stock cost (its money rule). */
const stockPage = <T extends { price: number; qty: number }>(rows: T[]) =>
  pageOf(rows, {
    totals: {
      invested: linesTotal(rows.filter((r) => r.qty >= 0).map((r) => ({ price: r.price, quantity: r.qty }))),
    },
  });
/** The same, as a URL-keyed mock (mockFetch, beside the product search) answers it. */
const stockAnswer = <T extends { price: number; qty: number }>(rows: T[]) => ({ body: stockPage(rows) });

const routes = [
  {
    path: '/admin/stock',
    element: (
      <>
        <StockPage />
        <LocationProbe />
      </>
    ),
  },
];

const makeEntry = (over: Partial<StockEntry> = {}): StockEntry => ({
  id: 1,
  price: 100,
  qty: 3,
  product_list: [{ id: 7, title: 'Miniket Rice', attri: '5 kg', title_bn: '', attri_bn: '' }],
  created: '2026-11-20T08:00:00.000Z',
  ...over,
});
const older = makeEntry();
const newer = makeEntry({
  id: 2,
  price: 35,
  qty: 2.29,
  product_list: [
    { id: 8, title: 'Red Lentil', attri: '', title_bn: '', attri_bn: '' },
    { id: 9, title: 'Soybean Oil', attri: '1 L', title_bn: '', attri_bn: '' },
  ],
});
const dal = {
  id: 8,
  title: 'Red Lentil',
  attri: '',
  title_bn: '',
  attri_bn: '',
  price: 140,
  offprice: null,
  qty: 4,
  barcode: '2000000000084',
  image: null,
  stock_out: '',
  unit: 'pcs',
};

afterEach(() => setLanguage('en'));

/** GET /api/product/{id}/batches as a URL-keyed mock answers it: whether the product tracks expiry. */
const batchesAnswer = (productId: number, track = false) => ({
  body: { data: { product_id: productId, track_expiry: track, qty: 4, undated: 4, batches: [] } },
});

const rowOf = (id: number) => document.querySelector(`tr[data-stock-id="${id}"]`) as HTMLElement;

/** The column names a row's cells carry for a phone's card. */
const labels = (row: Element) =>
  [...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'));

describe('StockPage', () => {
  it('lists the entries with their badges and totals, then the total invested', async () => {
    mockApi({ 'GET /api/stocks': stockPage([newer, older]) });
    renderRoutes(routes, '/admin/stock');
    expect(await screen.findByText('Soybean Oil-1 L')).toBeVisible();
    for (const label of ['Stock ID', 'Products', 'Buy Price', 'QTY', 'Total', 'Action']) {
      expect(screen.getByRole('columnheader', { name: label })).toBeVisible();
    }
    const row = within(rowOf(2));
    expect(row.getByText('Red Lentil')).toBeVisible();
    // 35 × 2.29 = 80.15, rounded down; counted in hundredths, not as 80.149999…
    expect(row.getByText('80')).toBeVisible();
    expect(within(rowOf(1)).getByText('Miniket Rice-5 kg')).toBeVisible();
    expect(within(rowOf(1)).getByText('300')).toBeVisible();
    // A phone hides the heads (admin-cards.css): each figure carries its column's name.
    expect(rowOf(1).closest('table')!.classList.contains('admin-cards')).toBe(true);
    expect(labels(rowOf(1))).toEqual(['Buy Price', 'QTY', 'Total']);
    expect(screen.getByRole('rowheader', { name: 'Total Invested on stock product' })).toBeVisible();
    expect(screen.getByTestId('stock-invested').textContent).toBe('380 BDT');
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
  });

  it('adds stock: checks the fields with the shared schema, sends price, qty and items as numbers, closes and reloads', async () => {
    let lists = 0;
    const fetchMock = mockFetch({
      'GET /api/stocks': () => stockAnswer(lists++ === 0 ? [older] : [newer, older]),
      'GET /api/product/find/lentil': { body: { data: [dal] } },
      'GET /api/product/8/batches': batchesAnswer(8),
      'POST /api/stock/add': { status: 201, body: { data: newer } },
    });
    useFakeClock();
    renderRoutes(routes, '/admin/stock');
    await screen.findByText('Miniket Rice-5 kg');
    fireEvent.click(screen.getByRole('button', { name: 'Add Stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stock' });

    // No buy price: asked for on screen, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Enter the buy price.')).toBeVisible();
    expect(within(dialog).getByLabelText('Buy Price')).toHaveAttribute('aria-invalid', 'true');

    // No product: the shared schema's message, before anything is sent; the price's mark is gone.
    fireEvent.change(within(dialog).getByLabelText('Buy Price'), { target: { value: '35' } });
    fireEvent.change(within(dialog).getByLabelText('QTY'), { target: { value: '2.29' } });
    await waitFor(() => expect(within(dialog).queryByText('Enter the buy price.')).toBeNull());
    expect(within(dialog).getByLabelText('Buy Price')).not.toHaveAttribute('aria-invalid');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Choose at least one product.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // Two characters do not search; three do. The pick goes to the list and can be removed.
    fireEvent.change(within(dialog).getByLabelText('Product'), { target: { value: 'le' } });
    await advance(1_000); // a long pause
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/product/find/'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Product'), { target: { value: 'lentil' } });
    await advance(1_000);
    const suggestions = await within(dialog).findByRole('list', { name: 'Matching products' });
    fireEvent.click(within(suggestions).getByRole('button', { name: /Red Lentil/ }));
    const items = within(dialog).getByRole('list', { name: 'Products of this stock' });
    expect(within(items).getByText('Red Lentil')).toBeVisible();
    await waitFor(() => expect(within(dialog).queryByText('Choose at least one product.')).toBeNull());
    fireEvent.click(within(items).getByRole('button', { name: 'Remove Red Lentil' }));
    expect(within(dialog).getByText('No product chosen yet.')).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('Product'), { target: { value: 'lentil' } });
    fireEvent.click(
      within(await within(dialog).findByRole('list', { name: 'Matching products' })).getByRole('button', {
        name: /Red Lentil/,
      }),
    );

    // The lentils do not track expiry: the date may stay empty.
    expect(within(dialog).getByLabelText('Expiry date')).not.toBeRequired();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/stock/add')).toEqual({
      price: 35,
      qty: 2.29,
      // No expiry date: the lentils do not track it.
      batch: '',
      items: [{ id: 8, title: 'Red Lentil' }],
    });
    expect(await screen.findByText('Soybean Oil-1 L')).toBeVisible();
    expect(screen.getByText('Stock added')).toBeVisible();
    expect(lists).toBe(2);
  });

  it('names the products of each entry in Bangla in Bangla mode, the English name when there is none', async () => {
    const bangla = makeEntry({
      id: 3,
      product_list: [
        { id: 7, title: 'Miniket Rice', attri: '5 kg', title_bn: 'মিনিকেট চাল', attri_bn: '৫ কেজি' },
        { id: 8, title: 'Red Lentil', attri: '', title_bn: 'মসুর ডাল', attri_bn: '' },
        { id: 9, title: 'Soybean Oil', attri: '1 L', title_bn: '', attri_bn: '' },
        { id: null, title: 'Old Tea', attri: '', title_bn: '', attri_bn: '' },
      ],
    });
    mockApi({ 'GET /api/stocks': stockPage([bangla]) });
    renderRoutes(routes, '/admin/stock');
    await screen.findByText('Miniket Rice-5 kg');
    const badges = () =>
      within(rowOf(3))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(badges()).toEqual([
      'Miniket Rice-5 kg',
      'Red Lentil',
      'Soybean Oil-1 L',
      'Old Tea (no longer sold)',
    ]);
    await act(() => setLanguage('bn'));
    expect(badges()).toEqual([
      'মিনিকেট চাল-৫ কেজি',
      'মসুর ডাল',
      'Soybean Oil-1 L',
      'Old Tea (এখন আর বিক্রি হয় না)',
    ]);
  });

  it('names the chosen products in the language on screen in Add Stock', async () => {
    mockFetch({
      'GET /api/stocks': stockAnswer([older]),
      'GET /api/product/find/lentil': {
        body: { data: [{ ...dal, title_bn: 'মসুর ডাল', attri_bn: '১ কেজি' }] },
      },
    });
    renderRoutes(routes, '/admin/stock');
    await screen.findByText('Miniket Rice-5 kg');
    fireEvent.click(screen.getByRole('button', { name: 'Add Stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stock' });
    fireEvent.change(within(dialog).getByLabelText('Product'), { target: { value: 'lentil' } });
    const suggestions = await within(dialog).findByRole('list', { name: 'Matching products' });
    fireEvent.click(within(suggestions).getByRole('button', { name: /Red Lentil/ }));
    const items = within(dialog).getByRole('list', { name: 'Products of this stock' });
    expect(within(items).getByText('Red Lentil')).toBeVisible();
    expect(within(items).getByRole('button', { name: 'Remove Red Lentil' })).toBeVisible();
    await act(() => setLanguage('bn'));
    expect(within(items).getByText('মসুর ডাল')).toBeVisible();
    expect(within(items).getByText('(১ কেজি)')).toBeVisible();
    expect(within(items).getByRole('button', { name: 'মসুর ডাল বাদ দিন' })).toBeVisible();
    expect(within(items).queryByText('Red Lentil')).toBeNull();
  });

  it("shows the server's 422 messages in the modal", async () => {
    mockFetch({
      'GET /api/stocks': stockAnswer([older]),
      'GET /api/product/find/lentil': { body: { data: [dal] } },
      'POST /api/stock/add': {
        status: 422,
        body: { message: 'Invalid', errors: { qty: ['The quantity may not be greater than 100000.'] } },
      },
    });
    renderRoutes(routes, '/admin/stock');
    await screen.findByText('Miniket Rice-5 kg');
    fireEvent.click(screen.getByRole('button', { name: 'Add Stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stock' });
    fireEvent.change(within(dialog).getByLabelText('Buy Price'), { target: { value: '35' } });
    fireEvent.change(within(dialog).getByLabelText('QTY'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Product'), { target: { value: 'lentil' } });
    fireEvent.click(
      within(await within(dialog).findByRole('list', { name: 'Matching products' })).getByRole('button', {
        name: /Red Lentil/,
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('The quantity may not be greater than 100000.')).toBeVisible();
    expect(within(dialog).getByLabelText('QTY')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a product that tracks expiry needs the date on its pack: asked here, and the server’s word under the field', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: {
        message: 'Red Lentil tracks expiry: enter the expiry date on the pack.',
        errors: { expiry: ['Red Lentil tracks expiry: enter the expiry date on the pack.'] },
      },
    };
    const fetchMock = mockFetch({
      'GET /api/stocks': stockAnswer([older]),
      'GET /api/product/find/lentil': { body: { data: [dal] } },
      'GET /api/product/8/batches': batchesAnswer(8, true),
      'POST /api/stock/add': () => answer,
    });
    renderRoutes(routes, '/admin/stock');
    await screen.findByText('Miniket Rice-5 kg');
    fireEvent.click(screen.getByRole('button', { name: 'Add Stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stock' });
    fireEvent.change(within(dialog).getByLabelText('Buy Price'), { target: { value: '35' } });
    fireEvent.change(within(dialog).getByLabelText('QTY'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Product'), { target: { value: 'lentil' } });
    fireEvent.click(
      within(await within(dialog).findByRole('list', { name: 'Matching products' })).getByRole('button', {
        name: /Red Lentil/,
      }),
    );
    const expiry = within(dialog).getByLabelText('Expiry date') as HTMLInputElement;
    expect(expiry.type).toBe('date');
    await waitFor(() => expect(expiry).toBeRequired());
    expect(expiry).toHaveAccessibleDescription(
      'Needed for Red Lentil (tracks expiry): the date printed on the pack.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText(
        'A product of this list tracks expiry: enter the expiry date on the pack.',
      ),
    ).toBeVisible();
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(expiry, { target: { value: '2027-01-15' } });
    fireEvent.change(within(dialog).getByLabelText('Batch code'), { target: { value: 'RL-9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(expiry).toHaveAccessibleDescription(
        expect.stringContaining('Red Lentil tracks expiry: enter the expiry date on the pack.'),
      ),
    );
    expect(sentBody(fetchMock, 'POST /api/stock/add')).toEqual({
      price: 35,
      qty: 5,
      expiry: '2027-01-15',
      batch: 'RL-9',
      items: [{ id: 8, title: 'Red Lentil' }],
    });
    answer = { status: 201, body: { data: newer } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes an entry after Confirm delete, and Close leaves it', async () => {
    let deleted = false;
    const fetchMock = mockApi({
      'GET /api/stocks': () => stockPage(deleted ? [older] : [newer, older]),
      'DELETE /api/stock/delete/:id': ({ params }) => {
        deleted = params.id === '2';
        return { message: 'Stock entry deleted' };
      },
    });
    renderRoutes(routes, '/admin/stock');
    await screen.findByText('Soybean Oil-1 L');

    fireEvent.click(screen.getByRole('button', { name: 'Delete stock entry 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    expect(within(dialog).getByText('Are you want to delete?')).toBeVisible();
    const closers = within(dialog).getAllByRole('button', { name: 'Close' });
    fireEvent.click(closers[closers.length - 1]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete stock entry 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowOf(2)).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
    expect(rowOf(1)).toBeVisible();
    expect(screen.getByTestId('stock-invested').textContent).toBe('300 BDT');
  });

  it('keeps the page in the address, and a page past the end shows the last', async () => {
    const fetchMock = mockApi({
      'GET /api/stocks': ({ query }) => {
        const page = Number(query.get('page') ?? 1);
        // 70 entries: two pages of 50.
        const rows = page === 2 ? [older] : page === 1 ? [newer] : [];
        return pageOf(rows, { totals: { invested: 90000 }, total: 70, page });
      },
    });
    renderRoutes(routes, '/admin/stock?page=4');
    await screen.findByTestId('stock-invested');
    expect(screen.getByTestId('location').textContent).toBe('/admin/stock?page=2');
    expect(rowOf(1)).not.toBeNull();
    expect(rowOf(2)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(rowOf(2)).not.toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/admin/stock');
    expect(callsTo(fetchMock, 'GET /api/stocks').map((url) => url.search)).toEqual([
      '?page=4',
      '?page=2',
      '',
    ]);
  });
});
