import type { Stocktake, StocktakeDetail, StocktakeLine } from './stocktakes-api';

/** A product of a count as a counter reads it (no expected quantity: counting is blind). */
const line = (
  fields: Pick<StocktakeLine, 'product_id' | 'title' | 'barcode'> & Partial<StocktakeLine>,
): StocktakeLine => ({
  title_bn: '',
  attri: '',
  attri_bn: '',
  unit: 'pcs',
  counted: null,
  mine: 0,
  approved: false,
  ...fields,
});

export const rice = line({
  product_id: 7,
  title: 'Miniket Rice',
  title_bn: 'মিনিকেট চাল',
  attri: '5 kg',
  attri_bn: '৫ কেজি',
  barcode: '8941100500012',
});
export const oil = line({ product_id: 8, title: 'Soybean Oil', attri: '1 litre', barcode: '8941100500029' });
export const potato = line({ product_id: 9, title: 'Potato (Diamond)', unit: 'kg', barcode: '2000009' });

/** A count of the brand Pran as the list shows it. */
export const stocktake = (fields: Partial<Stocktake> = {}): Stocktake => ({
  id: 12,
  status: 'open',
  scope: { brand_id: 3 },
  scope_title: 'Pran',
  created: '2026-03-10T04:00:00.000Z',
  by: 'Rahim',
  closed: null,
  lines: 3,
  counted: 0,
  approved: 0,
  ...fields,
});

/** A count with these lines, its figures counted from them. */
export const detailOf = (items: StocktakeLine[], fields: Partial<Stocktake> = {}): StocktakeDetail => ({
  ...stocktake(fields),
  lines: items.length,
  counted: items.filter((l) => l.counted !== null).length,
  approved: items.filter((l) => l.approved).length,
  items,
});
