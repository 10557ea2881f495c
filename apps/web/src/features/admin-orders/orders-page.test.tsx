import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, sentBody } from '../../test/fetch-mock';
import { pageOf } from '../../test/page';
import { catchDownloads, exportCalls } from '../../test/downloads';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './orders-page';
import { adminOrder, callsWith } from './test-data';

const routes = [{ path: '/admin/orders', element: <OrdersPage /> }];

const oil = {
  id: 2,
  product_id: 9,
  product: { title: 'Soybean Oil', price: 355 },
  title: 'Soybean Oil',
  attri: '2 L',
  title_bn: '',
  attri_bn: '',
  price: 355,
  quantity: 1,
  total: 355,
  returned: 0,
};
const twoOrders = () => [
  adminOrder(),
  adminOrder({
    id: 42,
    name: 'Karim',
    subtotal: 355,
    ship: 0,
    paid: 355,
    due: 0,
    type: false,
    terminal: 1,
    carts: [oil],
  }),
];

/** The list's answer: these rows as page 1, with the cards' totals the server counted. */
const listOf = (
  rows: ReturnType<typeof twoOrders>,
  totals = { orders: rows.length, total: 0, paid: 0, due: 0 },
  more: { total?: number; page?: number } = {},
) => ({ body: pageOf(rows, { totals, path: '/api/orders', ...more }) });
const TWO = { orders: 2, total: 1255, paid: 455, due: 800 };

const row = async (id: number) => {
  await screen.findByText('Rahim Uddin');
  return document.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement;
};

async function openQuickPay(id = 41) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for order ${id}` }));
  fireEvent.click(await screen.findByRole('button', { name: 'Quick Pay' }));
  return screen.findByRole('dialog', { name: 'Order Edit' });
}

describe('OrdersPage', () => {
  it("loads type 2 and shows the server's Total, Paid and Due of the whole list, not of the page", async () => {
    const whole = { orders: 120, total: 98000, paid: 45500, due: 52500 };
    const fetchMock = mockFetch({
      'GET /api/orders?type=2': listOf(twoOrders(), whole, { total: 120 }),
      'GET /api/orders?type=2&page=3': listOf([adminOrder({ id: 7, name: 'Older' })], whole, {
        total: 120,
        page: 3,
      }),
    });
    renderRoutes(routes, '/admin/orders');
    const first = await row(41);
    expect(within(first).getByText('900')).toBeTruthy();
    expect(within(first).getByText('Online')).toBeTruthy();
    expect(within(await row(42)).getByText('Offline')).toBeTruthy();
    expect(screen.getByTestId('sum-total').textContent).toBe('98,000 BDT');
    expect(screen.getByTestId('sum-paid').textContent).toBe('45,500 BDT');
    expect(screen.getByTestId('sum-due').textContent).toBe('52,500 BDT');
    // 120 orders at 50 a page: three pages; the last one is fetched on its own.
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Older')).toBeTruthy();
    expect(screen.queryByText('Rahim Uddin')).toBeNull();
    expect(screen.getByTestId('sum-total').textContent).toBe('98,000 BDT');
    const reads = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/order'));
    expect(reads).toEqual(['/api/orders?type=2', '/api/orders?type=2&page=3']);
  });

  it('switches type with the toggles and sends the filter bar as it is; toggles and Type are one choice', async () => {
    const filter = 'field=Phone&value=01711111111&from=2025-03-01&to=2025-03-31';
    const fetchMock = mockFetch({
      'GET /api/orders?type=2': listOf(twoOrders(), TWO),
      'GET /api/orders?type=0': listOf([twoOrders()[1]!], { orders: 1, total: 355, paid: 355, due: 0 }),
      [`GET /api/order-filter?${filter}&type=1&status=1`]: listOf([adminOrder()]),
      [`GET /api/order-filter?${filter}&type=0&status=1`]: listOf([]),
    });
    renderRoutes(routes, '/admin/orders');
    await row(41);
    fireEvent.click(screen.getByRole('button', { name: 'Offline' }));
    await waitFor(() => expect(screen.queryByText('Rahim Uddin')).toBeNull());
    expect(screen.getByText('Karim')).toBeTruthy();
    expect(screen.getByTestId('sum-total').textContent).toBe('355 BDT');
    expect(screen.getByRole('button', { name: 'Offline' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('0');

    fireEvent.change(screen.getByLabelText('Search by'), { target: { value: 'Phone' } });
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: '01711111111' } });
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2025-03-31' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Payment'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Rahim Uddin')).toBeTruthy();
    expect(screen.queryByText('Karim')).toBeNull();
    expect(screen.getByRole('button', { name: 'Online' }).getAttribute('aria-pressed')).toBe('true');
    // A toggle keeps the filter: it only changes its type.
    fireEvent.click(screen.getByRole('button', { name: 'Offline' }));
    expect(await screen.findByText('No orders found.')).toBeTruthy();
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('0');
    const orderReads = fetchMock.mock.calls.filter(([url]) => /^\/api\/order/.test(String(url)));
    expect(orderReads).toHaveLength(4);
  });

  it('keeps only one row menu open, and clicking the same toggle again closes it', async () => {
    mockFetch({ 'GET /api/orders?type=2': listOf(twoOrders(), TWO) });
    renderRoutes(routes, '/admin/orders');
    const toggle = async (id: number) => screen.findByRole('button', { name: `Actions for order ${id}` });
    const expanded = async () =>
      (await Promise.all([toggle(41), toggle(42)])).map((button) => button.getAttribute('aria-expanded'));

    fireEvent.click(await toggle(41));
    await waitFor(async () => expect(await expanded()).toEqual(['true', 'false']));
    fireEvent.click(await toggle(42));
    await waitFor(async () => expect(await expanded()).toEqual(['false', 'true']));
    expect(document.querySelectorAll('.dropdown-menu.show')).toHaveLength(1);
    fireEvent.click(await toggle(42));
    await waitFor(async () => expect(await expanded()).toEqual(['false', 'false']));
    expect(document.querySelectorAll('.dropdown-menu.show')).toHaveLength(0);
  });

  it('Quick Pay refuses more than the due with "Amount is large" and sends nothing', async () => {
    const fetchMock = mockFetch({ 'GET /api/orders?type=2': listOf(twoOrders(), TWO) });
    renderRoutes(routes, '/admin/orders');
    const dialog = await openQuickPay();
    expect((within(dialog).getByLabelText('Due') as HTMLInputElement).value).toBe('800');
    expect((within(dialog).getByLabelText('Due') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Due Received Amount'), { target: { value: '801' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Amount is large')).toBeTruthy();
    expect(callsWith(fetchMock, 'POST')).toBe(0);
  });

  it('a successful payment updates the row with the answer and closes the modal', async () => {
    let paid = false;
    const fetchMock = mockFetch({
      // Read again after the payment: the server's cards count it.
      'GET /api/orders?type=2': () =>
        paid
          ? listOf([adminOrder({ paid: 400, due: 500, status: 3 }), twoOrders()[1]!], {
              ...TWO,
              paid: 755,
              due: 500,
            })
          : listOf(twoOrders(), TWO),
      'POST /api/order/pay/41': () => {
        paid = true;
        return { body: { data: { paid: 400, due: 500, status: 3 } } };
      },
    });
    renderRoutes(routes, '/admin/orders');
    const dialog = await openQuickPay();
    fireEvent.change(within(dialog).getByLabelText('Order Status'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Due Received Amount'), { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText('Payment method'), { target: { value: 'bkash' } });
    fireEvent.change(within(dialog).getByLabelText('Reference (optional)'), { target: { value: 'TX9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/order/pay/41')).toEqual({
      status: 3,
      paid: 300,
      method: 'bkash',
      reference: 'TX9',
    });
    const first = await row(41);
    expect(within(first).getByText('400')).toBeTruthy();
    expect(within(first).getByText('500')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('sum-paid').textContent).toBe('755 BDT'));
    expect(screen.getByTestId('sum-due').textContent).toBe('500 BDT');
  });

  it('shows the 409 message when a cancelled order cannot be re-activated', async () => {
    mockFetch({
      'GET /api/orders?type=2': listOf([adminOrder({ status: 4 })]),
      'POST /api/order/pay/41': {
        status: 409,
        body: {
          message: 'Not enough stock',
          lines: [{ product_id: 7, title: 'Miniket Rice', attri: '5 kg', available: 0 }],
        },
      },
    });
    renderRoutes(routes, '/admin/orders');
    const dialog = await openQuickPay();
    fireEvent.change(within(dialog).getByLabelText('Order Status'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Not enough stock')).toBeTruthy();
  });

  it('deletes after the confirmation and drops the row; closing leaves it', async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      'GET /api/orders?type=2': () =>
        deleted
          ? listOf([twoOrders()[1]!], { orders: 1, total: 355, paid: 355, due: 0 })
          : listOf(twoOrders(), TWO),
      'DELETE /api/order/delete/41': () => {
        deleted = true;
        return { body: { message: 'Order deleted' } };
      },
    });
    renderRoutes(routes, '/admin/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for order 41' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Rahim Uddin')).toBeTruthy();
    expect(callsWith(fetchMock, 'DELETE')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for order 41' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Rahim Uddin')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('sum-total').textContent).toBe('355 BDT'));
  });

  it("Download gives every order of the screen's filter as CSV or Excel", async () => {
    const { saved, restore } = catchDownloads();
    const fetchMock = mockFetch({
      'GET /api/orders?type=2': listOf(twoOrders(), TWO),
      'GET /api/orders?type=0': listOf([twoOrders()[1]!]),
      'GET /api/export/orders.csv?type=0&status=0': { body: 'ID,Date' },
      'GET /api/export/orders.xlsx?type=0&status=0': { body: 'PK' },
      'GET /api/order-filter?field=Phone&value=01711111111&from=2025-03-01&to=&type=1&status=1': listOf([
        adminOrder(),
      ]),
      'GET /api/export/orders.xlsx?type=1&status=1&field=Phone&value=01711111111&from=2025-03-01': {
        body: 'PK',
      },
    });
    renderRoutes(routes, '/admin/orders');
    await row(41);
    fireEvent.click(screen.getByRole('button', { name: 'Offline' }));
    await waitFor(() => expect(screen.queryByText('Rahim Uddin')).toBeNull());
    const download = screen.getByRole('group', { name: 'Download' });
    fireEvent.click(within(download).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['orders.csv']));
    fireEvent.click(within(download).getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['orders.csv', 'orders.xlsx']));

    // The filter bar's fields go with it, the same as the list asked for.
    fireEvent.change(screen.getByLabelText('Search by'), { target: { value: 'Phone' } });
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: ' 01711111111 ' } });
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Payment'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Rahim Uddin')).toBeTruthy();
    fireEvent.click(within(download).getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(exportCalls(fetchMock)).toEqual([
      '/api/export/orders.csv?type=0&status=0',
      '/api/export/orders.xlsx?type=0&status=0',
      '/api/export/orders.xlsx?type=1&status=1&field=Phone&value=01711111111&from=2025-03-01',
    ]);
    restore();
  });
});
