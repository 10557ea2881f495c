import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { ProductSalePage } from './product-sale-page';

const routes = [
  {
    path: '/admin/product-sale',
    element: (
      <>
        <ProductSalePage />
        <LocationProbe />
      </>
    ),
  },
];

const row = (
  product_id: number,
  name: string,
  attri: string,
  price: number,
  buyprice: number,
  qty: number,
  bangla: { name_bn?: string; attri_bn?: string } = {},
) => ({
  product_id,
  name,
  attri,
  name_bn: bangla.name_bn ?? '',
  attri_bn: bangla.attri_bn ?? '',
  price,
  buyprice,
  qty,
});

// Σ price × qty = 49.5 + 240 + 14.85 = 304.35 → 304; Σ buy price × qty = 45 + 200 + 13.2 = 258.2 → 258.
// In the server's order: most sold first.
const allTime = [
  row(2, 'Miniket Rice', '5 kg', 120, 100, 2),
  row(1, 'Loose Sugar', 'kg', 33, 30, 1.5),
  row(3, 'Green Chili', '100 g', 45, 40, 0.33),
];

const november = [row(4, 'Tea', '400 g', 210, 230, 3), row(2, 'Miniket Rice', '5 kg', 120, 100, 1)];

type Row = ReturnType<typeof row>;

/** A page of the report as the server answers it: its rows and the sums over every row. */
const pageOf = (
  data: Row[],
  totals: { total: number; cost: number; profit: number },
  { page = 1, total = data.length }: { page?: number; total?: number } = {},
) => {
  const last = Math.max(1, Math.ceil(total / 50));
  return {
    data,
    meta: {
      current_page: page,
      from: data.length ? (page - 1) * 50 + 1 : null,
      last_page: last,
      per_page: 50,
      to: data.length ? (page - 1) * 50 + data.length : null,
      total,
      totals,
    },
    links: { first: '', last: '', prev: null, next: null },
  };
};

const cells = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

/** The column names a row's cells carry for a phone's card. */
const labels = (row: Element) =>
  [...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'));

describe('ProductSalePage', () => {
  it('loads all time at first: the server’s totals, rows by quantity with their own figures', async () => {
    mockApi({ 'GET /api/product-sale/page': pageOf(allTime, { total: 304, cost: 258, profit: 46 }) });
    renderRoutes(routes, '/admin/product-sale');
    await screen.findByText('Miniket Rice');
    expect(screen.getByTestId('sale-range').textContent).toBe('All time');
    expect(screen.getByTestId('sale-total').textContent).toBe('304 BDT');
    expect(screen.getByTestId('sale-cost').textContent).toBe('258 BDT');
    expect(screen.getByTestId('sale-profit').textContent).toBe('46 BDT');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Product Name',
      'Product Attri.',
      'Price',
      'Buy Price',
      'QTY',
      'Total',
      'Total Cost',
      'Profit',
    ]);
    expect(bodyRows().map(cells)).toEqual([
      ['Miniket Rice', '5 kg', '120', '100', '2', '240', '200', '40'],
      ['Loose Sugar', 'kg', '33', '30', '1.5', '49', '45', '4'],
      ['Green Chili', '100 g', '45', '40', '0.33', '14', '13', '1'],
    ]);
    // A phone hides the heads (admin-cards.css): each figure carries its column's name.
    expect(screen.getByRole('table').classList.contains('admin-cards')).toBe(true);
    expect(labels(bodyRows()[0]!)).toEqual(['Price', 'Buy Price', 'QTY', 'Total', 'Total Cost', 'Profit']);
  });

  it('searches the chosen dates and shows a loss in red', async () => {
    const fetchMock = mockApi({
      'GET /api/product-sale/page': ({ query }) =>
        query.get('from') === '2026-11-01' && query.get('to') === '2026-11-22'
          ? pageOf(november, { total: 750, cost: 790, profit: -40 })
          : pageOf(allTime, { total: 304, cost: 258, profit: 46 }),
    });
    renderRoutes(routes, '/admin/product-sale');
    await screen.findByText('Loose Sugar');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('Loose Sugar')).toBeNull());
    expect(screen.getByTestId('sale-range').textContent).toBe('01 Nov 2026 to 22 Nov 2026');
    // 120 + 630 = 750; 100 + 690 = 790; the tea sold below its buy price.
    expect(screen.getByTestId('sale-total').textContent).toBe('750 BDT');
    expect(screen.getByTestId('sale-cost').textContent).toBe('790 BDT');
    expect(screen.getByTestId('sale-profit').textContent).toBe('-40 BDT');
    expect(screen.getByTestId('sale-profit').className).toContain('text-danger');
    expect(bodyRows().map(cells)).toEqual([
      ['Tea', '400 g', '210', '230', '3', '630', '690', '-60'],
      ['Miniket Rice', '5 kg', '120', '100', '1', '120', '100', '20'],
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Searching the same dates again asks the server again.
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(callsTo(fetchMock, 'GET /api/product-sale/page').map((url) => url.search)).toEqual([
      '',
      '?from=2026-11-01&to=2026-11-22',
      '?from=2026-11-01&to=2026-11-22',
    ]);
    // The dates are in the address: a reload or a shared link shows the same report.
    expect(screen.getByTestId('location').textContent).toBe(
      '/admin/product-sale?from=2026-11-01&to=2026-11-22',
    );
  });

  it('says when nothing sold, with zero totals', async () => {
    mockApi({
      'GET /api/product-sale/page': ({ query }) =>
        query.get('from') === '2026-11-22'
          ? pageOf([], { total: 0, cost: 0, profit: 0 })
          : pageOf(allTime, { total: 304, cost: 258, profit: 46 }),
    });
    renderRoutes(routes, '/admin/product-sale');
    await screen.findByText('Loose Sugar');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Nothing was sold in this period.')).toBeVisible();
    expect(screen.getByTestId('sale-range').textContent).toBe('From 22 Nov 2026');
    expect(screen.getByTestId('sale-total').textContent).toBe('0 BDT');
    expect(screen.getByTestId('sale-profit').textContent).toBe('0 BDT');
  });

  it('pages through a long report; the cards stay the sums of every row', async () => {
    const many = Array.from({ length: 50 }, (_, i) => row(100 + i, `Item ${i + 1}`, '', 10, 8, 60 - i));
    const fetchMock = mockApi({
      'GET /api/product-sale/page': ({ query }) =>
        query.get('page') === '2'
          ? pageOf(allTime, { total: 9000, cost: 7000, profit: 2000 }, { page: 2, total: 53 })
          : pageOf(many, { total: 9000, cost: 7000, profit: 2000 }, { total: 53 }),
    });
    renderRoutes(routes, '/admin/product-sale');
    await screen.findByText('Item 1');
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByTestId('sale-total').textContent).toBe('9,000 BDT');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Loose Sugar');
    expect(screen.queryByText('Item 1')).toBeNull();
    expect(bodyRows().map((tr) => cells(tr)[0])).toEqual(['Miniket Rice', 'Loose Sugar', 'Green Chili']);
    expect(screen.getByTestId('sale-total').textContent).toBe('9,000 BDT');
    expect(screen.getByTestId('sale-profit').textContent).toBe('2,000 BDT');
    expect(callsTo(fetchMock, 'GET /api/product-sale/page').map((url) => url.search)).toEqual([
      '',
      '?page=2',
    ]);
    expect(screen.getByTestId('location').textContent).toBe('/admin/product-sale?page=2');
  });

  it('opens on the dates and the page its address names, and a page past the end shows the last', async () => {
    const many = Array.from({ length: 50 }, (_, i) => row(100 + i, `Item ${i + 1}`, '', 10, 8, 60 - i));
    const fetchMock = mockApi({
      'GET /api/product-sale/page': ({ query }) => {
        const page = Number(query.get('page') ?? 1);
        // 53 rows in November: two pages of 50.
        const rows = page === 2 ? november : page === 1 ? many : [];
        return pageOf(rows, { total: 9000, cost: 7000, profit: 2000 }, { page, total: 53 });
      },
    });
    renderRoutes(routes, '/admin/product-sale?from=2026-11-01&to=2026-11-30&page=4');
    await screen.findByText('Tea');
    expect(screen.getByTestId('location').textContent).toBe(
      '/admin/product-sale?from=2026-11-01&to=2026-11-30&page=2',
    );
    expect(screen.getByTestId('sale-range').textContent).toBe('01 Nov 2026 to 30 Nov 2026');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-30');
    expect(callsTo(fetchMock, 'GET /api/product-sale/page').map((url) => url.search)).toEqual([
      '?from=2026-11-01&to=2026-11-30&page=4',
      '?from=2026-11-01&to=2026-11-30&page=2',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Item 1');
    expect(screen.getByTestId('location').textContent).toBe(
      '/admin/product-sale?from=2026-11-01&to=2026-11-30',
    );
  });

  it('writes every figure in the language’s digits, grouped, and again when the language changes', async () => {
    // 1,250 × 2.5 = 3,125; 1,100 × 2.5 = 2,750; the cards are the server's sums.
    mockApi({
      'GET /api/product-sale/page': pageOf([row(2, 'Miniket Rice', '25 kg', 1250, 1100, 2.5)], {
        total: 123456,
        cost: 100000,
        profit: 23456,
      }),
    });
    renderRoutes(routes, '/admin/product-sale');
    await screen.findByText('Miniket Rice');
    expect(bodyRows().map(cells)).toEqual([
      ['Miniket Rice', '25 kg', '1,250', '1,100', '2.5', '3,125', '2,750', '375'],
    ]);
    expect(screen.getByTestId('sale-total').textContent).toBe('1,23,456 BDT');
    await act(() => setLanguage('bn'));
    // The product's own name and attribute are data, written as they were typed.
    expect(bodyRows().map(cells)).toEqual([
      ['Miniket Rice', '25 kg', '১,২৫০', '১,১০০', '২.৫', '৩,১২৫', '২,৭৫০', '৩৭৫'],
    ]);
    expect(screen.getByTestId('sale-total').textContent).toBe('১,২৩,৪৫৬ টাকা');
    expect(screen.getByTestId('sale-profit').textContent).toBe('২৩,৪৫৬ টাকা');
  });

  it('names the products in Bangla in Bangla mode (the English name when a product has none), on screen and in print', async () => {
    const bangla = [
      row(2, 'Miniket Rice', '5 kg', 120, 100, 2, { name_bn: 'মিনিকেট চাল', attri_bn: '৫ কেজি' }),
      row(1, 'Loose Sugar', 'kg', 33, 30, 1.5, { name_bn: 'খোলা চিনি' }),
      row(3, 'Green Chili', '100 g', 45, 40, 0.33),
    ];
    mockApi({
      'GET /api/product-sale/page': pageOf(
        bangla.slice(0, 2),
        { total: 304, cost: 258, profit: 46 },
        { total: 51 },
      ),
      'GET /api/product-sale': bangla,
    });
    let printed: Array<Array<string | null>> = [];
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      printed = bodyRows().map((tr) => cells(tr).slice(0, 2));
    });
    renderRoutes(routes, '/admin/product-sale');
    await screen.findByText('Miniket Rice');
    const names = () => bodyRows().map((tr) => cells(tr).slice(0, 2));
    expect(names()).toEqual([
      ['Miniket Rice', '5 kg'],
      ['Loose Sugar', 'kg'],
    ]);
    await act(() => setLanguage('bn'));
    expect(names()).toEqual([
      ['মিনিকেট চাল', '৫ কেজি'],
      ['খোলা চিনি', 'kg'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'প্রিন্ট' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(printed).toEqual([
      ['মিনিকেট চাল', '৫ কেজি'],
      ['খোলা চিনি', 'kg'],
      ['Green Chili', '100 g'],
    ]);
  });

  it('prints every row of the report, not only the page on screen', async () => {
    const fetchMock = mockApi({
      'GET /api/product-sale/page': pageOf(
        allTime.slice(0, 1),
        { total: 304, cost: 258, profit: 46 },
        { total: 51 },
      ),
      'GET /api/product-sale': allTime,
    });
    let printed: string[] = [];
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      printed = bodyRows().map((tr) => cells(tr)[0] ?? '');
    });
    renderRoutes(routes, '/admin/product-sale');
    await screen.findByText('Miniket Rice');
    expect(bodyRows()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(printed).toEqual(['Miniket Rice', 'Loose Sugar', 'Green Chili']);
    expect(callsTo(fetchMock, 'GET /api/product-sale').map((url) => url.search)).toEqual(['']);
    // Back to the page on screen after printing.
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
  });
});
