import type { BarcodeLookup, FoundProduct } from '@bazar/contracts/catalog';
import type { Customer } from '@bazar/contracts/customers';
import { refuse, type MockRequest, type Refusal } from '../../test/fetch-mock';
import { LocationProbe } from '../../test/render';
import { adminSettingsWith } from './offline/catalog-test-data';
import { markReachable } from './offline/till-connection';
import { tillDb } from './offline/till-db';
import { TillPage } from './till-page';

/** Test data of the till's screens: the page and where a Save goes, Setting, products, a customer. */
export const tillRoutes = [
  { path: '/admin/pos', element: <TillPage /> },
  { path: '/admin/receipt/:id', element: <LocationProbe /> },
  { path: '/admin/receipt/local/:clientId', element: <LocationProbe /> },
];

/** Empties the till's store (fake-indexeddb) and forgets what the last test learnt of the server. */
export async function resetTillStore(): Promise<void> {
  const db = tillDb();
  await Promise.all(db.tables.map((table) => table.clear()));
  markReachable(true);
}

/** What the till reads as it opens (mockApi answers): Setting, the areas, no shift open. */
export const tillBase = {
  'GET /api/settings': { data: adminSettingsWith([]) },
  'GET /api/areas': { data: [{ id: 1, title: 'Mirpur', title_bn: 'মিরপুর' }] },
  'GET /api/shift/current': { data: null },
};

export const rice: FoundProduct = {
  id: 7,
  title: 'Miniket Rice',
  attri: '5 kg',
  title_bn: '',
  attri_bn: '',
  price: 400,
  offprice: 380,
  qty: 10,
  barcode: '2000000000077',
  image: null,
  stock_out: '',
  unit: 'pcs',
};

export const potato: BarcodeLookup['product'] = {
  id: 9,
  title: 'Deshi Potato',
  attri: 'loose',
  title_bn: '',
  attri_bn: '',
  price: 60,
  offprice: null,
  barcode: '2000000000091',
  unit: 'kg',
};

/** GET /api/product/barcode/{code} answers: a product's own barcode, or a weight label of it. */
export const scanAnswer = (product: BarcodeLookup['product'], quantity = 1) => ({
  data: { product, quantity },
});

/**
 * A mockApi handler answering by one path parameter (each barcode, each phone its own answer); any
 * other value is a call the test did not expect (599, as mockApi answers one).
 */
export const byParam =
  <A,>(name: string, answers: Record<string, A | Refusal>) =>
  ({ params }: MockRequest): A | Refusal =>
    answers[params[name] ?? ''] ?? refuse(599, { message: `unexpected ${name} ${params[name]}` });

export const karim: Customer = {
  id: 3,
  credit_limit: null,
  sms_opt_out: false,
  name: 'Karim',
  phone: '01711111111',
  area: 'Mirpur',
  address: 'Road 1',
  balance: 150,
  point: 0,
  status: 1,
  due: 0,
  lang: 'en',
};
