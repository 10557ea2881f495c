import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './orders-page';
import { adminOrder, callsWith, NO_TOTALS, ordersPage } from './test-data';
const routes = [{ path: '/admin/orders', element: <OrdersPage /> }];

const payment = (id: number, method: 'bkash' | 'sslcommerz' | 'cash', amount: number, by: string | null) => ({
  id,
  method,
  amount,
  reference: `R${id}`,
  tendered: null,
  created: '2025-03-10T18:31:00.000Z',
  by,
  return_id: null,
});

/** Paid 900 online with bKash, 100 of it given back already. */
const online = adminOrder({
  id: 60,
  paid: 800,
  due: 100,
  payments: [payment(1, 'bkash', 900, null), payment(2, 'bkash', -100, 'Admin')],
});
/** Paid in cash (and by bKash taken at the counter): nothing to refund online. */
const counter = adminOrder({ id: 61, paid: 300, due: 600, payments: [payment(3, 'bkash', 300, 'Admin')] });

async function menuOf(id: number) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for order ${id}` }));
  const row = document.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement;
  await waitFor(() => expect(row.querySelector('.dropdown-menu.show')).toBeVisible());
  return within(row.querySelector('.dropdown-menu.show') as HTMLElement);
}

describe('Refund (orders list)', () => {
  it('is offered only for orders paid online', async () => {
    mockApi({ 'GET /api/orders': ordersPage([online, counter], NO_TOTALS) });
    renderRoutes(routes, '/admin/orders');
    expect((await menuOf(61)).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect((await menuOf(60)).getByRole('button', { name: 'Refund' })).toBeVisible();
  });

  it('refuses more than is left to refund or no reason, sends a valid refund, and shows a gateway refusal', async () => {
    let answer = 0;
    const fetchMock = mockApi({
      'GET /api/orders': ordersPage([online], NO_TOTALS),
      'POST /api/order/:id/refund-online': () =>
        ++answer === 1
          ? refuse(502, {
              message: 'The payment gateway refused the refund. Nothing was refunded.',
              code: 'payment_failed',
            })
          : { data: { paid: 500, due: 400, references: ['RF1'] } },
    });
    renderRoutes(routes, '/admin/orders');
    fireEvent.click((await menuOf(60)).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund an online payment' });
    expect(within(dialog).getByText('Paid online and not refunded yet: 800 BDT')).toBeVisible();
    const amount = within(dialog).getByLabelText('Amount (BDT)');
    expect(amount).toHaveValue('800');
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    fireEvent.change(amount, { target: { value: '801' } });
    submit();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('At most 800 BDT can be refunded.');
    fireEvent.change(amount, { target: { value: '300' } });
    submit();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Say why the money goes back.');
    expect(callsWith(fetchMock, 'POST')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spoilt milk' } });
    submit();
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'The payment gateway refused the refund. Nothing was refunded.',
      ),
    );
    submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/order/60/refund-online', 1)).toEqual({
      amount: 300,
      reason: 'Spoilt milk',
    });
  });
});
