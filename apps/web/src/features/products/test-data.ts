import type { AdminProduct } from './products-api';

/** A product as GET /api/products and GET /api/product/{id} answer it. */
export function adminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 7,
    title: 'Miniket Rice',
    attri: '5 kg',
    price: 450,
    offprice: 420,
    offer: 'on',
    popular: '',
    food: 'on',
    stock_out: '',
    stock: '',
    qty: 12.5,
    desc: 'Polished rice',
    barcode: '2000000000077',
    brand: { id: 1, title: 'Pran' },
    image: '/uploads/products/7-card.webp',
    image_large: '/uploads/products/7-large.webp',
    group_id: 7,
    buyprice: 400,
    tags: 'rice, chal',
    link_qty: 0,
    category: [{ id: 11, title: 'Rice' }],
    unit: 'kg',
    plu: null,
    ...overrides,
  };
}

export const brands = [
  { id: 1, title: 'Pran' },
  { id: 2, title: 'ACI' },
];

export const categoryTree = [
  {
    id: 10,
    title: 'Grocery',
    parent: null,
    parents: [
      { id: 11, title: 'Rice', parent: 10, parents: [] },
      { id: 12, title: 'Oil', parent: 10, parents: [] },
    ],
  },
  { id: 20, title: 'Snacks', parent: null, parents: [] },
];

/** The multipart body of the n-th call to `key` ("METHOD /path") as [name, value] pairs. */
export function sentForm(
  fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  key: string,
  n = 0,
): [string, FormDataEntryValue][] {
  const calls = fetchMock.mock.calls.filter(
    ([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key,
  );
  const body = calls[n]?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error(`no multipart body for ${key}`);
  return [...body.entries()];
}

/** How many calls the mock got with this method. */
export const callsWith = (
  fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  method: string,
) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).length;
