import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import type { StockProduct } from '@bazar/contracts/stock';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { linesTotal } from '@bazar/contracts/money';
import { pageOf } from '../../test/page';
import { callsTo, mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { LiveStockPage } from './live-stock-page';

/** The list's answer as the server gives it: one page, and what the stock cost (its money rule). */
const stockAnswer = <T extends { buyprice: number; qty: number }>(rows: T[]) =>
  pageOf(rows, {
    totals: {
      invested: linesTotal(
        rows.filter((r) => r.qty >= 0).map((r) => ({ price: r.buyprice, quantity: r.qty })),
      ),
    },
  });

const routes = [
  {
    path: '/admin/live-stock',
    element: (
      <>
        <LiveStockPage />
        <LocationProbe />
      </>
    ),
  },
];

const makeProduct = (over: Partial<StockProduct> = {}): StockProduct => ({
  id: 1,
  image: '/uploads/rice.webp',
  barcode: '2000000000015',
  title: 'Miniket Rice',
  attri: '5 kg',
  title_bn: '',
  attri_bn: '',
  price: 400,
  offprice: 380,
  buyprice: 350,
  qty: 4,
  ...over,
});
const rice = makeProduct();
const sugar = makeProduct({
  id: 2,
  image: null,
  barcode: '2000000000022',
  title: 'Sugar',
  attri: '1 kg',
  price: 120,
  offprice: null,
  buyprice: 99,
  qty: 1.55,
});
// Sold at the till below zero: shown, but worth nothing in the total.
const oil = makeProduct({
  id: 3,
  title: 'Soybean Oil',
  attri: '1 L',
  offprice: null,
  buyprice: 180,
  qty: -2,
});

afterEach(() => setLanguage('en'));

const rowOf = (id: number) => document.querySelector(`tr[data-product-id="${id}"]`) as HTMLElement;

/** The column names a row's cells carry for a phone's card. */
const labels = (row: Element) =>
  [...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'));

describe('LiveStockPage', () => {
  it("shows each row's stock cost, and the whole stock's cost as the server counted it", async () => {
    mockApi({ 'GET /api/live-stock': stockAnswer([rice, oil, sugar]) });
    renderRoutes(routes, '/admin/live-stock');
    await screen.findByText('Soybean Oil');
    for (const label of ['Image', 'Barcode', 'Title', 'Price', 'Buy Price', 'QTY', 'Total']) {
      expect(screen.getByRole('columnheader', { name: label })).toBeVisible();
    }
    expect(within(rowOf(1)).getByText('1,400')).toBeVisible();
    // A phone hides the heads (admin-cards.css): each figure carries its column's name.
    expect(rowOf(1).closest('table')!.classList.contains('admin-cards')).toBe(true);
    expect(labels(rowOf(1))).toEqual(['Price', 'Buy Price', 'QTY', 'Total']);
    // 99 × 1.55 = 153.45 → 153.
    expect(within(rowOf(2)).getByText('153')).toBeVisible();
    const oilRow = within(rowOf(3));
    expect(oilRow.getByText('-2')).toBeVisible();
    expect(oilRow.getByText('0')).toBeVisible();
    // 1400 + 153.45, not minus the 360 of the oil.
    expect(screen.getByTestId('live-stock-invested').textContent).toBe('1,553 BDT');
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
  });

  it('strikes the price through when there is an offer price, and loads pictures lazily', async () => {
    mockApi({ 'GET /api/live-stock': stockAnswer([rice, sugar]) });
    renderRoutes(routes, '/admin/live-stock');
    await screen.findByText('Miniket Rice');
    const struck = rowOf(1).querySelector('del');
    expect(struck?.textContent).toBe('Old price 400');
    expect(within(rowOf(1)).getByText('380')).toBeVisible();
    expect(rowOf(2).querySelector('del')).toBeNull();
    expect(within(rowOf(2)).getByText('120')).toBeVisible();
    expect(within(rowOf(1)).getByText('(5 kg)')).toBeVisible();
    const img = rowOf(1).querySelector('img');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('width')).toBe('40');
    expect(rowOf(2).querySelector('img')).toBeNull();
  });

  it('names each product in Bangla in Bangla mode, the English name when it has none', async () => {
    const chal = makeProduct({ title_bn: 'মিনিকেট চাল', attri_bn: '৫ কেজি' });
    const chini = { ...sugar, title_bn: 'চিনি' };
    mockApi({ 'GET /api/live-stock': stockAnswer([chal, chini, oil]) });
    renderRoutes(routes, '/admin/live-stock');
    await screen.findByText('Miniket Rice');
    const title = (id: number) => rowOf(id).querySelector('.title-cell')?.textContent;
    expect([title(1), title(2), title(3)]).toEqual([
      'Miniket Rice (5 kg)',
      'Sugar (1 kg)',
      'Soybean Oil (1 L)',
    ]);
    await act(() => setLanguage('bn'));
    expect([title(1), title(2), title(3)]).toEqual([
      'মিনিকেট চাল (৫ কেজি)',
      'চিনি (1 kg)',
      'Soybean Oil (1 L)',
    ]);
  });

  it('pages through the products; the summary and total are those of the whole stock', async () => {
    const whole = (page: number, rows: (typeof rice)[]) =>
      pageOf(rows, { totals: { invested: 250000 }, total: 120, page, path: '/api/live-stock' });
    const fetchMock = mockApi({
      'GET /api/live-stock': ({ query }) =>
        query.get('page') === '3' ? whole(3, [oil]) : whole(1, [rice, sugar]),
    });
    renderRoutes(routes, '/admin/live-stock');
    await screen.findByText('Miniket Rice');
    expect(screen.getByTestId('live-stock-invested').textContent).toBe('2,50,000 BDT');
    expect(screen.getByText(/120 products/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Soybean Oil')).toBeVisible();
    expect(screen.queryByText('Miniket Rice')).toBeNull();
    expect(screen.getByTestId('live-stock-invested').textContent).toBe('2,50,000 BDT');
    expect(callsTo(fetchMock, 'GET /api/live-stock').map((url) => url.search)).toEqual(['', '?page=3']);
    // The page is in the address: a reload shows the same products.
    expect(screen.getByTestId('location').textContent).toBe('/admin/live-stock?page=3');
  });

  it('opens on the page its address names, and a page past the end shows the last', async () => {
    const fetchMock = mockApi({
      'GET /api/live-stock': ({ query }) => {
        const page = Number(query.get('page') ?? 1);
        // 120 products: three pages of 50.
        const rows = page === 3 ? [oil] : page < 3 ? [rice] : [];
        return pageOf(rows, { totals: { invested: 250000 }, total: 120, page });
      },
    });
    renderRoutes(routes, '/admin/live-stock?page=8');
    await screen.findByText('Soybean Oil');
    expect(screen.getByTestId('location').textContent).toBe('/admin/live-stock?page=3');
    expect(callsTo(fetchMock, 'GET /api/live-stock').map((url) => url.search)).toEqual([
      '?page=8',
      '?page=3',
    ]);
    expect(screen.queryByText('Miniket Rice')).toBeNull();
  });
});

describe('LiveStockPage: Track expiry (issue 28)', () => {
  const owner = () => signInStaff('owner', BUILT_IN_ROLE_DEFAULTS.owner.permissions);

  it('turns tracking on at once, off after a question, and leads to Expiring soon', async () => {
    // The server keeps what it was told: the list read again after a change shows it.
    const tracks = new Map([
      [1, false],
      [2, true],
    ]);
    const fetchMock = mockApi({
      'GET /api/profile': owner(),
      'GET /api/live-stock': () =>
        stockAnswer([rice, sugar].map((p) => ({ ...p, track_expiry: tracks.get(p.id) ?? false }))),
      'POST /api/product/:id/expiry': ({ params, body }) => {
        const track = (body as { track: boolean }).track;
        tracks.set(Number(params.id), track);
        return { data: { product_id: Number(params.id), track_expiry: track } };
      },
    });
    renderRoutes(routes, '/admin/live-stock');
    expect(await screen.findByRole('link', { name: 'Expiring soon' })).toHaveAttribute(
      'href',
      '/admin/expiring',
    );
    expect(await screen.findByRole('columnheader', { name: 'Expiry dates' })).toBeVisible();
    const riceSwitch = within(rowOf(1)).getByRole('switch', { name: 'Track expiry of Miniket Rice (5 kg)' });
    expect(riceSwitch).not.toBeChecked();
    fireEvent.click(riceSwitch);
    expect(
      await screen.findByText(
        'Miniket Rice (5 kg) now tracks expiry dates: stock coming in asks for the date on the pack.',
      ),
    ).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/product/1/expiry')).toEqual({ track: true });
    await waitFor(() => expect(riceSwitch).toBeChecked());

    // Off forgets the batches: asked first; Close leaves it on.
    const sugarSwitch = within(rowOf(2)).getByRole('switch', { name: 'Track expiry of Sugar (1 kg)' });
    expect(sugarSwitch).toBeChecked();
    fireEvent.click(sugarSwitch);
    let dialog = await screen.findByRole('dialog', { name: 'Stop tracking expiry?' });
    expect(dialog).toHaveTextContent('The batches of Sugar (1 kg) and their expiry dates are forgotten');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sugarSwitch).toBeChecked();
    expect(callsTo(fetchMock, 'POST /api/product/:id/expiry')).toHaveLength(1);
    fireEvent.click(sugarSwitch);
    dialog = await screen.findByRole('dialog', { name: 'Stop tracking expiry?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop tracking' }));
    expect(await screen.findByText('Sugar (1 kg) no longer tracks expiry dates.')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/product/2/expiry')).toEqual({ track: false });
    await waitFor(() => expect(sugarSwitch).not.toBeChecked());
  });

  it('says why the server refuses (a Bind Stock product) and leaves the switch off', async () => {
    const refusal = 'A product that shares its stock with others (Bind Stock) cannot track expiry dates.';
    mockApi({
      'GET /api/profile': owner(),
      'GET /api/live-stock': stockAnswer([rice]),
      'POST /api/product/:id/expiry': refuse(422, { message: refusal, errors: { track: [refusal] } }),
    });
    renderRoutes(routes, '/admin/live-stock');
    const riceSwitch = await within(await screen.findByRole('table')).findByRole('switch', {
      name: 'Track expiry of Miniket Rice (5 kg)',
    });
    fireEvent.click(riceSwitch);
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(riceSwitch).not.toBeChecked();
  });

  it('shows who may only look at stock which products track expiry, without a switch', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': signInStaff('viewer', ['stock.view']),
      'GET /api/live-stock': stockAnswer([rice, { ...sugar, track_expiry: true }]),
    });
    renderRoutes(routes, '/admin/live-stock');
    await screen.findByText('Sugar');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/profile')).toHaveLength(1));
    await waitFor(() => expect(within(rowOf(2)).getByText('Tracks expiry')).toBeVisible());
    expect(within(rowOf(1)).queryByText('Tracks expiry')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('link', { name: 'Expiring soon' })).toBeVisible();
  });
});
