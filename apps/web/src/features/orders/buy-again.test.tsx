import { act, fireEvent, screen, within } from '@testing-library/react';
import type { PublicProduct } from '@bazar/contracts/catalog';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { getCartLines } from '../../lib/session';
import { mockApi, sentBody } from '../../test/fetch-mock';
import { makeOrder } from '../../test/orders';
import { pageOf } from '../../test/page';
import { renderRoutes } from '../../test/render';
import type { Order } from './orders-api';
import { OrdersPage } from './orders-page';

type Line = Order['carts'][number];
const line = (id: number, product_id: number | null, title: string, title_bn = ''): Line => ({
  id,
  product_id,
  product: { title, price: 100 },
  title,
  attri: '1 kg',
  title_bn,
  attri_bn: '',
  price: 100,
  quantity: 2,
  unit: 'pcs',
  label_poisha: null,
  total: 200,
  returned: 0,
});

const order = makeOrder({
  id: 31,
  created: '2025-03-05T09:04:00.000Z',
  name: 'Rahim',
  phone: '01712345678',
  address: 'House 4',
  subtotal: 800,
  ship: 50,
  paid: 850,
  due: 0,
  status: 3,
  carts: [
    line(1, 11, 'Miniket Rice', 'মিনিকেট চাল'),
    line(2, 12, 'Soybean Oil', 'সয়াবিন তেল'),
    line(3, 13, 'Old Biscuit', 'পুরনো বিস্কুট'),
    line(4, null, 'Gone Sugar', 'চিনি'),
  ],
});

const product = (id: number, title: string, extra: Partial<PublicProduct> = {}): PublicProduct => ({
  id,
  title,
  attri: '1 kg',
  title_bn: '',
  attri_bn: '',
  desc_bn: '',
  price: 120,
  offprice: null,
  offer: '',
  popular: '',
  food: '',
  stock_out: '',
  stock: '',
  qty: 10,
  desc: '',
  barcode: '',
  brand: null,
  image: '/img/11.webp',
  image_large: null,
  group_id: id,
  unit: 'kg',
  ...extra,
});

afterEach(() => setLanguage('en'));

function showOrders() {
  localStorage.setItem('info', 'tok');
  localStorage.setItem('phone', '01712345678');
  const fetchMock = mockApi({
    'GET /api/orders/:phone': pageOf([order]),
    // Rice now costs 120 with an offer of 110; the oil is stocked out; the biscuit was deleted.
    'POST /api/product/available': {
      data: [product(11, 'Miniket Rice', { offprice: 110 }), product(12, 'Soybean Oil', { stock: 'on' })],
    },
    'GET /api/order/:id': {
      data: {
        ...order,
        timeline: [
          { status: 0, at: '2025-03-05T09:04:00.000Z' },
          { status: 2, at: '2025-03-05T11:00:00.000Z' },
          { status: 3, at: '2025-03-05T13:00:00.000Z' },
        ],
      },
    },
  });
  renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
  return fetchMock;
}

describe('Buy again', () => {
  it("puts the products still sold into the cart at today's prices and names the others", async () => {
    localStorage.setItem(
      'carts',
      JSON.stringify([{ id: 'x', title: 'Egg', image: '', product_id: 99, price: 12, atrri: '', qty: 1 }]),
    );
    const fetchMock = showOrders();
    const card = await screen.findByRole('article', { name: 'Order #31' });
    fireEvent.click(within(card).getByRole('button', { name: 'Buy order #31 again' }));
    const status = within(card).getByRole('status');
    expect(
      await within(status).findByText('Not available now: Gone Sugar, Soybean Oil, Old Biscuit'),
    ).toBeVisible();
    expect(within(status).getByText("1 product is in your cart at today's price.")).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/product/available')).toEqual({ ids: [11, 12, 13] });
    const cart = getCartLines();
    expect(cart.map((l) => [l.product_id, l.price, l.qty])).toEqual([
      [99, 12, 1],
      [11, 110, 2],
    ]);
    expect(cart[1]).toMatchObject({ title: 'Miniket Rice', atrri: '1 kg', image: '/img/11.webp' });

    // Again: the line already in the cart is kept, not doubled.
    fireEvent.click(within(card).getByRole('button', { name: 'Buy order #31 again' }));
    await within(status).findByText(/Not available now/);
    expect(getCartLines()).toHaveLength(2);
  });

  it("the order's View shows its timeline and Buy again, in Bangla with the Bangla names", async () => {
    showOrders();
    await act(() => setLanguage('bn'));
    fireEvent.click(await screen.findByRole('button', { name: 'অর্ডার #31 দেখুন' }));
    const modal = await screen.findByRole('dialog');
    const timeline = await within(modal).findByRole('region', { name: 'আপনার অর্ডারের অবস্থা' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' ')[0]),
    ).toEqual(['প্রসেসিং', 'ডেলিভারির', 'ডেলিভারি']);
    fireEvent.click(within(modal).getByRole('button', { name: 'অর্ডার #31 আবার কিনুন' }));
    expect(await within(modal).findByText('এখন পাওয়া যাচ্ছে না: চিনি, সয়াবিন তেল, পুরনো বিস্কুট')).toBeVisible();
    expect(within(modal).getByText('১টি পণ্য আজকের দামে কার্টে যোগ হয়েছে।')).toBeVisible();
    expect(getCartLines().map((l) => l.product_id)).toEqual([11]);
  });
});
