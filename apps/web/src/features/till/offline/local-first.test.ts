import { makeScaleLabel } from '@bazar/contracts/scale-labels';
import type { BarcodeLookup, FoundProduct } from '@bazar/contracts/catalog';
import type { TillProduct } from '@bazar/contracts/till';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { setLanguage } from '../../../lib/i18n/i18n';
import { mockApi, refuse } from '../../../test/fetch-mock';
import { byParam } from '../till-test-data';
import { adminSettingsWith, freshDb, makeProduct, storeCatalog } from './catalog-test-data';
import { findText, scanCode, SERVER_CHECK_MS } from './local-first';

const rice = makeProduct({
  id: 7,
  title: 'Miniket Rice',
  attri: '5 kg',
  barcode: '2000000000077',
  offprice: 380,
});
const potato = makeProduct({ id: 9, title: 'Deshi Potato', plu: '00042', unit: 'kg', price: 60 });
const riceView: BarcodeLookup['product'] = {
  id: 7,
  title: 'Miniket Rice',
  attri: '5 kg',
  title_bn: '',
  attri_bn: '',
  price: 100,
  offprice: 380,
  barcode: '2000000000077',
  unit: 'pcs',
};

/** What scanCode threw, as status and message. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no failure',
    (error: unknown) =>
      error instanceof ApiError ? { status: error.status, message: error.message } : error,
  );

describe('scanCode', () => {
  it('answers from the copy, with no request, once the till holds a catalogue', async () => {
    const db = freshDb();
    await storeCatalog(db, [rice, potato]);
    const fetchMock = mockApi({});
    expect(await scanCode(rice.barcode, db)).toEqual({ product: riceView, quantity: 1, label_poisha: null });
    // Setting's rules as stored by the sync (none stored: the shop's default, 21 = weight).
    expect(await scanCode(makeScaleLabel('21', '00042', 750), db)).toMatchObject({
      product: { id: 9, unit: 'kg' },
      quantity: 0.75,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads labels by the stored Setting's scale rules", async () => {
    const db = freshDb();
    await storeCatalog(db, [potato], { settings: adminSettingsWith([{ prefix: '25', kind: 'price' }]) });
    mockApi({});
    // 30.00 BDT of potatoes at 60 BDT/kg
    expect(await scanCode(makeScaleLabel('25', '00042', 3000), db)).toMatchObject({ quantity: 0.5 });
  });

  it('asks the server while the till holds no catalogue', async () => {
    const db = freshDb();
    mockApi({
      'GET /api/product/barcode/:code': byParam('code', {
        [rice.barcode]: { data: { product: riceView, quantity: 1 } },
      }),
    });
    expect(await scanCode(rice.barcode, db)).toEqual({ product: riceView, quantity: 1, label_poisha: null });
  });

  it("refuses a label that cannot be a sale with the server's 422 and text, asking nobody", async () => {
    const db = freshDb();
    await storeCatalog(db, [potato]);
    const fetchMock = mockApi({});
    expect(await failure(scanCode(makeScaleLabel('21', '00042', 0), db))).toEqual({
      status: 422,
      message: 'The label shows a weight of 0: it is not a sale.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses in the words the server would use in Bangla when the screens speak Bangla', async () => {
    const db = freshDb();
    await storeCatalog(db, [potato]);
    const fetchMock = mockApi({});
    await setLanguage('bn');
    try {
      expect(await failure(scanCode(makeScaleLabel('21', '00042', 0), db))).toEqual({
        status: 422,
        message: 'লেবেলে ওজন ০ দেখাচ্ছে: এটি বিক্রি নয়।',
      });
    } finally {
      await setLanguage('en');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server about a code the copy does not know: a product added in the last minute', async () => {
    const db = freshDb();
    await storeCatalog(db, [rice]);
    const fresh = { ...riceView, id: 8, barcode: '4006381333931' };
    mockApi({
      'GET /api/product/barcode/:code': byParam('code', {
        '4006381333931': { data: { product: fresh, quantity: 1 } },
      }),
    });
    expect(await scanCode('4006381333931', db)).toEqual({ product: fresh, quantity: 1, label_poisha: null });
  });

  it('names an unknown code as the server does, whether the server says so or cannot be reached', async () => {
    const db = freshDb();
    await storeCatalog(db, [rice]);
    const notFound = { status: 404, message: 'No product has the barcode 4006381333931.' };
    mockApi({
      'GET /api/product/barcode/:code': byParam('code', {
        '4006381333931': refuse(404, { message: notFound.message }),
      }),
    });
    expect(await failure(scanCode('4006381333931', db))).toEqual(notFound);

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await failure(scanCode('4006381333931', db))).toEqual(notFound);

    // A server that does not answer is not waited for long.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const started = Date.now();
    expect(await failure(scanCode('4006381333931', db))).toEqual(notFound);
    expect(Date.now() - started).toBeLessThan(SERVER_CHECK_MS + 1000);
  });
});

describe('findText', () => {
  it('suggests from the copy once the till holds a catalogue, else from the server', async () => {
    const db = freshDb();
    const server: FoundProduct[] = [{ ...riceView, qty: 3, image: null, stock_out: '' }];
    const fetchMock = mockApi({
      'GET /api/product/find/:text': byParam('text', { miniket: { data: server } }),
    });
    expect(await findText('miniket', db)).toEqual(server);
    await storeCatalog(db, [rice, potato]);
    expect(await findText('miniket', db)).toEqual([rice]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('suggests by a Bangla name from the copy, and reads a copy stored before Bangla names', async () => {
    const db = freshDb();
    const { title_bn: _title, attri_bn: _attri, ...old } = rice;
    const dal = makeProduct({ id: 11, title: 'Masoor Dal', title_bn: 'মসুর ডাল', attri_bn: '৫০০ গ্রাম' });
    await db.products.bulkPut([old as TillProduct, dal]);
    await storeCatalog(db, []);
    const fetchMock = mockApi({});
    expect(await findText('মসুর', db)).toEqual([dal]);
    expect(await findText('গ্রাম', db)).toEqual([dal]);
    // The old row answers with no Bangla names, as the server's contract reads it.
    expect(await findText('miniket', db)).toEqual([rice]);
    expect(await scanCode(rice.barcode, db)).toEqual({ product: riceView, quantity: 1, label_poisha: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
