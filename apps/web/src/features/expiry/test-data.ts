import type { Expiring, ExpiringBatch } from '@bazar/contracts/expiry';

/** A batch as GET /api/stock/expiring lists it: Miniket Rice expiring in 2 days, unless told otherwise. */
const makeBatch = (over: Partial<ExpiringBatch> = {}): ExpiringBatch => ({
  id: 11,
  product_id: 7,
  expiry: '2026-03-12',
  code: 'L42',
  qty: 6,
  value: 2100,
  expired: false,
  days_left: 2,
  title: 'Miniket Rice',
  attri: '5 kg',
  title_bn: 'মিনিকেট চাল',
  attri_bn: '৫ কেজি',
  unit: 'pcs',
  price: 400,
  offprice: null,
  ...over,
});

/** Yogurt expired three days ago, without a batch code. */
const yogurt = makeBatch({
  id: 12,
  product_id: 9,
  expiry: '2026-03-07',
  code: '',
  qty: 3,
  value: 240,
  expired: true,
  days_left: -3,
  title: 'Sweet Yogurt',
  attri: '500 g',
  title_bn: '',
  attri_bn: '',
  price: 120,
});

const rice = makeBatch();

/** Loose sugar by weight, its last day today, already on offer. */
const sugar = makeBatch({
  id: 13,
  product_id: 8,
  expiry: '2026-03-10',
  code: 'S-9',
  qty: 1.25,
  value: 123,
  days_left: 0,
  title: 'Sugar',
  attri: '',
  title_bn: 'চিনি',
  attri_bn: '',
  unit: 'kg',
  price: 130,
  offprice: 125,
});

/** The list of a week on 10 March 2026: the expired yogurt first, then by date. */
export const week: Expiring = {
  days: 7,
  today: '2026-03-10',
  value: 2463,
  expired_value: 240,
  batches: [yogurt, sugar, rice],
};

/** The same list as staff without buy prices get it: no values. */
export const withoutValues = (list: Expiring): Expiring => {
  const { value: _value, expired_value: _expired, ...rest } = list;
  return { ...rest, batches: list.batches.map(({ value: _v, ...b }) => b) };
};
