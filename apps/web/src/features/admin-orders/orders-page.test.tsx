import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catchDownloads, exportCalls } from '../../test/downloads';
import { callsTo, mockApi, mockFetch, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './orders-page';
import { adminOrder, callsWith, ordersPage } from './test-data';

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
  unit: 'pcs' as const,
  label_poisha: null,
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
const karimOnly = () => ordersPage([twoOrders()[1]!], { orders: 1, total: 355, paid: 355, due: 0 });
const TWO = { orders: 2, total: 1255, paid: 455, due: 800 };

const row = async (id: number) => {
  await screen.findByText('Rahim Uddin');
  return document.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement;
};

/** The queries the list was read with, in order. */
const searches = (fetchMock: ReturnType<typeof mockApi>, key: 'GET /api/orders' | 'GET /api/order-filter') =>
  callsTo(fetchMock, key).map((url) => url.search);

async function openQuickPay(id = 41) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for order ${id}` }));
  fireEvent.click(await screen.findByRole('button', { name: 'Quick Pay' }));
  return screen.findByRole('dialog', { name: 'Order Edit' });
}

describe('OrdersPage', () => {
  it("loads type 2 and shows the server's Total, Paid and Due of the whole list, not of the page", async () => {
    const whole = { orders: 120, total: 98000, paid: 45500, due: 52500 };
    const fetchMock = mockApi({
      'GET /api/orders': ({ query }) =>
        query.get('page') === '3'
          ? ordersPage([adminOrder({ id: 7, name: 'Older' })], whole, { total: 120, page: 3 })
          : ordersPage(twoOrders(), whole, { total: 120 }),
    });
    const { router } = renderRoutes(routes, '/admin/orders');
    const first = await row(41);
    expect(within(first).getByText('900').tagName).toBe('TD');
    expect(within(first).getByText('Online').className).toContain('text-bg-success');
    expect(within(await row(42)).getByText('Offline').className).toContain('text-bg-secondary');
    expect(screen.getByTestId('sum-total').textContent).toBe('98,000 BDT');
    expect(screen.getByTestId('sum-paid').textContent).toBe('45,500 BDT');
    expect(screen.getByTestId('sum-due').textContent).toBe('52,500 BDT');
    // On a phone each figure is a card's cell under its column's name.
    expect(within(first).getByText('900')).toHaveAttribute('data-label', 'Total');
    // 120 orders at 50 a page: three pages; the last one is fetched on its own.
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect((await screen.findByText('Older')).closest('tr')).toHaveAttribute('data-order-id', '7');
    expect(screen.queryByText('Rahim Uddin')).toBeNull();
    expect(screen.getByTestId('sum-total').textContent).toBe('98,000 BDT');
    expect(searches(fetchMock, 'GET /api/orders')).toEqual(['?type=2', '?type=2&page=3']);
    expect(searches(fetchMock, 'GET /api/order-filter')).toEqual([]);
    expect(router.state.location.search).toBe('?page=3');
  });

  it('switches type with the toggles and sends the filter bar as it is; toggles and Type are one choice', async () => {
    const filter = '?field=Phone&value=01711111111&from=2025-03-01&to=2025-03-31';
    const fetchMock = mockApi({
      'GET /api/orders': ({ query }) =>
        query.get('type') === '0' ? karimOnly() : ordersPage(twoOrders(), TWO),
      'GET /api/order-filter': ({ query }) =>
        query.get('type') === '1' ? ordersPage([adminOrder()]) : ordersPage([]),
    });
    const { router } = renderRoutes(routes, '/admin/orders');
    await row(41);
    fireEvent.click(screen.getByRole('button', { name: 'Offline' }));
    await waitFor(() => expect(screen.queryByText('Rahim Uddin')).toBeNull());
    expect(screen.getByText('Karim').closest('tr')).toHaveAttribute('data-order-id', '42');
    expect(screen.getByTestId('sum-total').textContent).toBe('355 BDT');
    expect(screen.getByRole('button', { name: 'Offline' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Type')).toHaveValue('0');
    expect(router.state.location.search).toBe('?type=0');

    fireEvent.change(screen.getByLabelText('Search by'), { target: { value: 'Phone' } });
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: '01711111111' } });
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2025-03-31' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Payment'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect((await screen.findByText('Rahim Uddin')).closest('tr')).toHaveAttribute('data-order-id', '41');
    expect(screen.queryByText('Karim')).toBeNull();
    expect(screen.getByRole('button', { name: 'Online' })).toHaveAttribute('aria-pressed', 'true');
    // A toggle keeps the filter: it only changes its type.
    fireEvent.click(screen.getByRole('button', { name: 'Offline' }));
    expect((await screen.findByText('No orders found.')).tagName).toBe('P');
    expect(screen.getByLabelText('Type')).toHaveValue('0');
    expect(screen.getByLabelText('Search text')).toHaveValue('01711111111');
    expect(searches(fetchMock, 'GET /api/orders')).toEqual(['?type=2', '?type=0']);
    expect(searches(fetchMock, 'GET /api/order-filter')).toEqual([
      `${filter}&type=1&status=1`,
      `${filter}&type=0&status=1`,
    ]);
    expect(router.state.location.search).toBe(`?type=0&${filter.slice(1)}&status=1`);
  });

  it('opens on the filter, type and page its address names; a page past the end shows the last', async () => {
    const fetchMock = mockApi({
      'GET /api/order-filter': ({ query }) => {
        const page = Number(query.get('page') ?? 1);
        // 60 orders of this customer online: two pages of 50, none past them.
        const rows =
          page === 1 ? twoOrders() : page === 2 ? [adminOrder({ id: 9, name: 'Second page' })] : [];
        return ordersPage(rows, TWO, { total: 60, page });
      },
      'GET /api/orders': ordersPage(twoOrders(), TWO),
    });
    const { router } = renderRoutes(routes, '/admin/orders?field=Phone&value=01711111111&type=1&page=9');
    expect((await screen.findByText('Second page')).closest('tr')).toHaveAttribute('data-order-id', '9');
    expect(router.state.location.search).toBe('?field=Phone&value=01711111111&type=1&page=2');
    expect(searches(fetchMock, 'GET /api/order-filter')).toEqual([
      '?field=Phone&value=01711111111&type=1&status=0&page=9',
      '?field=Phone&value=01711111111&type=1&status=0&page=2',
    ]);
    // The filter bar and the toggles show the filter of the address.
    expect(screen.getByLabelText('Search by')).toHaveValue('Phone');
    expect(screen.getByLabelText('Search text')).toHaveValue('01711111111');
    expect(screen.getByLabelText('Type')).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Online' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect((await screen.findByText('Karim')).closest('tr')).toHaveAttribute('data-order-id', '42');
    expect(router.state.location.search).toBe('?field=Phone&value=01711111111&type=1');
    // A new filter starts at its first page, in the address too.
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(searches(fetchMock, 'GET /api/orders')).toEqual(['?type=1']));
    expect(router.state.location.search).toBe('?field=Phone&type=1');
  });

  it("shows the customers list's View Orders link, and leaves out what the server would refuse", async () => {
    const fetchMock = mockApi({
      'GET /api/order-filter': ordersPage([adminOrder()]),
      'GET /api/orders': ordersPage(twoOrders(), TWO),
    });
    const { unmount } = renderRoutes(routes, '/admin/orders?field=Phone&value=01711111111');
    expect((await row(41)).textContent).toContain('01711111111');
    expect(searches(fetchMock, 'GET /api/order-filter')).toEqual([
      '?field=Phone&value=01711111111&type=2&status=0',
    ]);
    unmount();

    const again = renderRoutes(routes, '/admin/orders?field=Colour&from=yesterday&type=7&status=1');
    await row(41);
    expect(again.router.state.location.search).toBe('?status=1');
    expect(searches(fetchMock, 'GET /api/order-filter')).toEqual([
      '?field=Phone&value=01711111111&type=2&status=0',
      '?field=ID&type=2&status=1',
    ]);
  });

  it('keeps only one row menu open, and clicking the same toggle again closes it', async () => {
    mockApi({ 'GET /api/orders': ordersPage(twoOrders(), TWO) });
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
    const fetchMock = mockApi({ 'GET /api/orders': ordersPage(twoOrders(), TWO) });
    renderRoutes(routes, '/admin/orders');
    const dialog = await openQuickPay();
    expect(within(dialog).getByLabelText('Due')).toHaveValue('800');
    expect(within(dialog).getByLabelText('Due')).toHaveAttribute('readonly');
    fireEvent.change(within(dialog).getByLabelText('Due Received Amount'), { target: { value: '801' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Amount is large');
    expect(callsWith(fetchMock, 'POST')).toBe(0);
    // Close is the dialog's own, in the footer and in the header.
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });

  it('a successful payment updates the row with the answer and closes the modal', async () => {
    let paid = false;
    const fetchMock = mockApi({
      // Read again after the payment: the server's cards count it.
      'GET /api/orders': () =>
        paid
          ? ordersPage([adminOrder({ paid: 400, due: 500, status: 3 }), twoOrders()[1]!], {
              ...TWO,
              paid: 755,
              due: 500,
            })
          : ordersPage(twoOrders(), TWO),
      'POST /api/order/pay/:id': () => {
        paid = true;
        return { data: { paid: 400, due: 500, status: 3 } };
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
    expect(within(first).getByText('400')).toHaveAttribute('data-label', 'Paid');
    expect(within(first).getByText('500')).toHaveAttribute('data-label', 'Due');
    expect(within(first).getByText('Delivered').className).toContain('badge');
    await waitFor(() => expect(screen.getByTestId('sum-paid').textContent).toBe('755 BDT'));
    expect(screen.getByTestId('sum-due').textContent).toBe('500 BDT');
  });

  it('shows the 409 message when a cancelled order cannot be re-activated', async () => {
    mockApi({
      'GET /api/orders': ordersPage([adminOrder({ status: 4 })]),
      'POST /api/order/pay/:id': refuse(409, {
        message: 'Not enough stock',
        code: 'stock_short',
        lines: [{ product_id: 7, title: 'Miniket Rice', attri: '5 kg', available: 0 }],
      }),
    });
    renderRoutes(routes, '/admin/orders');
    const dialog = await openQuickPay();
    fireEvent.change(within(dialog).getByLabelText('Order Status'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Not enough stock');
  });

  it('deletes after the confirmation and drops the row; closing leaves it', async () => {
    let deleted = false;
    const fetchMock = mockApi({
      'GET /api/orders': () => (deleted ? karimOnly() : ordersPage(twoOrders(), TWO)),
      'DELETE /api/order/delete/:id': () => {
        deleted = true;
        return { message: 'Order deleted' };
      },
    });
    renderRoutes(routes, '/admin/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for order 41' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    expect(within(dialog).getByText('Are you want to delete order #41?').tagName).toBe('DIV');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Rahim Uddin').closest('tr')).toHaveAttribute('data-order-id', '41');
    expect(callsWith(fetchMock, 'DELETE')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for order 41' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Rahim Uddin')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('sum-total').textContent).toBe('355 BDT'));
    expect(callsTo(fetchMock, 'DELETE /api/order/delete/:id').map((url) => url.pathname)).toEqual([
      '/api/order/delete/41',
    ]);
  });

  it("Download gives every order of the screen's filter as CSV or Excel", async () => {
    const { saved, restore } = catchDownloads();
    // The exports answer files, not JSON: mocked by their URLs.
    const fetchMock = mockFetch({
      'GET /api/orders?type=2': { body: ordersPage(twoOrders(), TWO) },
      'GET /api/orders?type=0': { body: karimOnly() },
      'GET /api/export/orders.csv?type=0&status=0': { body: 'ID,Date' },
      'GET /api/export/orders.xlsx?type=0&status=0': { body: 'PK' },
      'GET /api/order-filter?field=Phone&value=01711111111&from=2025-03-01&type=1&status=1': {
        body: ordersPage([adminOrder()]),
      },
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
    expect((await screen.findByText('Rahim Uddin')).closest('tr')).toHaveAttribute('data-order-id', '41');
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
