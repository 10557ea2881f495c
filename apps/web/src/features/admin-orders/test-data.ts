import type { Order } from './orders-api';

/** An order as GET /api/orders answers it. */
export function adminOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    created: '2025-03-10T18:30:00.000Z',
    name: 'Rahim Uddin',
    phone: '01711111111',
    address: 'House 3, Road 2',
    area: 'Mirpur',
    subtotal: 840,
    ship: 60,
    discount: 0,
    paid: 100,
    due: 800,
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
    ...overrides,
  };
}

/** The number of calls made with this method. */
export const callsWith = (
  fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  method: string,
) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).length;
