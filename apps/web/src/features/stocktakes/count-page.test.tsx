import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isClientId } from '../../lib/client-id';
import { callsTo, mockApi, refuse, type MockRequest } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { CountPage } from './count-page';
import type { StocktakeLine } from './stocktakes-api';
import { detailOf, oil, potato, rice } from './test-data';

const routes = [{ path: '/admin/stock-counts/:id/count', element: <CountPage /> }];
const keeper = () => signInStaff('stock', BUILT_IN_ROLE_DEFAULTS.stock.permissions);
const manager = () => signInStaff('manager', BUILT_IN_ROLE_DEFAULTS.manager.permissions);

type Sent = { product_id: number; qty: number; client_id: string };

/**
 * The server's side of a count: the lines, and each count added to the caller's tally (a resent
 * client id counts once, as the server does), answering the tallies as they stand.
 */
function countServer(lines: StocktakeLine[], others: Record<number, number> = {}) {
  const sent: Sent[] = [];
  const seen = new Set<string>();
  const mine = new Map<number, number>();
  const tallies = (productId: number) => {
    const own = mine.get(productId) ?? 0;
    return { product_id: productId, mine: own, counted: own + (others[productId] ?? 0) };
  };
  return {
    sent,
    handlers: {
      'GET /api/stocktakes/:id': () => ({
        data: detailOf(
          lines.map((l) => {
            const now = tallies(l.product_id);
            return now.counted === 0 ? l : { ...l, mine: now.mine, counted: now.counted };
          }),
        ),
      }),
      'POST /api/stocktakes/:id/counts': ({ body }: MockRequest) => {
        const count = body as Sent;
        sent.push(count);
        if (!seen.has(count.client_id)) {
          seen.add(count.client_id);
          mine.set(count.product_id, (mine.get(count.product_id) ?? 0) + count.qty);
        }
        return { data: tallies(count.product_id) };
      },
    },
  };
}

/** Types a code into the box one key at a time, then Enter, as a USB scanner does. */
function scan(box: HTMLElement, code: string) {
  for (let i = 1; i <= code.length; i++) {
    fireEvent.keyDown(box, { key: code[i - 1] });
    fireEvent.change(box, { target: { value: code.slice(0, i) } });
  }
  fireEvent.keyDown(box, { key: 'Enter' });
}

const productBox = () => screen.findByRole('combobox', { name: 'Scan or search a product' });

describe('counting the shelf', () => {
  it('adds 1 to the counter’s tally for each scan, each with its own client id, and shows both tallies', async () => {
    const server = countServer([rice, oil, potato], { 7: 2 });
    mockApi({ 'GET /api/profile': keeper(), ...server.handlers });
    renderRoutes(routes, '/admin/stock-counts/12/count');
    const box = await productBox();
    expect(screen.getByRole('heading', { name: 'Counting #12' })).toBeVisible();
    scan(box, rice.barcode);
    const now = await screen.findByRole('region', { name: 'Miniket Rice (5 kg)' });
    await waitFor(() => expect(within(now).getByTestId('tally-mine')).toHaveTextContent('1 pcs'));
    expect(within(now).getByTestId('tally-everyone')).toHaveTextContent('3 pcs');
    // The box is clean for the next scan at once.
    expect(box).toHaveValue('');
    scan(box, rice.barcode);
    await waitFor(() => expect(within(now).getByTestId('tally-mine')).toHaveTextContent('2 pcs'));
    expect(server.sent.map(({ product_id, qty }) => [product_id, qty])).toEqual([
      [7, 1],
      [7, 1],
    ]);
    const [first, second] = server.sent;
    expect(isClientId(first?.client_id)).toBe(true);
    expect(second?.client_id).not.toBe(first?.client_id);
    // The last counts: each saved.
    const last = screen.getByRole('list', { name: 'Last counts' });
    expect(
      within(last)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['+1 pcsMiniket Rice (5 kg)SavedUndo', '+1 pcsMiniket Rice (5 kg)SavedUndo']);
    expect(screen.getByText(/Undo takes that count back from your own tally/)).toBeVisible();

    // Counted one too many: Undo takes it back, as a count of its own (−1), and offers no second undo.
    fireEvent.click(
      within(last).getAllByRole('button', { name: 'Undo the count of Miniket Rice (5 kg)' })[0]!,
    );
    await waitFor(() => expect(within(now).getByTestId('tally-mine')).toHaveTextContent('1 pcs'));
    const undo = server.sent.at(-1);
    expect([undo?.product_id, undo?.qty]).toEqual([7, -1]);
    expect(isClientId(undo?.client_id)).toBe(true);
    await waitFor(() =>
      expect(
        within(last)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        '−1 pcsMiniket Rice (5 kg)Saved',
        '+1 pcsMiniket Rice (5 kg)Saved',
        '+1 pcsMiniket Rice (5 kg)SavedUndo',
      ]),
    );
  });

  it('sends a count whose answer never came again with the same client id: it counts once', async () => {
    const server = countServer([rice, oil]);
    let down = true;
    mockApi({
      'GET /api/profile': keeper(),
      ...server.handlers,
      'POST /api/stocktakes/:id/counts': (req) => {
        if (down) {
          down = false;
          server.sent.push(req.body as Sent);
          return refuse(503, { message: 'Service unavailable' });
        }
        return server.handlers['POST /api/stocktakes/:id/counts'](req);
      },
    });
    renderRoutes(routes, '/admin/stock-counts/12/count');
    scan(await productBox(), oil.barcode);
    const again = await screen.findByRole('button', {
      name: 'Send the count of Soybean Oil (1 litre) again',
    });
    expect(screen.getByText('Not saved')).toBeVisible();
    fireEvent.click(again);
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]?.client_id).toBe(server.sent[0]?.client_id);
    expect(
      within(screen.getByRole('region', { name: 'Soybean Oil (1 litre)' })).getByTestId('tally-mine'),
    ).toHaveTextContent('1 pcs');
  });

  it('takes a typed quantity in kg for weighed goods found by name, two decimals at most', async () => {
    const server = countServer([rice, oil, potato]);
    mockApi({ 'GET /api/profile': keeper(), ...server.handlers });
    renderRoutes(routes, '/admin/stock-counts/12/count');
    const box = await productBox();
    fireEvent.change(box, { target: { value: 'potato' } });
    const suggestions = screen.getByRole('listbox', { name: 'Products of this count' });
    fireEvent.click(within(suggestions).getByRole('option', { name: 'Potato (Diamond)' }));
    const now = screen.getByRole('region', { name: 'Potato (Diamond)' });
    const field = within(now).getByLabelText('Kilograms to add');
    fireEvent.change(field, { target: { value: '1.234' } });
    fireEvent.click(within(now).getByRole('button', { name: 'Add' }));
    expect(within(now).getByText('Type a quantity above 0 with at most two decimals.')).toBeVisible();
    expect(server.sent).toEqual([]);
    fireEvent.change(field, { target: { value: '12.75' } });
    fireEvent.submit(field);
    await waitFor(() => expect(within(now).getByTestId('tally-mine')).toHaveTextContent('12.75 kg'));
    expect(server.sent.map(({ product_id, qty }) => [product_id, qty])).toEqual([[9, 12.75]]);
    expect(field).toHaveValue('');
  });

  it('takes a code a scanner types into the quantity field as a scan, not as a quantity', async () => {
    const server = countServer([rice, oil]);
    mockApi({ 'GET /api/profile': keeper(), ...server.handlers });
    renderRoutes(routes, '/admin/stock-counts/12/count');
    const box = await productBox();
    fireEvent.change(box, { target: { value: 'miniket' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const field = screen.getByLabelText('Pieces to add');
    fireEvent.change(field, { target: { value: oil.barcode } });
    fireEvent.submit(field);
    const now = await screen.findByRole('region', { name: 'Soybean Oil (1 litre)' });
    await waitFor(() => expect(within(now).getByTestId('tally-mine')).toHaveTextContent('1 pcs'));
    expect(server.sent.map(({ product_id, qty }) => [product_id, qty])).toEqual([[8, 1]]);
  });

  it('takes a shelf of many pieces as a whole number', async () => {
    const server = countServer([rice, oil]);
    mockApi({ 'GET /api/profile': keeper(), ...server.handlers });
    renderRoutes(routes, '/admin/stock-counts/12/count');
    const box = await productBox();
    fireEvent.change(box, { target: { value: 'miniket' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const now = screen.getByRole('region', { name: 'Miniket Rice (5 kg)' });
    const field = within(now).getByLabelText('Pieces to add');
    fireEvent.change(field, { target: { value: '2.5' } });
    fireEvent.submit(field);
    expect(within(now).getByText('Pieces are counted whole: type a whole number.')).toBeVisible();
    fireEvent.change(field, { target: { value: '24' } });
    fireEvent.submit(field);
    await waitFor(() => expect(within(now).getByTestId('tally-mine')).toHaveTextContent('24 pcs'));
  });

  it('lists what nobody counted yet, and a counted product with both tallies', async () => {
    const counted = { ...oil, counted: 5, mine: 2 };
    mockApi({
      'GET /api/profile': keeper(),
      'GET /api/stocktakes/:id': { data: detailOf([rice, counted, potato]) },
    });
    renderRoutes(routes, '/admin/stock-counts/12/count');
    const left = await screen.findByRole('list', { name: 'Not counted yet 2' });
    expect(
      within(left)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-product-id')),
    ).toEqual(['7', '9']);
    const done = screen.getByRole('list', { name: 'Counted 1' });
    expect(done).toHaveTextContent('Soybean Oil (1 litre)My count 2 pcs · Everyone 5 pcs');
    // A tap on a product not counted yet makes it the one being counted.
    fireEvent.click(within(left).getByRole('button', { name: 'Count Potato (Diamond)' }));
    expect(screen.getByRole('region', { name: 'Potato (Diamond)' })).toBeVisible();
  });

  it('is blind: a counter is never shown what the books expect, even a manager who counts', async () => {
    const withBooks = [
      { ...rice, expected: 321, difference: null, value: null },
      { ...oil, counted: 4, mine: 4, expected: 987, difference: -983, value: -98300 },
    ];
    mockApi({ 'GET /api/profile': manager(), 'GET /api/stocktakes/:id': { data: detailOf(withBooks) } });
    renderRoutes(routes, '/admin/stock-counts/12/count');
    await productBox();
    const page = document.body.textContent ?? '';
    for (const hidden of ['321', '987', '983', '98,300', 'Expected', 'Difference']) {
      expect(page).not.toContain(hidden);
    }
  });

  it('counts a scale label by its weight, and says when a scanned product is not in the count', async () => {
    const server = countServer([rice, potato]);
    mockApi({
      'GET /api/profile': keeper(),
      ...server.handlers,
      'GET /api/product/barcode/:code': ({ params }) =>
        params.code === '2100009012505'
          ? {
              data: {
                product: { ...potato, id: 9, price: 40, offprice: null },
                quantity: 1.25,
                label_poisha: null,
              },
            }
          : params.code === '8941100599999'
            ? {
                data: {
                  product: { ...oil, id: 8, title: 'Soybean Oil', price: 180, offprice: null },
                  quantity: 1,
                  label_poisha: null,
                },
              }
            : refuse(404, { message: 'No product has this barcode.', code: 'not_found' }),
    });
    renderRoutes(routes, '/admin/stock-counts/12/count');
    const box = await productBox();
    scan(box, '2100009012505');
    const now = await screen.findByRole('region', { name: 'Potato (Diamond)' });
    await waitFor(() => expect(within(now).getByTestId('tally-mine')).toHaveTextContent('1.25 kg'));
    scan(box, '8941100599999');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Soybean Oil (1 litre) is not part of this count.',
    );
    scan(box, '1111111111116');
    expect(await screen.findByText('No product has the code 1111111111116.')).toBeVisible();
    expect(server.sent.map(({ product_id, qty }) => [product_id, qty])).toEqual([[9, 1.25]]);
  });

  it('shows a closed count without the box: nothing more can be counted', async () => {
    mockApi({
      'GET /api/profile': keeper(),
      'GET /api/stocktakes/:id': {
        data: detailOf([{ ...rice, counted: 3, mine: 3, approved: true }], {
          status: 'approved',
          closed: '2026-03-10T09:00:00.000Z',
        }),
      },
    });
    renderRoutes(routes, '/admin/stock-counts/12/count');
    expect(await screen.findByText('This count is closed: nothing more can be counted.')).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scan with camera' })).toBeNull();
  });
});

describe('the camera', () => {
  it('counts a code the browser’s own barcode detector finds once as it comes into view', async () => {
    const server = countServer([rice, oil]);
    const fetchMock = mockApi({ 'GET /api/profile': keeper(), ...server.handlers });
    // The frames the camera shows: the rice's code three times (one product held still), nothing, then again.
    const frames = [[rice.barcode], [rice.barcode], [rice.barcode], [], [], [], [rice.barcode]];
    class FakeDetector {
      static getSupportedFormats = () => Promise.resolve(['ean_13', 'qr_code']);
      detect = () => Promise.resolve((frames.shift() ?? []).map((rawValue) => ({ rawValue })));
    }
    const stop = { stopped: 0 };
    const track = { stop: () => (stop.stopped += 1) };
    // jsdom has no camera and plays no video: the browser's side of it, put back afterwards.
    const media = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
    const readyState = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'readyState');
    const play = HTMLMediaElement.prototype.play;
    Object.assign(window, { BarcodeDetector: FakeDetector });
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.resolve({ getTracks: () => [track] }) },
    });
    Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
    HTMLMediaElement.prototype.play = () => Promise.resolve();
    try {
      renderRoutes(routes, '/admin/stock-counts/12/count');
      fireEvent.click(await screen.findByRole('button', { name: 'Scan with camera' }));
      const camera = screen.getByRole('region', { name: 'Camera scanner' });
      expect(await within(camera).findByText(/Hold a barcode in the frame/)).toBeVisible();
      await waitFor(() => expect(server.sent).toHaveLength(2), { timeout: 4000 });
      expect(server.sent.map(({ product_id, qty }) => [product_id, qty])).toEqual([
        [7, 1],
        [7, 1],
      ]);
      fireEvent.click(within(camera).getByRole('button', { name: 'Close the camera' }));
      expect(stop.stopped).toBe(1);
      expect(callsTo(fetchMock, 'GET /api/product/barcode/:code')).toEqual([]);
    } finally {
      HTMLMediaElement.prototype.play = play;
      delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
      if (media) Object.defineProperty(navigator, 'mediaDevices', media);
      else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
      if (readyState) Object.defineProperty(HTMLMediaElement.prototype, 'readyState', readyState);
    }
  });
});
