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

function renderBox() {
  const onPick = vi.fn();
  const onScan = vi.fn();
  renderRoutes(
    [
      {
        path: '/admin/pos',
        element: (
          <TillProductBox
            inputRef={createRef<HTMLInputElement>()}
            onPick={onPick}
            onScan={onScan}
            onClear={() => undefined}
            price={(p) => `${p.offprice ?? p.price} BDT`}
          />
        ),
      },
    ],
    '/admin/pos',
  );
  return { onPick, onScan, box: screen.getByRole('combobox', { name: 'Product' }) };
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
    expect(callsTo(fetchMock, 'GET /api/till/catalog').map((url) => url.search)).toContain('?since=0');
  });
});
