import { order, type Order } from '@bazar/contracts/orders';

/**
 * A whole order as the server answers it (one line of two bags of rice, unpaid, Processing), with
 * `overrides`, checked by the contract's schema: a test's order is always one the server could send.
 */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return order.parse({
    id: 1,
    created: '2026-11-22T06:00:00.000Z',
    name: 'Rahima',
    phone: '01711111111',
    address: 'House 4, Road 2',
    area: 'Mirpur',
    subtotal: 840,
    ship: 60,
    discount: 0,
    paid: 0,
    due: 900,
    status: 0,
    note: '',
    type: true,
    terminal: 0,
    carts: [
      {
        id: 1,
        product_id: 7,
        product: { title: 'Miniket Rice', price: 420 },
        title: 'Miniket Rice',
        attri: '5 kg',
        title_bn: '',
        attri_bn: '',
        price: 420,
        quantity: 2,
        total: 840,
        returned: 0,
      },
    ],
    returned: 0,
    payments: [],
    returns: [],
    cashier: null,
    shift_id: null,
    client_id: null,
    provisional: null,
    differences: null,
    lang: 'en',
    slot: null,
    ...overrides,
  });
}

/** A till sale as the server answers it: Delivered, at the till, by a cashier. */
export const makeSale = (overrides: Partial<Order> = {}): Order =>
  makeOrder({
    name: 'Walk-in customer',
    phone: '',
    address: '',
    area: '',
    ship: 0,
    due: 840,
    status: 3,
    type: false,
    terminal: 1,
    cashier: 'Admin',
    lang: null,
    change: 0,
    ...overrides,
  });
