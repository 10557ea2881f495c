import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, sentBody } from '../../test/fetch-mock';
import { makeOrder } from '../../test/orders';
import { renderRoutes } from '../../test/render';
import { SuccessPage } from './success-page';

const routes = [{ path: '/user/success', element: <SuccessPage /> }];
const order = (paid: number, due: number) => ({
  data: makeOrder({ id: 9, subtotal: 452, ship: 60, paid, due, status: 0 }),
});

describe('SuccessPage after an online payment', () => {
  it('names the order and says it was paid', async () => {
    localStorage.setItem('info', 'tok');
    mockApi({ 'GET /api/order/:id': order(512, 0) });
    renderRoutes(routes, '/user/success?order=9&payment=paid');
    expect((await screen.findByTestId('success-order')).textContent).toBe('Order number: #9');
    expect(
      await screen.findByText('Your payment of 512 BDT was received. This order is paid.'),
    ).toBeVisible();
    expect(screen.queryByTestId('success-due')).toBeNull();
  });

  it('says a failed payment left the order unpaid, with the amount to pay, Pay again and pay on delivery', async () => {
    localStorage.setItem('info', 'tok');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = mockApi({
      'GET /api/order/:id': order(0, 512),
      'GET /api/payment/methods': { data: ['bkash'] },
      'POST /api/order/:id/pay-online': { data: { url: 'https://gateway.test/pay' } },
    });
    renderRoutes(routes, '/user/success?order=9&payment=cancelled');
    expect((await screen.findByTestId('success-due')).textContent).toBe('Amount to pay: 512 BDT');
    expect(screen.getByRole('alert').textContent).toBe(
      'The payment was cancelled. Your order is placed and not paid.You can also pay on delivery.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay again with bKash' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://gateway.test/pay'));
    expect(sentBody(fetchMock, 'POST /api/order/9/pay-online')).toEqual({ method: 'bkash' });
  });
});
