import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi, refuse, type MockRequest } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { changeOf, returnReceipt, saleReceipt } from './receipt-model';
import { ReceiptPage } from './receipt-page';
import { returned, sale, shopInfo } from './receipt-test-data';
import type { Order } from './receipt-api';
import { storePrinter } from '../printing/printer-store';
import { printDocument } from '../printing/thermal-job';

// This computer's receipt printer, as features/printing loads it: a stand-in that keeps what it
// was asked to print (the bytes are escpos.test.ts's, the device e2e/till-printer.spec.ts's).
vi.mock('../printing/thermal-job', () => ({ printDocument: vi.fn() }));

/** GET /api/order/{id}: this order; any other number is a call the test did not expect. */
const byId =
  (order: Order) =>
  ({ params }: MockRequest) =>
    params.id === String(order.id)
      ? { data: order }
      : refuse(599, { message: `unexpected order ${params.id}` });

const routes = [
  { path: '/admin/receipt/:id', element: <ReceiptPage /> },
  { path: '/admin/pos', element: <LocationProbe /> },
];

const answers = (order = sale) => ({
  'GET /api/order/:id': byId(order),
  'GET /api/shop-info': { data: shopInfo },
});

/** The receipt's rows as "left | right" texts, in order. */
const rows = (receipt: HTMLElement) =>
  Array.from(receipt.querySelectorAll('.receipt-row')).map(
    (row) =>
      `${row.querySelector('.receipt-left')?.textContent} | ${row.querySelector('.receipt-right')?.textContent}`,
  );

beforeEach(() => {
  // jsdom has no canvas; JsBarcode only measures the text with it.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    font: '',
    measureText: (text: string) => ({ width: text.length * 6 }),
  } as unknown as CanvasRenderingContext2D);
});

afterEach(() => setLanguage('en'));

describe('receipt model', () => {
  it('shows cash as tendered and the change, and a return with its refund', () => {
    expect(changeOf(sale)).toBe(340);
    expect(saleReceipt(sale).payments).toEqual([
      { method: 'bkash', reference: '8N7A6D5Q', amount: 200, refund: false },
      { method: 'cash', reference: null, amount: 1000, refund: false },
    ]);
    expect(saleReceipt(returned).totals).toEqual([
      { key: 'total', amount: 805 },
      { key: 'returnValue', amount: -45 },
      { key: 'ship', amount: 60 },
      { key: 'discount', amount: 5 },
      { key: 'subtotal', amount: 815 },
    ]);
    expect(returnReceipt(returned, 5)).toMatchObject({
      kind: 'return',
      staff: 'Karim',
      lines: [{ title: 'দেশি আলু Deshi Potato', qty: 1.25, price: 36, amount: 45 }],
      payments: [{ method: 'cash', amount: 45, refund: true }],
      reason: 'Soft potatoes',
    });
    expect(returnReceipt(returned, 6)).toBeNull();
  });
});

describe('ReceiptPage', () => {
  it('prints the shop, the order, its lines, totals, payments with references, change, due, barcode and closing line', async () => {
    mockApi(answers());
    renderRoutes(routes, '/admin/receipt/1234');
    const receipt = await screen.findByRole('article', { name: 'Receipt of order #1234' });
    await waitFor(() => expect(within(receipt).getByText('Bazar Mirpur')).toBeVisible());
    expect(receipt.className).toBe('receipt receipt-80');
    expect(within(receipt).getByText('House 12, Road 3, Mirpur 10, Dhaka')).toBeVisible();
    expect(within(receipt).getByText('Phone: 01711000000')).toBeVisible();
    expect(within(receipt).getByText('Cashier: Rina')).toBeVisible();
    expect(within(receipt).queryByText(/Customer:/)).toBeNull(); // a walk-in
    expect(within(receipt).getByText('দেশি আলু Deshi Potato')).toBeVisible();
    expect(rows(receipt)).toEqual([
      'Order #1234 | 25 Nov 2026, 3:04 pm',
      '5 kg 2 x 380 | 760',
      'loose 1.25 kg x 36/kg | 45',
      'Total | 805',
      'Shipping cost | 60',
      'Discount | 5',
      'Subtotal | 860',
      'Bkash 8N7A6D5Q | 200',
      'Cash | 1,000',
      'Change | 340',
      'Due | 0',
    ]);
    const barcode = within(receipt).getByRole('img', { name: 'Barcode of order 1234' });
    expect(barcode.querySelectorAll('rect').length).toBeGreaterThan(10);
    expect(within(receipt).getByText('ধন্যবাদ! Thank you, come again.')).toBeVisible();
    // The page is the paper while the receipt is shown, and only then.
    expect(document.head.querySelector('style[data-printed-page]')?.textContent).toMatch(
      /^@page \{ size: 80mm \d+mm; margin: 0; \}$/,
    );
  });

  it("prints in the customer's language whatever the screen's: Bengali digits and Bangla names; the order number stays", async () => {
    const bangla = {
      ...sale,
      lang: 'bn' as const,
      carts: sale.carts.map((line) =>
        line.id === 1 ? { ...line, title_bn: 'মিনিকেট চাল', attri_bn: '৫ কেজি' } : line,
      ),
    };
    mockApi(answers(bangla));
    const view = renderRoutes(routes, '/admin/receipt/1234');
    const receipt = await screen.findByRole('article');
    await waitFor(() => expect(within(receipt).getByText('Bazar Mirpur')).toBeVisible());
    expect(receipt).toHaveAttribute('lang', 'bn');
    const figures = [...receipt.querySelectorAll('.receipt-row .receipt-right')].map((el) => el.textContent);
    // The first row's right is the time; then the lines, totals, payments, change and due.
    expect(figures.slice(1)).toEqual(['৭৬০', '৪৫', '৮০৫', '৬০', '৫', '৮৬০', '২০০', '১,০০০', '৩৪০', '০']);
    // Each line by the Bangla names it was sold with; one without keeps its English ones.
    expect([...receipt.querySelectorAll('.receipt-title')].map((el) => el.textContent)).toEqual([
      'মিনিকেট চাল',
      'দেশি আলু Deshi Potato',
    ]);
    expect(receipt.querySelector('.receipt-attri')).toHaveTextContent('৫ কেজি');
    // A weighed line in Bangla: its unit after the quantity and the price.
    expect(within(receipt).getByText('১.২৫ কেজি × ৩৬/কেজি')).toBeVisible();
    expect(receipt).toHaveAccessibleName(/#1234/);
    // The page around it stays in the screen's English.
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    view.unmount();

    // An English customer's receipt is English on a Bangla screen.
    await setLanguage('bn');
    mockApi(answers());
    renderRoutes(routes, '/admin/receipt/1234');
    const english = await screen.findByRole('article');
    await waitFor(() => expect(within(english).getByText('Bazar Mirpur')).toBeVisible());
    expect(english).toHaveAttribute('lang', 'en');
    const latin = [...english.querySelectorAll('.receipt-row .receipt-right')].map((el) => el.textContent);
    expect(latin.slice(1)).toEqual(['760', '45', '805', '60', '5', '860', '200', '1,000', '340', '0']);
  });

  it("uses this computer's paper, and ?paper=58 for one receipt", async () => {
    localStorage.setItem('receipt-paper', '58');
    mockApi(answers());
    const view = renderRoutes(routes, '/admin/receipt/1234');
    expect((await screen.findByRole('article')).className).toBe('receipt receipt-58');
    expect(screen.getByLabelText('Receipt paper')).toHaveValue('58');
    view.unmount();
    expect(document.head.querySelector('style[data-printed-page]')).toBeNull();
    localStorage.setItem('receipt-paper', '80');
    renderRoutes(routes, '/admin/receipt/1234?paper=58');
    expect((await screen.findByRole('article')).className).toBe('receipt receipt-58');
  });

  it('prints at once with ?print=1 and goes back to a clean till when the dialog closes', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    mockApi(answers());
    const { router } = renderRoutes(routes, '/admin/receipt/1234?print=1&then=pos');
    await screen.findByRole('article');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    // A reload does not print again.
    expect(router.state.location.search).toBe('?then=pos');
    expect(screen.getByRole('status').textContent).toBe('Change: 340 BDT');
    window.dispatchEvent(new Event('afterprint'));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/pos');
    expect(router.state.location.state).toEqual({ lastSale: { id: 1234, change: 340 } });
  });

  it('goes back to the till with Esc after a sale, and stays for a reprint', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    mockApi(answers());
    const first = renderRoutes(routes, '/admin/receipt/1234?print=1&then=pos');
    await screen.findByRole('article');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/pos');
    first.unmount();

    renderRoutes(routes, '/admin/receipt/1234?print=1');
    await screen.findByRole('article');
    window.dispatchEvent(new Event('afterprint'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('location')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the orders' })).toHaveAttribute('href', '/admin/orders');
  });

  it("shows the till's provisional number beside the order's for a sale synced from the outbox", async () => {
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    mockApi(answers({ ...sale, provisional: 'T-K3F9C2-7' }));
    const { router } = renderRoutes(routes, '/admin/receipt/1234?print=1&then=pos');
    const receipt = await screen.findByRole('article', { name: 'Receipt of order #1234 · T-K3F9C2-7' });
    expect(rows(receipt)[0]).toBe('Order #1234 · T-K3F9C2-7 | 25 Nov 2026, 3:04 pm');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Receipt of order #1234 · T-K3F9C2-7');
    expect(within(receipt).queryByText(/Provisional number/)).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await screen.findByTestId('location');
    expect(router.state.location.state).toEqual({
      lastSale: { id: 1234, change: 340, provisional: 'T-K3F9C2-7' },
    });
  });

  it('prints a return receipt with the returned lines and the refund', async () => {
    mockApi(answers(returned));
    renderRoutes(routes, '/admin/receipt/1234?return=5');
    const receipt = await screen.findByRole('article', { name: 'Return receipt #5 of order #1234' });
    expect(within(receipt).getByText('RETURN')).toBeVisible();
    expect(within(receipt).getByText('Cashier: Karim')).toBeVisible();
    expect(rows(receipt)).toEqual([
      'Return #5 of order #1234 | 25 Nov 2026, 4:30 pm',
      'loose 1.25 kg x 36/kg | 45',
      'Returned value | 45',
      'Refund Cash | 45',
    ]);
    expect(within(receipt).getByText('Reason: Soft potatoes')).toBeVisible();
  });

  it('says so when the order has no such return', async () => {
    mockApi(answers(returned));
    renderRoutes(routes, '/admin/receipt/1234?return=9');
    expect(await screen.findByText('Order #1234 has no return #9.')).toBeVisible();
  });
});

describe('ReceiptPage with a receipt printer on this computer', () => {
  const printer = {
    kind: 'serial' as const,
    vendorId: 0x0483,
    productId: 0x5743,
    serialNumber: null,
    name: '',
    baudRate: 9600,
  };

  beforeEach(() => {
    storePrinter(printer);
    vi.stubGlobal('navigator', { ...navigator, serial: {} });
    vi.mocked(printDocument).mockReset();
    vi.mocked(printDocument).mockResolvedValue(undefined);
  });

  afterEach(() => storePrinter(null));

  /** The till after a sale: the receipt with `?print=1&then=pos` and the sale's change. */
  async function afterSale(order = sale) {
    mockApi(answers(order));
    const view = renderRoutes(routes, '/admin/pos');
    await view.router.navigate('/admin/receipt/1234?print=1&then=pos', { state: { change: 340 } });
    return view;
  }

  it('prints the receipt on it without a dialog, opens the drawer for the cash, and goes back to the till', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { router } = await afterSale();
    await waitFor(() => expect(printDocument).toHaveBeenCalledTimes(1));
    const [document, chosen, paper] = vi.mocked(printDocument).mock.calls[0]!;
    expect(chosen).toEqual(printer);
    expect(paper).toBe('80');
    expect(document.drawer).toBe(true);
    expect(document.lines).toContainEqual({ kind: 'row', left: 'Subtotal', right: '860', bold: true });
    expect(document.lines).toContainEqual({ kind: 'barcode', value: '#1234' });
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/pos');
    expect(router.state.location.state).toEqual({ lastSale: { id: 1234, change: 340 } });
    expect(print).not.toHaveBeenCalled();
  });

  it('never opens the drawer for a sale without cash, a reprint, or the Print button', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const bkash = { ...sale, payments: sale.payments.filter((p) => p.method !== 'cash') };
    const first = await afterSale(bkash);
    await waitFor(() => expect(printDocument).toHaveBeenCalledTimes(1));
    expect(vi.mocked(printDocument).mock.calls[0]![0].drawer).toBe(false);
    await screen.findByTestId('location');
    first.unmount();

    // Reprint from the till: no change passed, the same receipt, the drawer stays shut.
    mockApi(answers());
    renderRoutes(routes, '/admin/receipt/1234?print=1&then=pos');
    await waitFor(() => expect(printDocument).toHaveBeenCalledTimes(2));
    expect(vi.mocked(printDocument).mock.calls[1]![0].drawer).toBe(false);
    await screen.findByTestId('location');
  });

  it('the Print button prints on it again (no drawer), on the paper shown', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    localStorage.setItem('receipt-paper', '58');
    mockApi(answers());
    renderRoutes(routes, '/admin/receipt/1234');
    await screen.findByRole('article');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printDocument).toHaveBeenCalledTimes(1));
    const [document, , paper] = vi.mocked(printDocument).mock.calls[0]!;
    expect(document.drawer).toBe(false);
    expect(paper).toBe('58');
    expect(print).not.toHaveBeenCalled();
  });

  it('when it fails: says why on the page, prints through the dialog, and keeps the receipt on the screen', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(printDocument).mockRejectedValue(Object.assign(new Error('gone'), { reason: 'timeout' }));
    await afterSale();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const said =
      'The receipt printer did not print: it did not answer in time. The print dialog opens instead.';
    expect(await screen.findByText(said, { selector: '.alert' })).toBeVisible();
    // The dialog closed: the cashier still sees the receipt and why; Enter or Esc goes on.
    window.dispatchEvent(new Event('afterprint'));
    expect(screen.getByRole('article', { name: 'Receipt of order #1234' })).toBeVisible();
    expect(screen.queryByTestId('location')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/pos');
  });
});
