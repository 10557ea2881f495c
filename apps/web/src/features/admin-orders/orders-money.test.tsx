import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './orders-page';
import { adminOrder, callsWith, NO_TOTALS, ordersPage } from './test-data';
import type { Order } from './orders-api';

const routes = [{ path: '/admin/orders', element: <OrdersPage /> }];
/** The list's answer: these rows as page 1 with the cards' totals (the server counts them). */
const listOf = (rows: Order[], totals = NO_TOTALS) => ordersPage(rows, totals);

const line = (
  id: number,
  productId: number,
  title: string,
  price: number,
  quantity: number,
  returned = 0,
) => ({
  id,
  product_id: productId,
  product: { title, price },
  title,
  attri: '1 kg',
  title_bn: '',
  attri_bn: '',
  price,
  quantity,
  unit: 'pcs' as const,
  label_poisha: null,
  total: Math.floor(price * quantity),
  returned,
});

/** A till sale of 2 kg rice (420) and 1.5 kg sugar (140 × 1.5 = 210), 0.5 kg of the sugar back already. */
const tillSale = adminOrder({
  id: 50,
  name: '',
  phone: '',
  address: '',
  area: '',
  type: false,
  terminal: 1,
  status: 3,
  // 420 × 2 + 140 × 1.5 = 1050, less the 70 returned before.
  subtotal: 980,
  ship: 0,
  discount: 30,
  paid: 950,
  due: 0,
  returned: 70,
  carts: [line(1, 7, 'Miniket Rice', 420, 2), line(2, 9, 'Sugar', 140, 1.5, 0.5)],
});

async function openRowItem(id: number, name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for order ${id}` }));
  const row = document.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement;
  await waitFor(() => expect(row.querySelector('.dropdown-menu.show')).toBeVisible());
  fireEvent.click(
    within(row.querySelector('.dropdown-menu.show') as HTMLElement).getByRole('button', { name }),
  );
}

describe('OrdersPage: status, totals and money', () => {
  it('shows each status as a badge, and the cards as the server counted them', async () => {
    mockApi({
      // The server's rule (API tests): 458 + 60 − 10 and 200; the cancelled order left out.
      'GET /api/orders': listOf(
        [
          adminOrder({ id: 41, subtotal: 458, ship: 60, discount: 10, paid: 100, due: 408, status: 2 }),
          adminOrder({ id: 42, status: 4, subtotal: 300, ship: 0, paid: 300, due: 0 }),
          adminOrder({ id: 43, status: 9, subtotal: 200, ship: 0, paid: 200, due: 0 }),
        ],
        { orders: 2, total: 708, paid: 300, due: 408 },
      ),
    });
    renderRoutes(routes, '/admin/orders');
    const badge = async (id: number) =>
      (await screen.findByText((_, el) => el?.closest(`tr[data-order-id="${id}"] .status-cell`) === el))
        .textContent;
    expect(await badge(41)).toBe('Out for Delivery');
    expect(await badge(42)).toBe('Canceled');
    expect(await badge(43)).toBe('Complete');
    expect(screen.getByTestId('sum-total').textContent).toBe('708 BDT');
    expect(screen.getByTestId('sum-paid').textContent).toBe('300 BDT');
    expect(screen.getByTestId('sum-due').textContent).toBe('408 BDT');
    // The row's Total stays the spec's subtotal + ship.
    expect(within(document.querySelector('tr[data-order-id="41"]')!).getByText('518')).toBeVisible();
  });

  it("keeps the spec's row menu and adds Return and, for a till sale, Reprint (its receipt)", async () => {
    mockApi({ 'GET /api/orders': listOf([adminOrder(), tillSale, adminOrder({ id: 44, status: 4 })]) });
    renderRoutes(routes, '/admin/orders');
    const items = async (id: number) => {
      fireEvent.click(await screen.findByRole('button', { name: `Actions for order ${id}` }));
      await waitFor(() => expect(document.querySelector('.dropdown-menu.show')).toBeVisible());
      const menu = document.querySelector('.dropdown-menu.show') as HTMLElement;
      const found = [...menu.querySelectorAll('.dropdown-item')].map((item) => item.textContent);
      fireEvent.click(screen.getByRole('button', { name: `Actions for order ${id}` }));
      await waitFor(() => expect(document.querySelector('.dropdown-menu.show')).toBeNull());
      return found;
    };
    expect(await items(41)).toEqual(['Quick Pay', 'Print', 'Return', 'Send SMS', 'Delete']);
    expect(await items(50)).toEqual(['Quick Pay', 'Print', 'Reprint', 'Return', 'Send SMS', 'Delete']);
    expect(await items(44)).toEqual(['Quick Pay', 'Print', 'Send SMS', 'Delete']);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for order 50' }));
    expect(await screen.findByRole('link', { name: 'Reprint' })).toHaveAttribute(
      'href',
      '/admin/receipt/50?print=1',
    );
  });

  it('Quick Pay lists the payments so far and takes a card payment with its reference', async () => {
    const paidBefore = {
      id: 3,
      method: 'bkash' as const,
      amount: 100,
      reference: 'BK1',
      tendered: null,
      created: '2025-03-10T19:00:00.000Z',
      by: 'Rina',
      return_id: null,
    };
    const fetchMock = mockApi({
      'GET /api/orders': listOf([adminOrder({ payments: [paidBefore] })]),
      'POST /api/order/pay/:id': { data: { paid: 900, due: 0, status: 3 } },
    });
    renderRoutes(routes, '/admin/orders');
    await openRowItem(41, 'Quick Pay');
    const dialog = await screen.findByRole('dialog', { name: 'Order Edit' });
    const payments = within(dialog).getByRole('table', { name: 'Payments' });
    expect(
      within(payments)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['11 Mar 2025, 1:00 am', 'bKash', '100', 'BK1', 'Rina']);
    const method = within(dialog).getByLabelText('Payment method') as HTMLSelectElement;
    expect([...method.options].map((o) => o.textContent)).toEqual([
      'Cash',
      'bKash',
      'Nagad',
      'Card',
      'Advance balance',
    ]);
    fireEvent.change(within(dialog).getByLabelText('Due Received Amount'), { target: { value: '800' } });
    fireEvent.change(method, { target: { value: 'card' } });
    fireEvent.change(within(dialog).getByLabelText('Reference (optional)'), {
      target: { value: 'CARD4242' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/order/pay/41')).toEqual({
      status: 0,
      paid: 800,
      method: 'card',
      reference: 'CARD4242',
    });
  });

  it('cancelling a paid order asks how the money goes back, and sends the choice', async () => {
    // The list is read again after the change, as the server then has it.
    let rows = [adminOrder({ paid: 100 })];
    const fetchMock = mockApi({
      'GET /api/orders': () => listOf(rows),
      'POST /api/order/pay/:id': () => {
        rows = [adminOrder({ paid: 0, due: 800, status: 4 })];
        return { data: { paid: 0, due: 800, status: 4 } };
      },
    });
    renderRoutes(routes, '/admin/orders');
    await openRowItem(41, 'Quick Pay');
    const dialog = await screen.findByRole('dialog', { name: 'Order Edit' });
    expect(within(dialog).queryByText(/How does it go back/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Order Status'), { target: { value: '4' } });
    const back = within(dialog).getByRole('group', { name: 'Money paid: 100 BDT. How does it go back?' });
    expect(back).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Choose how the money goes back.')).toBeVisible();
    expect(back).toHaveAccessibleDescription('Choose how the money goes back.');
    expect(callsWith(fetchMock, 'POST')).toBe(0);

    fireEvent.click(within(dialog).getByLabelText('Give it back'));
    fireEvent.change(within(dialog).getByLabelText('Refund method'), { target: { value: 'bkash' } });
    fireEvent.change(within(dialog).getByLabelText('Refund reference (optional)'), {
      target: { value: 'BKR1' },
    });
    fireEvent.click(within(dialog).getByLabelText("Keep it as the customer's advance balance"));
    expect(within(dialog).queryByLabelText('Refund method')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/order/pay/41')).toEqual({
      status: 4,
      paid: 0,
      method: 'cash',
      refund: { method: 'balance' },
    });
    const cells = within(document.querySelector('tr[data-order-id="41"]') as HTMLElement).getAllByRole(
      'cell',
    );
    expect(cells[6]!.textContent).toBe('0');
    expect(cells[9]!.textContent).toBe('Canceled');
  });

  it('a refund by a method carries its reference; "keep as paid" sends no refund (the spec call)', async () => {
    const fetchMock = mockApi({
      'GET /api/orders': listOf([adminOrder({ paid: 100 }), adminOrder({ id: 42, paid: 50, due: 850 })]),
      'POST /api/order/pay/:id': ({ params }) => ({
        data: params.id === '41' ? { paid: 0, due: 800, status: 4 } : { paid: 50, due: 850, status: 4 },
      }),
    });
    renderRoutes(routes, '/admin/orders');
    await openRowItem(41, 'Quick Pay');
    let dialog = await screen.findByRole('dialog', { name: 'Order Edit' });
    fireEvent.change(within(dialog).getByLabelText('Order Status'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByLabelText('Give it back'));
    fireEvent.change(within(dialog).getByLabelText('Refund method'), { target: { value: 'nagad' } });
    fireEvent.change(within(dialog).getByLabelText('Refund reference (optional)'), {
      target: { value: 'NG55' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/order/pay/41')).toMatchObject({
      status: 4,
      refund: { method: 'nagad', reference: 'NG55' },
    });

    await openRowItem(42, 'Quick Pay');
    dialog = await screen.findByRole('dialog', { name: 'Order Edit' });
    fireEvent.change(within(dialog).getByLabelText('Order Status'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByLabelText('Keep it recorded as paid (no refund)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/order/pay/42')).toEqual({ status: 4, paid: 0, method: 'cash' });
  });
});
