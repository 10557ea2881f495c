import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './orders-page';
import { adminOrder, callsWith, NO_TOTALS, ordersPage } from './test-data';

const routes = [{ path: '/admin/orders', element: <OrdersPage /> }];

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

/**
 * A till sale: 2 kg rice at 420 and 1.5 kg sugar at 140 (1050), 0.5 kg of the sugar back already
 * (70), a discount of 30: it charges 950, all paid in cash.
 */
const sale = adminOrder({
  id: 50,
  name: 'Walk-in',
  type: false,
  terminal: 1,
  status: 3,
  subtotal: 980,
  ship: 0,
  discount: 30,
  paid: 950,
  due: 0,
  returned: 70,
  carts: [line(1, 7, 'Miniket Rice', 420, 2), line(2, 9, 'Sugar', 140, 1.5, 0.5)],
});

async function openReturn(id = 50) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for order ${id}` }));
  const row = document.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement;
  await waitFor(() => expect(row.querySelector('.dropdown-menu.show')).toBeVisible());
  fireEvent.click(
    within(row.querySelector('.dropdown-menu.show') as HTMLElement).getByRole('button', { name: 'Return' }),
  );
  return screen.findByRole('dialog', { name: 'Return' });
}

const qty = (dialog: HTMLElement, title: string) =>
  within(dialog).getByLabelText(`Quantity of ${title} 1 kg to return`);

describe('Return (orders list)', () => {
  it('lists what can still come back and shows the money back as the server counts it', async () => {
    mockApi({ 'GET /api/orders': ordersPage([sale], NO_TOTALS) });
    renderRoutes(routes, '/admin/orders');
    const dialog = await openReturn();
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Can return 2'),
      expect.stringContaining('Can return 1'),
    ]);
    expect(within(dialog).getByTestId('return-refund').textContent).toBe('0 BDT');

    // 1 kg rice: worth 420; the order then charges 530 of the 950 paid: 420 back.
    fireEvent.change(qty(dialog, 'Miniket Rice'), { target: { value: '1' } });
    expect(within(dialog).getByTestId('return-value').textContent).toBe('420 BDT');
    expect(within(dialog).getByText('530 BDT')).toBeVisible();
    expect(within(dialog).getByTestId('return-refund').textContent).toBe('420 BDT');

    // 0.39 kg sugar (54.6) and 0.03 kg rice (12.6): 67.2, rounded down once to 67 (not 54 + 12).
    fireEvent.change(qty(dialog, 'Miniket Rice'), { target: { value: '0.03' } });
    fireEvent.change(qty(dialog, 'Sugar'), { target: { value: '0.39' } });
    expect(within(dialog).getByTestId('return-value').textContent).toBe('67 BDT');
    expect(within(dialog).getByTestId('return-refund').textContent).toBe('67 BDT');
  });

  it('refuses nothing chosen and more than is left, and sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/orders': ordersPage([sale], NO_TOTALS) });
    renderRoutes(routes, '/admin/orders');
    const dialog = await openReturn();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save return' }));
    expect(await within(dialog).findByText('Choose what comes back.')).toBeVisible();
    fireEvent.change(qty(dialog, 'Sugar'), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save return' }));
    expect(await within(dialog).findByText('At most 1')).toBeVisible();
    expect(qty(dialog, 'Sugar')).toHaveAttribute('aria-invalid', 'true');
    expect(qty(dialog, 'Sugar')).toHaveAccessibleDescription('At most 1');
    expect(callsWith(fetchMock, 'POST')).toBe(0);
  });

  it('saves the return with the refund the server expects and offers the return receipt', async () => {
    const after = {
      ...sale,
      subtotal: 560,
      paid: 530,
      returned: 490,
      carts: [line(1, 7, 'Miniket Rice', 420, 2, 1), line(2, 9, 'Sugar', 140, 1.5, 0.5)],
    };
    // The list is read again after the return, as the server then has it.
    let rows = [sale];
    const fetchMock = mockApi({
      'GET /api/orders': () => ordersPage(rows, NO_TOTALS),
      'POST /api/order/return/:id': () => {
        rows = [after];
        return { data: { id: 7, order: after } };
      },
    });
    renderRoutes(routes, '/admin/orders');
    const dialog = await openReturn();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return all of Miniket Rice 1 kg' }));
    fireEvent.change(qty(dialog, 'Miniket Rice'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('Refund method'), { target: { value: 'bkash' } });
    fireEvent.change(within(dialog).getByLabelText('Refund reference (optional)'), {
      target: { value: 'BK1' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: 'Damaged bag' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save return' }));

    expect(await within(dialog).findByText('Give back 420 BDT by bKash.')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/order/return/50')).toEqual({
      lines: [{ product_id: 7, quantity: 1 }],
      refund: { method: 'bkash', amount: 420, reference: 'BK1' },
      reason: 'Damaged bag',
    });
    expect(within(dialog).getByRole('link', { name: 'Print return receipt' })).toHaveAttribute(
      'href',
      '/admin/receipt/50?print=1&return=7',
    );
    // The row takes the order as the server has it after the return.
    const row = document.querySelector('tr[data-order-id="50"]') as HTMLElement;
    expect(within(row).getByText('Returned 490')).toBeVisible();
    expect(within(row).getByText('530')).toBeVisible();
  });

  it('sends no refund when nothing was paid beyond the new total, and shows the 409 lines', async () => {
    const unpaid = { ...sale, paid: 100, due: 850 };
    const fetchMock = mockApi({
      'GET /api/orders': ordersPage([unpaid], NO_TOTALS),
      'POST /api/order/return/:id': refuse(409, {
        message: 'That is more than was sold on this order (less what came back before).',
        code: 'conflict',
        lines: [{ product_id: 9, title: 'Sugar', attri: '1 kg', available: 0.5 }],
      }),
    });
    renderRoutes(routes, '/admin/orders');
    const dialog = await openReturn();
    fireEvent.change(qty(dialog, 'Sugar'), { target: { value: '1' } });
    expect(within(dialog).getByTestId('return-refund').textContent).toBe('0 BDT');
    expect(within(dialog).getByText(/Nothing to give back/)).toBeVisible();
    expect(within(dialog).queryByLabelText('Refund method')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save return' }));
    expect(await within(dialog).findByText('Sugar 1 kg: at most 0.5 can come back')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/order/return/50')).toEqual({
      lines: [{ product_id: 9, quantity: 1 }],
      reason: '',
    });
  });

  it('names the lines in Bangla on a Bangla screen and takes a quantity typed in Bengali digits', async () => {
    const bangla = {
      ...sale,
      carts: [{ ...line(1, 7, 'Miniket Rice', 420, 2), title_bn: 'মিনিকেট চাল', attri_bn: '১ কেজি' }],
    };
    const fetchMock = mockApi({
      'GET /api/orders': ordersPage([bangla], NO_TOTALS),
      'POST /api/order/return/:id': { data: { id: 8, order: bangla } },
    });
    renderRoutes(routes, '/admin/orders');
    const dialog = await openReturn();
    await act(() => setLanguage('bn'));
    const quantity = within(dialog).getByLabelText('মিনিকেট চাল ১ কেজি-এর কতটুকু ফেরত আসছে');
    expect(within(dialog).queryByText('Miniket Rice')).toBeNull();
    fireEvent.change(quantity, { target: { value: '১' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'রিটার্ন সেভ করুন' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/order/return/50')).toMatchObject({
        lines: [{ product_id: 7, quantity: 1 }],
      }),
    );
  });
});

afterEach(() => setLanguage('en'));
