import WebSerialReceiptPrinter from '@point-of-sale/webserial-receipt-printer';
import WebUSBReceiptPrinter from '@point-of-sale/webusb-receipt-printer';
import { printerApi, type PrinterKind, type StoredPrinter } from './printer-store';

/**
 * The device side of printing, on the @point-of-sale drivers: a USB printer by WebUSB, a serial
 * one (or a USB printer whose Windows driver makes it a COM port) by Web Serial. Choosing asks the
 * browser's device chooser (from a click); afterwards this page reconnects to the chosen printer by
 * what the driver told of it (USB ids, serial number), without asking again. One connection per
 * page, one print at a time. A print that cannot reach the printer, or that it does not take in
 * time, fails with a PrinterError: the caller falls back to the print dialog (print-thermal.ts).
 */

/** Why a print did not happen; print-thermal.ts says each to the cashier. */
export type PrinterFailure = 'notConnected' | 'timeout' | 'failed' | 'notEscPos';

class PrinterError extends Error {
  constructor(
    readonly reason: PrinterFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PrinterError';
  }
}

/**
 * The serial driver's print() queues the bytes and starts writing without waiting for the write;
 * this one waits for it, so a write the port refuses is known (and the next print starts clean).
 */
class SerialPrinter extends WebSerialReceiptPrinter {
  #writing: Promise<void> = Promise.resolve();

  override run(): Promise<void> {
    this.#writing = super.run();
    return this.#writing;
  }

  override async print(command: Uint8Array): Promise<void> {
    await super.print(command);
    await this.#writing;
  }
}

interface Link {
  key: string;
  printer: StoredPrinter;
  print(bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** This page's connection; null until the first print (or after a failure, or a disconnect). */
let link: Link | null = null;
/** Prints one after the other. */
let queue: Promise<unknown> = Promise.resolve();

/** A connection serves only the printer (and speed) it was made for. */
const keyOf = (p: StoredPrinter) =>
  [p.kind, p.vendorId, p.productId, p.serialNumber, p.kind === 'serial' ? p.baudRate : ''].join(':');

/** Starts the driver's connect or reconnect and answers what its `connected` event told (null: nothing). */
async function opened<T>(listen: (on: (device: T) => void) => void, start: () => Promise<void>) {
  let device: T | null = null;
  listen((told) => (device = told));
  await start();
  // The drivers tell of a connection on a timer set before their promise settles: wait for it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return device as T | null;
}

async function connectSerial(previous: StoredPrinter | null, baudRate: number): Promise<Link | null> {
  const driver = new SerialPrinter({ baudRate });
  const device = await opened<{ vendorId: number | null; productId: number | null }>(
    (on) => driver.addEventListener('connected', on),
    () => (previous ? driver.reconnect(previous) : driver.connect()),
  );
  if (!device) return null;
  // Reading keeps the driver's reader, which its disconnect() needs to close the port.
  void driver.listen();
  const printer: StoredPrinter = {
    kind: 'serial',
    vendorId: device.vendorId,
    productId: device.productId,
    serialNumber: null,
    name: '',
    baudRate,
  };
  const made: Link = {
    key: keyOf(printer),
    printer,
    print: (bytes) => driver.print(bytes),
    close: () => driver.disconnect(),
  };
  driver.addEventListener('disconnected', () => {
    if (link === made) link = null;
  });
  return made;
}

async function connectUsb(previous: StoredPrinter | null, baudRate: number): Promise<Link | null> {
  const driver = new WebUSBReceiptPrinter();
  const device = await opened<{
    vendorId: number;
    productId: number;
    manufacturerName?: string;
    productName?: string;
    serialNumber?: string;
    language: string;
  }>(
    (on) => driver.addEventListener('connected', on),
    () => (previous ? driver.reconnect(previous) : driver.connect()),
  );
  if (!device) return null;
  if (device.language !== 'esc-pos') {
    await driver.disconnect().catch(() => undefined);
    throw new PrinterError('notEscPos', device.language);
  }
  const printer: StoredPrinter = {
    kind: 'usb',
    vendorId: device.vendorId,
    productId: device.productId,
    serialNumber: device.serialNumber ?? null,
    name: [device.manufacturerName, device.productName].filter(Boolean).join(' '),
    baudRate,
  };
  const made: Link = {
    key: keyOf(printer),
    printer,
    print: (bytes) => driver.print(bytes),
    close: () => driver.disconnect(),
  };
  driver.addEventListener('disconnected', () => {
    if (link === made) link = null;
  });
  return made;
}

const connect = (kind: PrinterKind, previous: StoredPrinter | null, baudRate: number) =>
  kind === 'serial' ? connectSerial(previous, baudRate) : connectUsb(previous, baudRate);

/** Ends this page's connection (a new speed, a forgotten printer); the next print reconnects. */
export async function closePrinter(): Promise<void> {
  const current = link;
  link = null;
  if (current) await current.close().catch(() => undefined);
}

/**
 * Asks the person to choose a printer of this kind (call it from a click: the browser's chooser
 * needs one) and connects to it. Null when none was chosen (the chooser was closed) or it could not
 * be opened; what identifies the printer again when one was.
 */
export async function choosePrinter(kind: PrinterKind, baudRate: number): Promise<StoredPrinter | null> {
  await closePrinter();
  const made = await connect(kind, null, baudRate);
  link = made;
  return made?.printer ?? null;
}

/** How long a print may take: the bytes at the serial speed, with room to spare, and 15 s more. */
const timeoutFor = (bytes: Uint8Array, printer: StoredPrinter) =>
  15_000 + (printer.kind === 'serial' ? Math.ceil((bytes.length * 10 * 1000 * 1.5) / printer.baudRate) : 0);

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrinterError('timeout', `No answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function send(bytes: Uint8Array, printer: StoredPrinter): Promise<void> {
  if (!printerApi(printer.kind)) throw new PrinterError('notConnected', `No ${printer.kind} in this browser`);
  if (!link || link.key !== keyOf(printer)) {
    await closePrinter();
    try {
      link = await connect(printer.kind, printer, printer.baudRate);
    } catch (error) {
      if (error instanceof PrinterError) throw error;
      throw new PrinterError('notConnected', 'The printer could not be opened', { cause: error });
    }
  }
  const current = link;
  if (!current) throw new PrinterError('notConnected', 'The printer is not connected');
  try {
    await withTimeout(current.print(bytes), timeoutFor(bytes, printer));
  } catch (error) {
    // The connection may be stuck half way: the next print opens a new one.
    if (link === current) link = null;
    void current.close().catch(() => undefined);
    if (error instanceof PrinterError) throw error;
    throw new PrinterError('failed', 'The printer did not take the data', { cause: error });
  }
}

/** Sends the bytes to this browser's printer, reconnecting to it first if this page has not yet. */
export function sendToPrinter(bytes: Uint8Array, printer: StoredPrinter): Promise<void> {
  const job = queue.then(() => send(bytes, printer));
  queue = job.catch(() => undefined);
  return job;
}
