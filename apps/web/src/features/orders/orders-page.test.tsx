import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, refuse } from '../../test/fetch-mock';
import { makeOrder } from '../../test/orders';
import { pageOf } from '../../test/page';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './orders-page';

/** Rahim's order: 390 of chicken, 50 delivery, 10 off (430 to pay), with a note. */
const order = (id: number, status = 0) =>
  makeOrder({
    id,
    created: '2025-03-05T09:04:00.000Z',
    name: 'Rahim',
    phone: '01712345678',
    address: 'House 4, Road 2',
    subtotal: 390,
    ship: 50,
    discount: 10,
    due: 430,
    status,
    note: 'Ring twice',
    carts: [
      {
        id: id * 10,
        product_id: 11,
        product: { title: 'Chicken Broiler', price: 195 },
        title: 'Chicken Broiler',
        attri: '1 kg',
        title_bn: '',
        attri_bn: '',
        price: 195,
        quantity: 2,
        unit: 'pcs',
        label_poisha: null,
        total: 390,
        returned: 0,
      },
    ],
  });

const statuses = [
  [0, 'Processing'],
  [1, 'Collecting Product'],
  [2, 'Out for Delivery'],
  [3, 'Delivered'],
  [4, 'Canceled'],
  [7, 'Complete'],
] as const;

const routes = [{ path: '/user/orders', element: <OrdersPage /> }];

beforeEach(() => {
  localStorage.setItem('info', 'tok');
  localStorage.setItem('phone', '01712345678');
});

describe('OrdersPage', () => {
  it('shows each order with its status text, Dhaka time and the amount to pay', async () => {
    mockApi({
      'GET /api/orders/:phone': pageOf(statuses.map(([status], index) => order(index + 1, status))),
      'GET /api/order/:id': ({ params }) => ({ data: order(Number(params.id)) }),
    });
    renderRoutes(routes, '/user/orders');
    for (const [index, [, text]] of statuses.entries()) {
      const card = await screen.findByRole('article', { name: `Order #${index + 1}` });
      expect(within(card).getByText(text, { exact: true }).className).toContain('badge');
      // 09:04 UTC is 3:04 pm in Dhaka; 390 + 50 − 10 to pay.
      expect(within(card).getByText('05 Mar 2025, 3:04 pm').tagName).toBe('TIME');
      expect(within(card).getByText('430 BDT').className).toContain('order-amount');
    }

    fireEvent.click(screen.getByRole('button', { name: 'View order #2' }));
    const modal = await screen.findByRole('dialog', { name: 'Order #2' });
    expect(within(modal).getByText('Ring twice').tagName).toBe('DD');
    const row = within(modal).getByRole('row', { name: /Chicken Broiler/ });
    expect(row.textContent).toContain('195 BDT');
    expect(row.textContent).toContain('1 kg');
    expect(within(modal).getByRole('link', { name: 'Invoice' })).toHaveAttribute('href', '/invoice/2');
    // Close is the dialog's own, in the header and the footer.
    fireEvent.click(within(modal).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows what is left to pay, and "Paid in full" on a paid order, on its card and in its View', async () => {
    const paid = { ...order(1), paid: 430, due: 0 };
    const part = { ...order(2), paid: 100, due: 330 };
    mockApi({
      'GET /api/orders/:phone': pageOf([paid, part]),
      'GET /api/order/:id': ({ params }) => ({ data: Number(params.id) === 1 ? paid : part }),
    });
    renderRoutes(routes, '/user/orders');
    const paidCard = await screen.findByRole('article', { name: 'Order #1' });
    expect(within(paidCard).getByText('Paid', { exact: true }).className).toContain('badge');
    expect(within(paidCard).getByTestId('order-to-pay').textContent).toBe('Paid in full');
    expect(within(paidCard).queryByText('Amount to pay')).toBeNull();
    const partCard = screen.getByRole('article', { name: 'Order #2' });
    expect(within(partCard).getByTestId('order-to-pay').textContent).toBe('Amount to pay330 BDT');

    fireEvent.click(screen.getByRole('button', { name: 'View order #1' }));
    const modal = await screen.findByRole('dialog', { name: 'Order #1' });
    expect(within(modal).getByTestId('order-due').textContent).toBe('Paid in full');
    expect(within(modal).getByTestId('order-due').previousElementSibling?.textContent).toBe('Payment');
    // Each product cell names its column, for the stacked rows of a phone.
    expect(within(modal).getByText('2').getAttribute('data-label')).toBe('Qty');
  });

  it('says so when there are no orders', async () => {
    mockApi({ 'GET /api/orders/:phone': pageOf([]) });
    renderRoutes(routes, '/user/orders');
    const empty = await screen.findByText('You have not placed any orders yet.');
    expect(empty.tagName).toBe('P');
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
  });

  it('pages through many orders, 50 at a time, newest first, the page in the address', async () => {
    const page = (n: number) => pageOf([order(200 - n)], { page: n, total: 120 });
    const fetchMock = mockApi({
      'GET /api/orders/:phone': ({ query }) => page(Number(query.get('page') ?? 1)),
    });
    const { router } = renderRoutes(routes, '/user/orders');
    expect(await screen.findByRole('article', { name: 'Order #199' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Order #198' })).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Order #199' })).toBeNull();
    expect(router.state.location.search).toBe('?page=2');
    expect(callsTo(fetchMock, 'GET /api/orders/:phone').map((url) => url.pathname + url.search)).toEqual([
      '/api/orders/01712345678',
      '/api/orders/01712345678?page=2',
    ]);
  });

  it('opens on the page its address names; a page past the end shows the last', async () => {
    const fetchMock = mockApi({
      'GET /api/orders/:phone': ({ query }) => {
        const n = Number(query.get('page') ?? 1);
        // 60 orders: two pages of 50, none past them.
        return pageOf(n <= 2 ? [order(200 - n)] : [], { page: n, total: 60 });
      },
    });
    const { router } = renderRoutes(routes, '/user/orders?page=7');
    expect(await screen.findByRole('article', { name: 'Order #198' })).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');
    expect(callsTo(fetchMock, 'GET /api/orders/:phone').map((url) => url.search)).toEqual([
      '?page=7',
      '?page=2',
    ]);
  });

  it('says it could not load, logs why, and reads again on Try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    mockApi({
      'GET /api/orders/:phone': () =>
        ++calls <= 2 ? refuse(500, { message: 'Server Error' }) : pageOf([order(5)]),
    });
    renderRoutes(routes, '/user/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 3000 }));
    expect(await screen.findByRole('article', { name: 'Order #5' })).toBeVisible();
    expect(logged).toHaveBeenCalledWith(
      'Could not load the orders',
      expect.objectContaining({ status: 500 }),
    );
    logged.mockRestore();
  });
});
