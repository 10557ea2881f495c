import type { AdminProduct, Brand, CategoryNode } from './products-api';

/** A product as GET /api/products and GET /api/product/{id} answer it. */
export function adminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 7,
    title: 'Miniket Rice',
    attri: '5 kg',
    title_bn: 'মিনিকেট চাল',
    attri_bn: '৫ কেজি',
    desc_bn: '',
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
    brand: { id: 1, title: 'Pran', title_bn: 'প্রাণ' },
    image: '/uploads/products/7-card.webp',
    image_large: '/uploads/products/7-large.webp',
    group_id: 7,
    buyprice: 400,
    tags: 'rice, chal',
    link_qty: 0,
    category: [{ id: 11, title: 'Rice', title_bn: 'চাল' }],
    unit: 'kg',
    plu: null,
    ...overrides,
  };
}

/** Brands as GET /api/brands answers them: ACI has no Bangla name. */
export const brands: Brand[] = [
  { id: 1, title: 'Pran', title_bn: 'প্রাণ' },
  { id: 2, title: 'ACI', title_bn: '' },
];

/** The category tree of GET /api/categories: Snacks has no Bangla name. */
export const categoryTree: CategoryNode[] = [
  {
    id: 10,
    title: 'Grocery',
    title_bn: 'মুদি',
    parent: null,
    parents: [
      { id: 11, title: 'Rice', title_bn: 'চাল', parent: 10, parents: [] },
      { id: 12, title: 'Oil', title_bn: 'তেল', parent: 10, parents: [] },
    ],
  },
  { id: 20, title: 'Snacks', title_bn: '', parent: null, parents: [] },
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
