import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { LocalReceiptPage } from '../receipts/local-receipt-page';
import { sale as stored } from '../receipts/receipt-test-data';
import { saveSale } from './offline/outbox';
import { markReachable } from './offline/till-connection';
import { tillDb } from './offline/till-db';
import { META_KEYS } from './offline/till-meta';
import { tillOrderPayload } from './till-api';
import { TillPage } from './till-page';
import { newSale, settle } from './till-sale';
import { byParam, karim, resetTillStore, rice, scanAnswer, tillBase as base } from './till-test-data';
import { makeSale } from '../../test/orders';
import { adminSettingsWith } from './offline/catalog-test-data';

const routes = [
  { path: '/admin/pos', element: <TillPage /> },
  { path: '/admin/receipt/:id', element: <LocationProbe /> },
  { path: '/admin/receipt/local/:clientId', element: <LocalReceiptPage /> },
];

const box = () => screen.getByRole('combobox', { name: 'Product' });
const phone = () => screen.getByLabelText('Phone');
const enter = (el: HTMLElement) => fireEvent.keyDown(el, { key: 'Enter' });
const scan = (code: string) => {
  fireEvent.change(box(), { target: { value: code } });
  enter(box());
};

/**
 * mockApi, with a switch that makes the server unreachable: every call then fails as a browser's
 * fetch does with no network.
 */
function serverWith(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  const answer = fetchMock.getMockImplementation();
  const state = { down: false };
  fetchMock.mockImplementation(async (input, init) => {
    if (state.down) throw new TypeError('Failed to fetch');
    return answer!(input, init);
  });
  return { fetchMock, state };
}

/** A sale as the till would keep it (Miniket Rice, 500 cash). */
async function keptSale(overrides: { offline?: boolean; phone?: string } = {}) {
  const lines = [{ key: 'k1', id: 7, title: 'Miniket Rice', attri: '5 kg', price: 380, qty: 1 }];
  const payments = [{ method: 'cash' as const, amount: 500 }];
  const settlement = settle(380, payments);
  return saveSale({
    client_id: crypto.randomUUID(),
    offline: overrides.offline ?? true,
    change: settlement.change,
    body: tillOrderPayload({
      customer: { ...newSale().customer, phone: overrides.phone ?? '' },
      lines,
      subtotal: 380,
      ship: 0,
      discount: 0,
      payments,
      settlement,
      method: 'cash',
    }),
  });
}

beforeEach(async () => {
  await resetTillStore();
  // jsdom has no canvas; JsBarcode only measures the text with it.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    font: '',
    measureText: (text: string) => ({ width: text.length * 6 }),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(window, 'print').mockImplementation(() => undefined);
});
afterEach(resetTillStore);

describe('the till with no server', () => {
  it("keeps the sale, prints the till's receipt with its provisional number, and shows it waiting", async () => {
    const { fetchMock, state } = serverWith({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'GET /api/shop-info': {
        data: {
          name: 'Bazar Mirpur',
          address: 'Road 3',
          phone: '017',
          payment_numbers: '',
          tz: 'Asia/Dhaka',
          receipt_footer: '',
        },
      },
      'POST /api/order/add': { data: makeSale({ ...stored, id: 90, provisional: null }) },
    });
    const view = renderRoutes(routes, '/admin/pos');
    await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('60 BDT'));
    scan(rice.barcode);
    await screen.findByText('Miniket Rice');
    // The till keeps the shop's name and address for the receipts it prints alone.
    await waitFor(async () =>
      expect((await tillDb().meta.get('shop-info'))?.value).toMatchObject({ name: 'Bazar Mirpur' }),
    );
    state.down = true;
    act(() => markReachable(false));
    expect(screen.getByTestId('till-connection').textContent).toBe('Offline');
    fireEvent.change(screen.getByLabelText('Pay'), { target: { value: '500' } });
    fireEvent.keyDown(box(), { key: 'F9' });

    const receipt = await screen.findByRole('article', { name: /^Receipt of sale T-[A-Z0-9]{6}-1$/ });
    const [sale] = await tillDb().sales.toArray();
    expect(sale).toMatchObject({ state: 'waiting', offline: true, change: 60 });
    expect(within(receipt).getByText(`Sale ${sale!.provisional}`)).toBeVisible();
    expect(within(receipt).getByText('Bazar Mirpur')).toBeVisible();
    expect(within(receipt).getByText('Change')).toBeVisible();
    expect(within(receipt).getByText(/Provisional number/)).toBeVisible();
    expect(within(receipt).getByRole('img', { name: `Barcode of order ${sale!.provisional}` })).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/order/add')).toBe(true);

    // Back on the till: the sale waits; when the network is back it is sent and synced.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(await screen.findByText('1 sale waiting to sync')).toBeVisible();
    expect(
      screen.getByText(
        `Sale ${sale!.provisional} kept on this till: it is sent to the shop when the server answers.`,
      ),
    ).toBeVisible();
    state.down = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Every sale is synced')).toBeVisible();
    expect(screen.getByTestId('till-connection').textContent).toBe('Online');
    expect(await tillDb().sales.get(sale!.client_id)).toMatchObject({ state: 'synced', order: { id: 90 } });
    expect(await screen.findByText('Sale #90 saved.')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/order/add', 0)).toMatchObject({
      client_id: sale!.client_id,
      provisional: sale!.provisional,
      sold_at: sale!.sold_at,
      offline: true,
    });

    // Reprint from the till maps the provisional number to the order's.
    fireEvent.click(screen.getByRole('link', { name: 'Reprint the receipt' }));
    expect(
      await screen.findByRole('article', { name: `Receipt of order #90 · ${sale!.provisional}` }),
    ).toBeVisible();
    view.unmount();
  });

  it('finds a customer the till has seen, keeps a new one as pending, and uses Setting as last stored', async () => {
    const { state } = serverWith({
      ...base,
      'GET /api/customer/search/:text': byParam('text', { '01711111111': { data: [karim] } }),
    });
    renderRoutes(routes, '/admin/pos');
    await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('60 BDT'));
    // Seen online once: kept.
    fireEvent.change(phone(), { target: { value: '01711111111' } });
    enter(phone());
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Karim'));
    await waitFor(async () => expect((await tillDb().customers.get('01711111111'))?.id).toBe(3));
    state.down = true;

    fireEvent.change(phone(), { target: { value: '01711111111' } });
    enter(phone());
    expect(await screen.findByText(/Offline: the customer as this till last saw them/)).toBeVisible();
    expect(await screen.findByTestId('till-advance')).toBeVisible();
    expect(screen.getByTestId('till-advance').textContent).toBe('Advance available: 150 BDT');

    fireEvent.change(phone(), { target: { value: '01799999999' } });
    enter(phone());
    expect(await screen.findByText(/Offline and not on this till/)).toBeVisible();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rahima' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Customer' }));
    expect(await screen.findByText(/Customer kept on this till/)).toBeVisible();
    expect(await tillDb().customers.get('01799999999')).toMatchObject({
      id: null,
      pending: true,
      name: 'Rahima',
    });
  });

  it("reads Setting and the areas from the till's store when the server cannot be reached", async () => {
    await tillDb().meta.bulkPut([
      // Setting as the sync stores it: every setting an admin reads (a partial copy is a guest's).
      { key: META_KEYS.settings, value: { ...adminSettingsWith([]), ship: 45, till_ship: true } },
      { key: META_KEYS.areas, value: [{ id: 1, title: 'Dhanmondi' }] },
    ]);
    const { state } = serverWith(base);
    state.down = true;
    renderRoutes(routes, '/admin/pos');
    await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('45 BDT'), {
      timeout: 4000,
    });
    expect(await screen.findByRole('option', { name: 'Dhanmondi' })).toBeVisible();
  });
});

describe('sales the server refused', () => {
  async function refusedSale() {
    const sale = await keptSale();
    await tillDb().sales.update(sale.client_id, { state: 'refused', error: 'The sale is too old.' });
    return sale;
  }

  it('are listed with the reason; Discard asks first and removes the sale', async () => {
    const sale = await refusedSale();
    serverWith(base);
    renderRoutes(routes, '/admin/pos');
    const list = await screen.findByRole('region', { name: 'Sales the server refused' });
    expect(within(list).getByText('Reason: The sale is too old.')).toBeVisible();
    expect(within(list).getByText(new RegExp(`^${sale.provisional} · .* · 380 BDT$`))).toBeVisible();
    fireEvent.click(within(list).getByRole('button', { name: `Discard sale ${sale.provisional}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Discard sale ${sale.provisional}?`)).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard the sale' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Sales the server refused' })).toBeNull(),
    );
    expect(await tillDb().sales.count()).toBe(0);
  });

  it('Fix puts the sale back in the cart; saved again it keeps its id, number and time', async () => {
    const sale = await refusedSale();
    const { fetchMock } = serverWith({
      ...base,
      'POST /api/order/add': { data: makeSale({ id: 91, change: 0, provisional: sale.provisional }) },
    });
    renderRoutes(routes, '/admin/pos');
    await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('60 BDT'));
    fireEvent.click(await screen.findByRole('button', { name: `Fix sale ${sale.provisional}` }));
    expect(
      await screen.findByText(`Fixing sale ${sale.provisional}: change it and save it again.`),
    ).toBeVisible();
    expect(screen.getByText('Miniket Rice')).toBeVisible();
    expect(screen.getByTestId('till-total').textContent).toBe('380 BDT');
    expect(within(screen.getByRole('list', { name: 'Payments' })).getByText('Cash')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Discount'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save & Print Order' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/91?print=1&then=pos');
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({
      client_id: sale.client_id,
      provisional: sale.provisional,
      sold_at: sale.sold_at,
      discount: 10,
    });
    expect(await tillDb().sales.get(sale.client_id)).toMatchObject({ state: 'synced', error: null });
    expect(localStorage.getItem('till-fixing')).toBeNull();
  });
});
