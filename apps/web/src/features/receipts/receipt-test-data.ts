import type { Order } from '@bazar/contracts/orders';
import { makeSale } from '../../test/orders';

/** A till sale: two lines, shipping, a discount, bKash with its reference and cash with change. */
export const sale: Order = makeSale({
  id: 1234,
  created: '2026-11-25T09:04:00.000Z',
  subtotal: 805,
  ship: 60,
  discount: 5,
  paid: 860,
  due: 0,
  carts: [
    {
      id: 1,
      product_id: 7,
      product: { title: 'Miniket Rice', price: 400 },
      title: 'Miniket Rice',
      attri: '5 kg',
      title_bn: '',
      attri_bn: '',
      price: 380,
      quantity: 2,
      unit: 'pcs',
      label_poisha: null,
      total: 760,
      returned: 0,
    },
    {
      id: 2,
      product_id: 9,
      product: { title: 'দেশি আলু Deshi Potato', price: 36 },
      title: 'দেশি আলু Deshi Potato',
      attri: 'loose',
      title_bn: '',
      attri_bn: '',
      price: 36,
      quantity: 1.25,
      unit: 'kg',
      label_poisha: null,
      total: 45,
      returned: 0,
    },
  ],
  payments: [
    {
      id: 11,
      method: 'bkash',
      amount: 200,
      reference: '8N7A6D5Q',
      tendered: null,
      created: '2026-11-25T09:04:00.000Z',
      by: 'Rina',
      return_id: null,
    },
    {
      id: 10,
      method: 'cash',
      amount: 660,
      reference: null,
      tendered: 1000,
      created: '2026-11-25T09:04:00.000Z',
      by: 'Rina',
      return_id: null,
    },
  ],
  cashier: 'Rina',
  shift_id: 3,
  lang: 'en',
});

/** The same sale after the potatoes came back and their money went back in cash. */
export const returned: Order = makeSale({
  ...sale,
  subtotal: 760,
  paid: 815,
  returned: 45,
  carts: sale.carts.map((line) => (line.id === 2 ? { ...line, returned: 1.25 } : line)),
  payments: [
    ...sale.payments,
    {
      id: 12,
      method: 'cash',
      amount: -45,
      reference: null,
      tendered: null,
      created: '2026-11-25T10:30:00.000Z',
      by: 'Karim',
      return_id: 5,
    },
  ],
  returns: [
    {
      id: 5,
      value: 45,
      reason: 'Soft potatoes',
      created: '2026-11-25T10:30:00.000Z',
      by: 'Karim',
      lines: [{ product_id: 9, title: 'দেশি আলু Deshi Potato', attri: 'loose', price: 36, quantity: 1.25 }],
    },
  ],
});

export const shopInfo = {
  name: 'Bazar Mirpur',
  address: 'House 12, Road 3, Mirpur 10, Dhaka',
  phone: '01711000000',
  payment_numbers: 'bKash 01711000001',
  tz: 'Asia/Dhaka',
  receipt_footer: 'ধন্যবাদ! Thank you, come again.',
};
