import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { PurchaseOrderPage } from './purchase-order-page';
import type { PurchaseOrder, ReceiveBody } from './reorder-api';
import { makeOrder, orderLine } from './test-data';

const routes = [{ path: '/admin/purchase-orders/:id', element: <PurchaseOrderPage /> }];
const SENT_AT = '2026-11-21T04:00:00.000Z';

/** The server's order, changed as the server changes it by each call. */
function serverOrder(first: PurchaseOrder) {
  let order = first;
  let purchase = 70;
  return {
    get: () => ({ data: order }),
    send: () => {
      if (order.status === 'draft') order = { ...order, status: 'sent', sent: SENT_AT };
      return { data: order };
    },
    receive: ({ body }: { body: unknown }) => {
      if (order.status === 'closed')
        return refuse(409, { message: 'This purchase order is closed.', code: 'conflict' });
      const { lines } = body as { lines: Array<{ product_id: number; qty: number }> };
      const after = order.lines.map((l) => ({
        ...l,
        received:
          l.received + lines.filter((c) => c.product_id === l.product_id).reduce((n, c) => n + c.qty, 0),
      }));
      const full = after.every((l) => l.received >= l.qty);
      order = {
        ...order,
        lines: after,
        status: full ? 'received' : 'partly_received',
        purchase_ids: [...order.purchase_ids, purchase++],
      };
      return { data: order };
    },
    close: () => {
      order = { ...order, status: 'closed', closed: '2026-11-25T04:00:00.000Z' };
      return { data: order };
    },
    closeElsewhere: () => {
      order = { ...order, status: 'closed' };
    },
  };
}

/** Whether a product tracks expiry, as GET /api/product/{id}/batches answers it. */
const batchesOf =
  (tracked: readonly number[]) =>
  ({ params }: { params: Record<string, string> }) => {
    const id = Number(params.id);
    return {
      data: { product_id: id, track_expiry: tracked.includes(id), qty: 0, undated: 0, batches: [] },
    };
  };

function mockOrder(first: PurchaseOrder, tracked: readonly number[] = []) {
  const server = serverOrder(first);
  const fetchMock = mockApi({
    'GET /api/product/:id/batches': batchesOf(tracked),
    'GET /api/purchase-orders/:id': server.get,
    'POST /api/purchase-orders/:id/send': server.send,
    'POST /api/purchase-orders/:id/receive': server.receive,
    'POST /api/purchase-orders/:id/close': server.close,
  });
  return { fetchMock, server };
}

const actions = () =>
  [...document.querySelectorAll('.po-actions button')].map((button) => button.textContent);
const lineOf = (product: number) =>
  document.querySelector(`.po-lines-table tr[data-product-id="${product}"]`) as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('a purchase order', () => {
  it('shows its lines, and a draft is sent: the message for the supplier with Copy, SMS and WhatsApp', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    // jsdom has no clipboard.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const order = makeOrder({ note: 'Before Eid' });
    const { fetchMock } = mockOrder(order);
    renderRoutes(routes, '/admin/purchase-orders/50');
    expect(await screen.findByTestId('po-supplier')).toHaveTextContent('Karim Wholesale01711000222');
    expect(screen.getByRole('heading', { level: 1, name: 'Purchase order #50 Draft' })).toBeVisible();
    expect(screen.getByText('Before Eid')).toBeVisible();
    expect(document.querySelector('[data-status]')).toHaveTextContent('Draft');
    expect(
      within(lineOf(7))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['20', '0', '20', '310', '6,200']);
    expect(screen.getByTestId('po-total').textContent).toBe('8,120 BDT');
    expect(actions()).toEqual(['Send to supplier', 'Receive goods', 'Print', 'Close order']);
    expect(screen.queryByRole('heading', { name: 'Message for the supplier' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send to supplier' }));
    const heading = await screen.findByRole('heading', { name: 'Message for the supplier' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(callsTo(fetchMock, 'POST /api/purchase-orders/:id/send')).toHaveLength(1);
    expect(screen.getByText('Purchase order #50 marked as sent')).toBeVisible();
    expect(document.querySelector('[data-status]')).toHaveTextContent('Sent');
    expect(actions()).toEqual(['Receive goods', 'Print', 'Close order']);
    const message = 'Bazar: purchase order #50\nMiniket Rice 5 kg: 20\nSoybean Oil 1 L: 12';
    expect(screen.getByLabelText('The message')).toHaveValue(message);
    expect(screen.getByRole('link', { name: 'SMS' }).getAttribute('href')).toBe(
      `sms:01711000222?body=${encodeURIComponent(message)}`,
    );
    expect(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/8801711000222?text=${encodeURIComponent(message)}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Message copied')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(message);
  });

  it('a supplier without a phone: the message is to copy, without links', async () => {
    mockOrder(makeOrder({ status: 'sent', sent: SENT_AT, supplier: { id: 4, name: 'Rahman', phone: '' } }));
    renderRoutes(routes, '/admin/purchase-orders/50');
    expect(
      await screen.findByText('The supplier has no phone number: copy the message and send it yourself.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'SMS' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
  });

  it('receives part (each line from what is left, its price changeable), then the rest', async () => {
    const { fetchMock } = mockOrder(makeOrder({ status: 'sent', sent: SENT_AT }));
    renderRoutes(routes, '/admin/purchase-orders/50');
    fireEvent.click(await screen.findByRole('button', { name: 'Receive goods' }));
    let dialog = await screen.findByRole('dialog', { name: 'Receive goods' });
    const riceQty = within(dialog).getByLabelText('Received now of Miniket Rice 5 kg');
    const ricePrice = within(dialog).getByLabelText('Buy price of Miniket Rice 5 kg');
    const oilQty = within(dialog).getByLabelText('Received now of Soybean Oil 1 L');
    expect(riceQty).toHaveValue('20');
    expect(ricePrice).toHaveValue('310');
    expect(oilQty).toHaveValue('12');
    expect(within(dialog).getByTestId('po-receive-total').textContent).toBe('8,120 BDT');

    // 12 of the rice at a new price, no oil: the total follows.
    fireEvent.change(riceQty, { target: { value: '12' } });
    fireEvent.change(ricePrice, { target: { value: '320' } });
    fireEvent.change(oilQty, { target: { value: '0' } });
    expect(within(dialog).getByTestId('po-receive-total').textContent).toBe('3,840 BDT');
    fireEvent.change(within(dialog).getByLabelText('Invoice number'), { target: { value: 'INV-1' } });
    const paid = within(dialog).getByLabelText('Paid now');
    fireEvent.change(paid, { target: { value: '5000' } });
    fireEvent.change(within(dialog).getByLabelText('Payment method'), { target: { value: 'bkash' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByText('The amount paid may not be more than the total.')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/purchase-orders/:id/receive')).toHaveLength(0);

    fireEvent.change(paid, { target: { value: '১০০০' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/purchase-orders/50/receive')).toEqual({
      lines: [{ product_id: 7, qty: 12, buy_price: 320 }],
      invoice: 'INV-1',
      paid: 1000,
      method: 'bkash',
    } satisfies ReceiveBody);
    expect(screen.getByText('Received: the order is partly received')).toBeVisible();
    expect(document.querySelector('[data-status]')).toHaveTextContent('Partly received');
    expect(within(lineOf(7)).getByTestId('po-line-received').textContent).toBe('12');
    expect(within(lineOf(7)).getByTestId('po-line-left').textContent).toBe('8');
    expect(screen.getByTestId('po-purchases').textContent).toBe('Received as purchases: #70');

    // The rest: each line starts at what is still to come.
    fireEvent.click(screen.getByRole('button', { name: 'Receive goods' }));
    dialog = await screen.findByRole('dialog', { name: 'Receive goods' });
    expect(within(dialog).getByLabelText('Received now of Miniket Rice 5 kg')).toHaveValue('8');
    expect(within(dialog).getByLabelText('Received now of Soybean Oil 1 L')).toHaveValue('12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/purchase-orders/50/receive', 1)).toEqual({
      lines: [
        { product_id: 7, qty: 8, buy_price: 310 },
        { product_id: 9, qty: 12, buy_price: 160 },
      ],
      invoice: '',
      paid: 0,
      method: 'cash',
    });
    expect(screen.getByText('Received: the whole order has come')).toBeVisible();
    expect(document.querySelector('[data-status]')).toHaveTextContent('Received');
    expect(actions()).toEqual(['Print', 'Close order']);
    expect(screen.getByTestId('po-purchases').textContent).toBe('Received as purchases: #70, #71');
  });

  it('marks a quantity that is not one, asks for at least one product, and says a refusal', async () => {
    const { fetchMock, server } = mockOrder(makeOrder({ status: 'sent', sent: SENT_AT }));
    renderRoutes(routes, '/admin/purchase-orders/50');
    fireEvent.click(await screen.findByRole('button', { name: 'Receive goods' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods' });
    const riceQty = within(dialog).getByLabelText('Received now of Miniket Rice 5 kg');
    const oilQty = within(dialog).getByLabelText('Received now of Soybean Oil 1 L');
    fireEvent.change(riceQty, { target: { value: 'lots' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() =>
      expect(riceQty).toHaveAccessibleDescription('Enter 0 or more, at most two decimals.'),
    );
    fireEvent.change(riceQty, { target: { value: '0' } });
    fireEvent.change(oilQty, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Enter what came of at least one product.',
    );
    expect(callsTo(fetchMock, 'POST /api/purchase-orders/:id/receive')).toHaveLength(0);

    server.closeElsewhere();
    fireEvent.change(oilQty, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('This purchase order is closed.'),
    );
  });

  it('a product that tracks expiry comes in with the date on its pack and its batch code', async () => {
    const { fetchMock } = mockOrder(makeOrder({ status: 'sent', sent: SENT_AT }), [9]);
    renderRoutes(routes, '/admin/purchase-orders/50');
    fireEvent.click(await screen.findByRole('button', { name: 'Receive goods' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods' });
    const oilDate = within(dialog).getByLabelText('Expiry date of Soybean Oil 1 L') as HTMLInputElement;
    const riceDate = within(dialog).getByLabelText('Expiry date of Miniket Rice 5 kg');
    expect(oilDate.type).toBe('date');
    await waitFor(() => expect(oilDate).toBeRequired());
    expect(riceDate).not.toBeRequired();
    expect(
      within(dialog.querySelector('tr[data-product-id="9"]') as HTMLElement).getByText(
        'Tracks expiry: enter the date on the pack.',
      ),
    ).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('Received now of Miniket Rice 5 kg'), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() =>
      expect(oilDate).toHaveAccessibleDescription(
        'This product tracks expiry: enter the expiry date on the pack.',
      ),
    );
    expect(callsTo(fetchMock, 'POST /api/purchase-orders/:id/receive')).toHaveLength(0);

    // A date the server refuses (its words), under the field it names.
    fireEvent.change(oilDate, { target: { value: '2027-02-28' } });
    fireEvent.change(within(dialog).getByLabelText('Batch code of Soybean Oil 1 L'), {
      target: { value: 'SO-7' },
    });
    await waitFor(() => expect(oilDate).not.toHaveAttribute('aria-invalid'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/purchase-orders/50/receive')).toEqual({
      lines: [{ product_id: 9, qty: 12, buy_price: 160, expiry: '2027-02-28', batch: 'SO-7' }],
      invoice: '',
      paid: 0,
      method: 'cash',
    } satisfies ReceiveBody);
  });

  it('says the server’s refusal of a line’s expiry date under that line’s field', async () => {
    const server = serverOrder(makeOrder({ status: 'sent', sent: SENT_AT }));
    mockApi({
      'GET /api/product/:id/batches': batchesOf([]),
      'GET /api/purchase-orders/:id': server.get,
      // The product tracks expiry since the dialog opened: the server asks for the date.
      'POST /api/purchase-orders/:id/receive': refuse(422, {
        message: 'Soybean Oil tracks expiry: enter the expiry date on the pack.',
        errors: { 'lines.1.expiry': ['Soybean Oil tracks expiry: enter the expiry date on the pack.'] },
      }),
    });
    renderRoutes(routes, '/admin/purchase-orders/50');
    fireEvent.click(await screen.findByRole('button', { name: 'Receive goods' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    const oilDate = within(dialog).getByLabelText('Expiry date of Soybean Oil 1 L');
    await waitFor(() =>
      expect(oilDate).toHaveAccessibleDescription(
        'Soybean Oil tracks expiry: enter the expiry date on the pack.',
      ),
    );
    expect(within(dialog).getByLabelText('Expiry date of Miniket Rice 5 kg')).not.toHaveAttribute(
      'aria-invalid',
    );
    // Typing a date takes the server's mark away.
    fireEvent.change(oilDate, { target: { value: '2027-02-28' } });
    await waitFor(() => expect(oilDate).not.toHaveAttribute('aria-invalid'));
  });

  it('is closed after asking: then only Print is left', async () => {
    const { fetchMock } = mockOrder(makeOrder({ status: 'partly_received', sent: SENT_AT }));
    renderRoutes(routes, '/admin/purchase-orders/50');
    fireEvent.click(await screen.findByRole('button', { name: 'Close order' }));
    let dialog = await screen.findByRole('dialog', { name: 'Close this purchase order?' });
    expect(dialog).toHaveTextContent('Nothing more will come against purchase order #50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/purchase-orders/:id/close')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Close order' }));
    dialog = await screen.findByRole('dialog', { name: 'Close this purchase order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close order' }));
    expect(await screen.findByText('Purchase order #50 closed')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/purchase-orders/:id/close')).toHaveLength(1);
    expect(document.querySelector('[data-status]')).toHaveTextContent('Closed');
    expect(actions()).toEqual(['Print']);
  });

  it('prints the order on A4', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    mockOrder(makeOrder());
    renderRoutes(routes, '/admin/purchase-orders/50');
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.head.querySelector('style[data-printed-page="a4"]')?.textContent).toContain('size: A4');
  });

  it('an order that does not exist is not found', async () => {
    mockApi({
      'GET /api/purchase-orders/:id': refuse(404, {
        message: 'No purchase order has this number.',
        code: 'not_found',
      }),
    });
    renderRoutes(routes, '/admin/purchase-orders/999');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  it('speaks Bangla: the status, the actions and Bengali digits', async () => {
    mockOrder(makeOrder({ status: 'partly_received', lines: [orderLine()] }));
    renderRoutes(routes, '/admin/purchase-orders/50');
    await screen.findByTestId('po-supplier');
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: /^ক্রয় অর্ডার #50/ })).toBeVisible();
    expect(document.querySelector('[data-status]')).toHaveTextContent('আংশিক এসেছে');
    expect(actions()).toEqual(['মাল গ্রহণ করুন', 'প্রিন্ট', 'অর্ডার বন্ধ করুন']);
    expect(screen.getByTestId('po-total').textContent).toBe('৬,২০০ টাকা');
  });
});
