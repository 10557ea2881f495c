import { useSyncExternalStore } from 'react';

/**
 * This computer's receipt printer, kept in this browser (localStorage): how it is connected and
 * what identifies it again, so the page reconnects to it without asking (the drivers' reconnect).
 * Small and free of the printer code: screens read it to know whether to print without a dialog,
 * and load the printer code only when they print.
 */
export type PrinterKind = 'usb' | 'serial';

export interface StoredPrinter {
  kind: PrinterKind;
  /** What the driver told when it connected: USB ids (a serial port's, if it is a USB adapter). */
  vendorId: number | null;
  productId: number | null;
  serialNumber: string | null;
  /** The printer's name as the device gives it, or the port's. */
  name: string;
  /** A serial port's speed. */
  baudRate: number;
}

const PRINTER_KEY = 'receipt-printer';
/** The serial speeds a thermal printer is set to (its self-test page says which); 9600 is the usual default. */
export const BAUD_RATES = [9600, 19200, 38400, 57600, 115200] as const;

const listeners = new Set<() => void>();
let cached: { raw: string | null; printer: StoredPrinter | null } = { raw: null, printer: null };

const isId = (value: unknown) => value === null || (typeof value === 'number' && Number.isInteger(value));

function parse(raw: string | null): StoredPrinter | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredPrinter> | null;
    if (!value || (value.kind !== 'usb' && value.kind !== 'serial')) return null;
    if (!isId(value.vendorId) || !isId(value.productId)) return null;
    return {
      kind: value.kind,
      vendorId: value.vendorId ?? null,
      productId: value.productId ?? null,
      serialNumber: typeof value.serialNumber === 'string' ? value.serialNumber : null,
      name: typeof value.name === 'string' ? value.name : '',
      baudRate: BAUD_RATES.includes(value.baudRate as (typeof BAUD_RATES)[number])
        ? (value.baudRate as number)
        : BAUD_RATES[0],
    };
  } catch {
    return null;
  }
}

/** The printer chosen on this browser, or null (none, or storage blocked). */
export function storedPrinter(): StoredPrinter | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(PRINTER_KEY);
  } catch {
    return null;
  }
  if (raw !== cached.raw) cached = { raw, printer: parse(raw) };
  return cached.printer;
}

/** Keeps (or with null forgets) this browser's printer. */
export function storePrinter(printer: StoredPrinter | null) {
  try {
    if (printer) localStorage.setItem(PRINTER_KEY, JSON.stringify(printer));
    else localStorage.removeItem(PRINTER_KEY);
  } catch (error) {
    console.error('Could not keep the receipt printer', error);
  }
  listeners.forEach((listener) => listener());
}

/** Whether this browser can reach a printer of this kind (Web Serial, WebUSB: Chromium on a computer). */
export function printerApi(kind: PrinterKind): boolean {
  return typeof navigator !== 'undefined' && kind in navigator && Boolean(navigator[kind as keyof Navigator]);
}

/** The printer chosen on this browser if this browser can reach it now; null: print through the dialog. */
export function readyPrinter(): StoredPrinter | null {
  const printer = storedPrinter();
  return printer && printerApi(printer.kind) ? printer : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The printer chosen on this browser, drawn again when it changes (here or in another tab). */
export function useStoredPrinter(): StoredPrinter | null {
  return useSyncExternalStore(subscribe, storedPrinter, () => null);
}
