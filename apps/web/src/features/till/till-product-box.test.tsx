import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, refuse, type MockRequest } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { makeProduct, storeCatalog } from './offline/catalog-test-data';
import { tillDb } from './offline/till-db';
import { TillProductBox } from './till-product-box';

const rice = makeProduct({ id: 7, title: 'Miniket Rice', attri: '5 kg', price: 400, offprice: 380 });
const dal = makeProduct({ id: 8, title: 'Mosur Dal', price: 140 });
// Loose goods with Bangla titles, found by Banglish ("alu" → আলু).
const potato = makeProduct({
  id: 9,
  title: 'Potato (Diamond)',
  title_bn: 'ডায়মন্ড আলু',
  unit: 'kg',
  price: 40,
});
const oil = makeProduct({ id: 10, title: 'Soybean Oil (Loose)', title_bn: 'খোলা সয়াবিন তেল', price: 180 });
const tea = makeProduct({ id: 11, title: 'Black Tea', title_bn: 'চা পাতা', price: 120 });
const value = makeProduct({ id: 12, title: 'Value Pack Soap', price: 90 });

function renderBox() {
  const onPick = vi.fn();
  const onScan = vi.fn();
  const onReceipt = vi.fn();
  renderRoutes(
    [
      {
        path: '/admin/pos',
        element: (
          <TillProductBox
            inputRef={createRef<HTMLInputElement>()}
            onPick={onPick}
            onScan={onScan}
            onReceipt={onReceipt}
            onClear={() => undefined}
            price={(p) => `${p.offprice ?? p.price} BDT`}
          />
        ),
      },
    ],
    '/admin/pos',
  );
  return { onPick, onScan, onReceipt, box: screen.getByRole('combobox', { name: 'Product' }) };
}

/** The server as the till's sync sees it: the stored version is current. */
const upToDate = (version: number) => ({
  'GET /api/till/catalog': ({ query }: MockRequest) =>
    query.get('since') === String(version)
      ? { data: { version, products: [], deleted: [] } }
      : refuse(599, { message: `unexpected since=${query.get('since')}` }),
  'GET /api/settings': { data: { ship: 60 } },
  'GET /api/areas': { data: [] },
});

const findCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET /api/product/find/:text');

afterEach(async () => {
  onlineManager.setOnline(true);
  const db = tillDb();
  await Promise.all(db.tables.map((table) => table.clear()));
});

describe('TillProductBox', () => {
  it("hands a receipt's barcode (#1234, #T-A1-7) to the return, and a bare number to the scan", async () => {
    await storeCatalog(tillDb(), [rice], { version: 11 });
    mockApi(upToDate(11));
    const { box, onScan, onReceipt } = renderBox();
    for (const [typed, receipt] of [
      ['#1234', { id: 1234 }],
      ['#T-A1-7', { provisional: 'T-A1-7' }],
    ] as const) {
      fireEvent.change(box, { target: { value: typed } });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(onReceipt).toHaveBeenLastCalledWith(receipt);
      expect(box).toHaveValue('');
    }
    fireEvent.change(box, { target: { value: '1234' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onScan).toHaveBeenCalledWith('1234', 1);
    expect(onReceipt).toHaveBeenCalledTimes(2);
  });

  it("suggests from the till's copy of the catalogue, with no request, once it holds one", async () => {
    await storeCatalog(tillDb(), [rice, dal], { version: 11 });
    const fetchMock = mockApi(upToDate(11));
    const { box, onPick } = renderBox();
    fireEvent.change(box, { target: { value: 'miniket' } });
    const option = await screen.findByRole('option', { name: /Miniket Rice/ });
    expect(option.textContent).toBe('Miniket Rice (5 kg)380 BDT');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(rice);
    expect(findCalls(fetchMock)).toHaveLength(0);
  });

  it('suggests with no network at all (the query does not wait to be online)', async () => {
    await storeCatalog(tillDb(), [rice, dal], { version: 12 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    onlineManager.setOnline(false);
    const { box } = renderBox();
    fireEvent.change(box, { target: { value: 'mosur' } });
    expect((await screen.findByRole('option')).textContent).toContain('Mosur Dal');
  });

  it('asks the server while the till holds no catalogue yet', async () => {
    const fetchMock = mockApi({
      'GET /api/product/find/:text': ({ params }) =>
        params.text === 'miniket'
          ? { data: [{ ...rice, qty: 3, image: null, stock_out: '' }] }
          : refuse(599, { message: `unexpected ${params.text}` }),
    });
    const { box } = renderBox();
    fireEvent.change(box, { target: { value: 'miniket' } });
    expect((await screen.findByRole('option')).textContent).toBe('Miniket Rice (5 kg)380 BDT');
    expect(findCalls(fetchMock)).toHaveLength(1);
  });

  it('keeps the copy current from the till: a sync on mount', async () => {
    const fetchMock = mockApi({
      'GET /api/till/catalog': { data: { version: 3, products: [rice], deleted: [] } },
      'GET /api/settings': { data: { ship: 60 } },
      'GET /api/areas': { data: [] },
    });
    renderBox();
    await waitFor(async () => expect(await tillDb().products.count()).toBe(1));
    // The first load, page by page from the start (ADR 0060).
    expect(callsTo(fetchMock, 'GET /api/till/catalog').map((url) => url.search)).toContain(
      '?since=0&after=0&limit=5000',
    );
  });

  it('suggests from 2 characters, by the same rule as the server: Banglish "alu" finds আলু first', async () => {
    await storeCatalog(tillDb(), [rice, dal, potato, oil, tea, value], { version: 21 });
    const fetchMock = mockApi(upToDate(21));
    const { box, onPick } = renderBox();
    // One character is not enough; two are.
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'al' } });
    const options = async () => (await screen.findAllByRole('option')).map((o) => o.textContent);
    await waitFor(async () => expect((await options()).length).toBeGreaterThan(0));
    fireEvent.change(box, { target: { value: 'alu' } });
    // আলু (a whole word, by its Banglish key) before "Value" (the letters inside a word).
    await waitFor(async () =>
      expect(await options()).toEqual(['Potato (Diamond)40 BDT', 'Value Pack Soap90 BDT']),
    );
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(potato);
    // "tel": the oil (তেল) before Black Tea, which only a typo would find.
    fireEvent.change(box, { target: { value: 'tel' } });
    await waitFor(async () =>
      expect(await options()).toEqual(['Soybean Oil (Loose)180 BDT', 'Black Tea120 BDT']),
    );
    expect(findCalls(fetchMock)).toHaveLength(0);
  });

  it('a scan typed right after a 2-character search goes at once: Enter hands the code over, no search waits', async () => {
    await storeCatalog(tillDb(), [rice, dal, potato], { version: 22 });
    const fetchMock = mockApi(upToDate(22));
    const { box, onScan } = renderBox();
    fireEvent.change(box, { target: { value: 'al' } });
    await screen.findByRole('option', { name: /Mosur Dal/ });
    // The scanner types the code key by key, faster than the search's pause, then Enter.
    const code = '2000000000077';
    for (let i = 1; i <= code.length; i++) fireEvent.change(box, { target: { value: code.slice(0, i) } });
    fireEvent.keyDown(box, { key: 'Enter' });
    // In the same turn as the Enter: nothing was awaited, and the box is clean for the next scan.
    expect(onScan).toHaveBeenCalledWith(code, 1);
    expect(box).toHaveValue('');
    expect(screen.queryByRole('option')).toBeNull();
    expect(findCalls(fetchMock)).toHaveLength(0);
  });

  it('does not search a quantity typed before a scan ("3*"), though it is 2 characters', async () => {
    // A product the text "3" would find, were it searched.
    const three = makeProduct({ id: 13, title: 'Onion', attri: '3 kg' });
    await storeCatalog(tillDb(), [rice, potato, three], { version: 23 });
    const fetchMock = mockApi({
      ...upToDate(23),
      'GET /api/product/find/:text': ({ params }) => refuse(599, { message: `unexpected ${params.text}` }),
    });
    const { box, onScan } = renderBox();
    fireEvent.change(box, { target: { value: '3*' } });
    expect(await screen.findByTestId('till-multiplier')).toHaveTextContent('3');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box, { target: { value: '3*2000000000077' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onScan).toHaveBeenCalledWith('2000000000077', 3);
    expect(findCalls(fetchMock)).toHaveLength(0);
  });
});
