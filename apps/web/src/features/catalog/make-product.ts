import type { Product } from './catalog-api';

let nextId = 1;

/** A storefront product for tests: in stock, no offer, unless `fields` say otherwise. */
export function makeProduct(fields: Partial<Product> = {}): Product {
  const id = fields.id ?? nextId++;
  return {
    id,
    title: `Product ${id}`,
    attri: '1 kg',
    title_bn: '',
    attri_bn: '',
    desc_bn: '',
    price: 100,
    offprice: null,
    offer: '',
    popular: '',
    food: '',
    stock_out: '',
    stock: '',
    qty: 10,
    desc: '',
    barcode: `20000000${String(id).padStart(5, '0')}`,
    brand: null,
    image: `/uploads/p${id}.webp`,
    image_large: `/uploads/p${id}-large.webp`,
    group_id: id,
    unit: 'kg',
    ...fields,
  };
}
