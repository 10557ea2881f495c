import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ReceiptPrinterCard } from './printer-card';
import { storedPrinter, storePrinter, type StoredPrinter } from './printer-store';
import { choosePrinter, closePrinter, printDocument } from './thermal-job';

// The printing code (encoder, drivers) is the browser's: here stand-ins that answer as a printer
// would. The bytes are escpos.test.ts's, a real device's chooser e2e/till-printer.spec.ts's.
vi.mock('./thermal-job', () => ({ choosePrinter: vi.fn(), closePrinter: vi.fn(), printDocument: vi.fn() }));

const serial: StoredPrinter = {
  kind: 'serial',
  vendorId: 0x0483,
  productId: 0x5743,
  serialNumber: null,
  name: '',
  baudRate: 9600,
};

const card = () => screen.getByRole('region', { name: 'Receipt printer' });

beforeEach(() => {
  for (const fn of [choosePrinter, closePrinter, printDocument]) vi.mocked(fn).mockReset();
  vi.mocked(closePrinter).mockResolvedValue(undefined);
  vi.mocked(printDocument).mockResolvedValue(undefined);
  vi.stubGlobal('navigator', { ...navigator, serial: {}, usb: {} });
  storePrinter(null);
});

describe('ReceiptPrinterCard', () => {
  it('says so where the browser cannot reach a printer: receipts print through the dialog', () => {
    vi.stubGlobal('navigator', { ...navigator, serial: undefined, usb: undefined });
    render(<ReceiptPrinterCard />);
    expect(within(card()).getByRole('status')).toHaveTextContent(
      'This browser cannot talk to a receipt printer (Chrome or Edge on a computer can): receipts print through the print dialog.',
    );
    expect(within(card()).queryByRole('button')).toBeNull();
    // The paper still matters to the dialog's receipts.
    expect(within(card()).getByLabelText('Receipt paper')).toHaveValue('80');
  });

  it('chooses a serial printer, keeps it in this browser, prints a test page on its paper, forgets it', async () => {
    vi.mocked(choosePrinter).mockResolvedValue(serial);
    render(<ReceiptPrinterCard />);
    expect(within(card()).getByTestId('receipt-printer')).toHaveTextContent(
      'No printer chosen: receipts print through the print dialog.',
    );
    expect(within(card()).queryByRole('button', { name: 'Print a test page' })).toBeNull();
    fireEvent.click(within(card()).getByRole('button', { name: 'Choose serial printer' }));
    expect(await within(card()).findByText('Printer: Serial port (USB 0483:5743)')).toBeVisible();
    expect(choosePrinter).toHaveBeenCalledWith('serial', 9600);
    expect(storedPrinter()).toEqual(serial);

    fireEvent.change(within(card()).getByLabelText('Receipt paper'), { target: { value: '58' } });
    fireEvent.click(within(card()).getByRole('button', { name: 'Print a test page' }));
    expect(await within(card()).findByRole('status')).toHaveTextContent('Test page sent to the printer.');
    const [page, printer, paper] = vi.mocked(printDocument).mock.calls[0]!;
    expect([printer, paper]).toEqual([serial, '58']);
    expect(page.drawer).toBe(false);
    expect(page.lines).toContainEqual({ kind: 'text', text: '12345678901234567890123456789012' });

    // A new speed: kept, and the port opens again at it on the next print.
    fireEvent.change(within(card()).getByLabelText('Serial speed (baud)'), { target: { value: '115200' } });
    await waitFor(() => expect(storedPrinter()?.baudRate).toBe(115200));
    expect(closePrinter).toHaveBeenCalledTimes(1);

    fireEvent.click(within(card()).getByRole('button', { name: 'Forget printer' }));
    expect(await within(card()).findByRole('status')).toHaveTextContent(
      'Printer forgotten: receipts print through the print dialog.',
    );
    expect(storedPrinter()).toBeNull();
  });

  it('says when no printer was chosen, and why a test page did not print', async () => {
    vi.mocked(choosePrinter).mockResolvedValue(null);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<ReceiptPrinterCard />);
    fireEvent.click(within(card()).getByRole('button', { name: 'Choose USB printer' }));
    expect(await within(card()).findByRole('status')).toHaveTextContent('No printer was chosen.');
    expect(choosePrinter).toHaveBeenCalledWith('usb', 9600);

    storePrinter({ ...serial, kind: 'usb', name: 'EPSON TM-T20III' });
    expect(await within(card()).findByText('Printer: EPSON TM-T20III (USB)')).toBeVisible();
    vi.mocked(printDocument).mockRejectedValue(Object.assign(new Error('gone'), { reason: 'notConnected' }));
    fireEvent.click(within(card()).getByRole('button', { name: 'Print a test page' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'The receipt printer: it is not connected (check its cable and power, or choose it again in Setting).',
    );
  });
});
