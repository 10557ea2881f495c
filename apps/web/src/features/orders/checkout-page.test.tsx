import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../lib/session';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { CheckoutPage } from './checkout-page';
import { makeOrder } from '../../test/orders';
import { pageOf } from '../../test/page';

const routes = [
  { path: '/user/checkout', element: <CheckoutPage /> },
  { path: '/user/success', element: <LocationProbe /> },
];

const lines: CartLine[] = [
  { id: 'a', title: 'Chicken Broiler', image: '', product_id: 11, price: 195, atrri: '1 kg', qty: 2 },
  { id: 'b', title: 'Miniket Rice', image: '', product_id: 12, price: 72.5, atrri: '5 kg', qty: 1 },
];

function signIn(cart: CartLine[] = lines) {
  localStorage.setItem('info', 'tok');
  localStorage.setItem('phone', '01712345678');
  localStorage.setItem('name', 'Rahim');
  localStorage.setItem('carts', JSON.stringify(cart));
}

const reads = {
  'GET /api/settings': { data: { ship: 50 } },
  'GET /api/areas': {
    data: [
      { id: 1, title: 'Dhanmondi', title_bn: 'ধানমন্ডি' },
      { id: 2, title: 'Mirpur', title_bn: 'মিরপুর' },
    ],
  },
} satisfies Parameters<typeof mockApi>[0];

const placeOrder = () => fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));

async function fillAddress() {
  await screen.findByRole('option', { name: 'Mirpur' });
  fireEvent.change(screen.getByLabelText('Area'), { target: { value: 'Mirpur' } });
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'House 4, Road 2' } });
}

/** The customer's orders, newest first: the last one's area and address fill an empty checkout. */
const pastOrders = {
  'GET /api/orders/:phone': pageOf([
    makeOrder({ id: 9, area: 'Dhanmondi', address: 'Flat 3B, Road 27' }),
    makeOrder({ id: 8, area: 'Mirpur', address: 'House 4, Road 2' }),
  ]),
} satisfies Parameters<typeof mockApi>[0];

describe('CheckoutPage', () => {
  it("fills the area and address from the customer's last order, still editable", async () => {
    signIn();
    mockApi({ ...reads, ...pastOrders });
    renderRoutes(routes, '/user/checkout');
    await waitFor(() => expect(screen.getByLabelText('Area')).toHaveValue('Dhanmondi'));
    expect(screen.getByLabelText('Address')).toHaveValue('Flat 3B, Road 27');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Office, Road 11' } });
    expect(screen.getByLabelText('Address')).toHaveValue('Office, Road 11');
  });

  it('fills them from the account when the customer has no order with them yet', async () => {
    signIn();
    mockApi({
      ...reads,
      'GET /api/orders/:phone': pageOf([]),
      'GET /api/profile': {
        id: 5,
        name: 'Rahim',
        phone: '01712345678',
        role: 1,
        status: 1,
        ref_code: 'R5',
        point: 0,
        area: 'Mirpur',
        address: 'House 4, Road 2',
      },
    });
    renderRoutes(routes, '/user/checkout');
    await waitFor(() => expect(screen.getByLabelText('Area')).toHaveValue('Mirpur'));
    expect(screen.getByLabelText('Address')).toHaveValue('House 4, Road 2');
  });

  it('never overwrites what the person typed before the orders came', async () => {
    signIn();
    let answer: (() => void) | undefined;
    const later = new Promise<void>((resolve) => (answer = resolve));
    mockApi({
      ...reads,
      'GET /api/orders/:phone': async () => {
        await later;
        return pastOrders['GET /api/orders/:phone'];
      },
    });
    renderRoutes(routes, '/user/checkout');
    await screen.findByRole('option', { name: 'Mirpur' });
    fireEvent.change(screen.getByLabelText('Area'), { target: { value: 'Mirpur' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'My new home' } });
    answer?.();
    // The read arrives; the fields keep the person's choice.
    await waitFor(() => expect(screen.getByLabelText('Area')).toHaveValue('Mirpur'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Area')).toHaveValue('Mirpur');
    expect(screen.getByLabelText('Address')).toHaveValue('My new home');
  });

  it('refuses an empty cart with "Your cart is empty" and sends nothing', async () => {
    signIn([]);
    const fetchMock = mockApi(reads);
    renderRoutes(routes, '/user/checkout');
    await fillAddress();
    placeOrder();
    expect((await screen.findByRole('alert')).textContent).toContain('Your cart is empty');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says "Fields are required" when the area or address is missing', async () => {
    signIn();
    const fetchMock = mockApi(reads);
    renderRoutes(routes, '/user/checkout');
    expect(screen.getByLabelText('Name')).toHaveValue('Rahim');
    expect(screen.getByLabelText('Phone')).toHaveValue('01712345678');
    placeOrder();
    expect((await screen.findByRole('alert')).textContent).toContain('Fields are required');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the totals, sends the order once with an Idempotency-Key and clears the cart on 201', async () => {
    signIn();
    const fetchMock = mockApi({
      ...reads,
      'POST /api/order/add': { data: makeOrder({ id: 7 }) },
    });
    renderRoutes(routes, '/user/checkout');
    // 2 × 195 + 72.5 = 462.5, rounded down; shipping from the settings.
    expect(screen.getByText('462 BDT')).toBeVisible();
    expect(await screen.findByText('50 BDT')).toBeVisible();
    expect(screen.getByText('512 BDT')).toBeVisible();
    expect(screen.getByText('By placing this order you accept our Terms & Conditions.')).toBeVisible();
    await fillAddress();
    placeOrder();
    placeOrder(); // a double click must not send twice
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/user/success'));

    const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/order/add');
    expect(posts).toHaveLength(1);
    const headers = new Headers(posts[0]?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(sentBody(fetchMock, 'POST /api/order/add')).toEqual({
      name: 'Rahim',
      phone: '01712345678',
      address: 'House 4, Road 2',
      area: 'Mirpur',
      note: '',
      carts: [
        { product_id: 11, attri: '1 kg', quantity: 2, price: 195 },
        { product_id: 12, attri: '5 kg', quantity: 1, price: 72.5 },
      ],
      subtotal: 462,
      ship: 50,
      discount: 0,
      paid: 0,
      due: 512,
      type: 1,
      lang: 'en',
      payment: 'cod',
    });
    expect(localStorage.getItem('carts')).toBe('[]');
  });

  it('shows 0.29 kg at 100 BDT as 29 BDT, the amount the server charges (not 28)', async () => {
    signIn([{ id: 'c', title: 'Beef', image: '', product_id: 13, price: 100, atrri: '1 kg', qty: 0.29 }]);
    mockApi(reads);
    renderRoutes(routes, '/user/checkout');
    expect(screen.getByTestId('checkout-total').textContent).toBe('29 BDT');
    expect(await screen.findByText('79 BDT')).toBeVisible(); // with the shipping of 50
  });

  it('lists short lines on 409, fixes the cart from there and retries with the same key', async () => {
    signIn();
    let answer = 0;
    const fetchMock = mockApi({
      ...reads,
      'POST /api/order/add': () =>
        ++answer === 1
          ? refuse(409, {
              message: 'Some products are short',
              code: 'stock_short',
              lines: [
                { product_id: 11, title: 'Chicken Broiler', attri: '1 kg', available: 1 },
                { product_id: 12, title: 'Miniket Rice', attri: '5 kg', available: 0 },
              ],
            })
          : { data: makeOrder({ id: 8 }) },
    });
    renderRoutes(routes, '/user/checkout');
    await fillAddress();
    placeOrder();
    expect(await screen.findByText('Chicken Broiler 1 kg: only 1 left')).toBeVisible();
    expect(screen.getByText('Miniket Rice 5 kg: out of stock')).toBeVisible();
    expect(localStorage.getItem('carts')).toContain('Chicken Broiler');

    fireEvent.click(screen.getByRole('button', { name: 'Set Chicken Broiler to 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Miniket Rice' }));
    await waitFor(() => expect(screen.queryByText('Chicken Broiler 1 kg: only 1 left')).toBeNull());
    const cart = JSON.parse(localStorage.getItem('carts') ?? '[]') as CartLine[];
    expect(cart).toEqual([expect.objectContaining({ product_id: 11, qty: 1 })]);

    placeOrder();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/user/success'));
    const keys = fetchMock.mock.calls
      .filter(([url]) => url === '/api/order/add')
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(sentBody(fetchMock, 'POST /api/order/add', 1)).toMatchObject({
      carts: [{ product_id: 11, attri: '1 kg', quantity: 1, price: 195 }],
    });
  });

  it("shows the server's words for too many orders (429 order_limit) and keeps the cart", async () => {
    signIn();
    mockApi({
      ...reads,
      'POST /api/order/add': refuse(429, {
        message: 'You have too many unpaid orders. Please wait for them to be delivered.',
        code: 'order_limit',
        retry_after: 3600,
      }),
    });
    renderRoutes(routes, '/user/checkout');
    await fillAddress();
    placeOrder();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'You have too many unpaid orders. Please wait for them to be delivered.',
    );
    expect(localStorage.getItem('carts')).toContain('Chicken Broiler');
  });

  it('marks the empty fields with "Fields are required" and clears each mark once it is filled', async () => {
    signIn();
    mockApi(reads);
    renderRoutes(routes, '/user/checkout');
    placeOrder();
    expect((await screen.findByRole('alert')).textContent).toContain('Fields are required');
    const area = screen.getByLabelText('Area');
    const address = screen.getByLabelText('Address');
    // The toast and the field marks come from one submit but may land in different renders.
    await waitFor(() => {
      expect(area).toHaveAttribute('aria-invalid', 'true');
      expect(address).toHaveAttribute('aria-invalid', 'true');
    });
    expect(area).toHaveAccessibleDescription('This field is required');
    expect(address).toHaveAccessibleDescription('This field is required');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    fireEvent.change(address, { target: { value: 'House 4' } });
    await waitFor(() => expect(address).not.toHaveAttribute('aria-invalid'));
    expect(address).not.toHaveAccessibleDescription();
    expect(area).toHaveAccessibleDescription('This field is required');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    await screen.findByRole('option', { name: 'Mirpur' });
    fireEvent.change(area, { target: { value: 'Mirpur' } });
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());
  });

  it('puts 422 messages under the fields and links to /varify on 403', async () => {
    signIn();
    let answer = 0;
    mockApi({
      ...reads,
      'POST /api/order/add': () =>
        ++answer === 1
          ? refuse(422, { errors: { phone: ['Enter a Bangladeshi mobile number.'] } })
          : refuse(403, { message: 'Please verify your phone number first.' }),
    });
    renderRoutes(routes, '/user/checkout');
    await fillAddress();
    placeOrder();
    expect(await screen.findByText('Enter a Bangladeshi mobile number.')).toBeVisible();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Enter a Bangladeshi mobile number.');
    placeOrder();
    expect(await screen.findByText('Please verify your phone number first.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Verify your phone' })).toHaveAttribute('href', '/varify');
  });

  it('offers cash on delivery (chosen) and the configured gateways, and pays online after placing the order', async () => {
    signIn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = mockApi({
      ...reads,
      'GET /api/payment/methods': { data: ['bkash', 'sslcommerz'] },
      'POST /api/order/add': { data: makeOrder({ id: 9, due: 512, paid: 0, status: 0 }) },
      'POST /api/order/:id/pay-online': { data: { url: 'https://gateway.test/checkout/TR1' } },
    });
    renderRoutes(routes, '/user/checkout');
    const group = await screen.findByRole('group', { name: 'Payment' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.labels?.[0]?.textContent, r.checked])).toEqual([
      ['Cash on delivery', true],
      ['bKash', false],
      ['Card / mobile banking (SSLCommerz)', false],
    ]);
    fireEvent.click(within(group).getByLabelText('bKash'));
    await fillAddress();
    placeOrder();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://gateway.test/checkout/TR1'));
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({ payment: 'bkash', paid: 0 });
    expect(sentBody(fetchMock, 'POST /api/order/9/pay-online')).toEqual({ method: 'bkash' });
    expect(localStorage.getItem('carts')).toBe('[]');
  });

  it('shows no payment choice when the shop has no online gateway', async () => {
    signIn();
    mockApi({ ...reads, 'GET /api/payment/methods': { data: [] } });
    renderRoutes(routes, '/user/checkout');
    await fillAddress();
    expect(screen.queryByRole('group', { name: 'Payment' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
