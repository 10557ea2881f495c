import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useToasts } from '../../lib/toast';
import { printThermal } from './print-thermal';
import type { PrintedDocument } from './printed-document';
import { storePrinter, type StoredPrinter } from './printer-store';
import { printDocument } from './thermal-job';

// The printing code itself (encoder, WebUSB and Web Serial drivers) is the browser's: here a stand-in
// that says what it was asked to print. The bytes are escpos.test.ts's; the device, e2e/till-printer.spec.ts's.
vi.mock('./thermal-job', () => ({ printDocument: vi.fn() }));

const printer: StoredPrinter = {
  kind: 'serial',
  vendorId: 0x0483,
  productId: 0x5743,
  serialNumber: null,
  name: '',
  baudRate: 9600,
};

const receipt: PrintedDocument = { lines: [{ kind: 'text', text: 'Order #1234' }], drawer: true };

const toasts = () => renderHook(() => useToasts()).result.current.map((toast) => toast.text);

beforeEach(() => {
  vi.mocked(printDocument).mockReset();
  vi.mocked(printDocument).mockResolvedValue(undefined);
  // Chromium on a computer: Web Serial is there.
  vi.stubGlobal('navigator', { ...navigator, serial: {}, usb: undefined });
});

afterEach(() => storePrinter(null));

describe('printThermal', () => {
  it('opens the print dialog at once when no printer is set up on this browser, and loads nothing', async () => {
    const dialog = vi.fn();
    const made = vi.fn(() => receipt);
    const printing = printThermal(made, { dialog });
    // At once: a page that waits for `afterprint` has it registered before the dialog.
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(await printing).toEqual({ by: 'dialog', failure: null });
    expect(made).not.toHaveBeenCalled();
    expect(printDocument).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('opens the print dialog when this browser lacks the printer’s API (another browser, a phone)', async () => {
    storePrinter(printer);
    vi.stubGlobal('navigator', { ...navigator, serial: undefined });
    const dialog = vi.fn();
    expect(await printThermal(receipt, { dialog })).toEqual({ by: 'dialog', failure: null });
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(printDocument).not.toHaveBeenCalled();
  });

  it("prints on the printer without a dialog, on this computer's paper or the one asked for", async () => {
    storePrinter(printer);
    localStorage.setItem('receipt-paper', '58');
    const dialog = vi.fn();
    expect(await printThermal(async () => receipt, { dialog })).toEqual({ by: 'printer' });
    expect(printDocument).toHaveBeenCalledWith(receipt, printer, '58');
    await printThermal(receipt, { dialog, paper: '80' });
    expect(printDocument).toHaveBeenLastCalledWith(receipt, printer, '80');
    expect(dialog).not.toHaveBeenCalled();
  });

  it('falls back to the dialog when the printer fails, and says why', async () => {
    storePrinter(printer);
    // printer.ts's PrinterError: the reason says what to tell the cashier.
    vi.mocked(printDocument).mockRejectedValue(Object.assign(new Error('gone'), { reason: 'notConnected' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dialog = vi.fn();
    const outcome = await printThermal(receipt, { dialog });
    expect(dialog).toHaveBeenCalledTimes(1);
    const said =
      'The receipt printer did not print: it is not connected (check its cable and power, or choose it again in Setting). The print dialog opens instead.';
    expect(outcome).toEqual({ by: 'dialog', failure: said });
    expect(toasts()).toEqual([said]);
  });

  it('falls back to the dialog when anything else throws (the document, the encoder)', async () => {
    storePrinter(printer);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dialog = vi.fn();
    const outcome = await printThermal(
      () => {
        throw new Error('no canvas');
      },
      { dialog },
    );
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({
      by: 'dialog',
      failure: expect.stringContaining('it did not take the data'),
    });
    expect(printDocument).not.toHaveBeenCalled();
  });
});
