// The two printer drivers ship JavaScript without types: what printer.ts uses of them.

declare module '@point-of-sale/webserial-receipt-printer' {
  interface SerialConnected {
    type: 'serial';
    vendorId: number | null;
    productId: number | null;
  }
  export default class WebSerialReceiptPrinter {
    constructor(options?: { baudRate?: number });
    connect(): Promise<void>;
    reconnect(previous: { vendorId: number | null; productId: number | null }): Promise<void>;
    disconnect(): Promise<void>;
    listen(): Promise<boolean>;
    print(command: Uint8Array): Promise<void>;
    /** Writes the queued commands to the port; print() starts it without waiting for it. */
    run(): Promise<void>;
    addEventListener(name: 'connected', listener: (device: SerialConnected) => void): void;
    addEventListener(name: 'disconnected', listener: () => void): void;
  }
}

declare module '@point-of-sale/webusb-receipt-printer' {
  interface UsbConnected {
    type: 'usb';
    vendorId: number;
    productId: number;
    manufacturerName?: string;
    productName?: string;
    serialNumber?: string;
    language: string;
    codepageMapping: string;
  }
  export default class WebUSBReceiptPrinter {
    constructor(options?: object);
    connect(): Promise<void>;
    reconnect(previous: {
      vendorId: number | null;
      productId: number | null;
      serialNumber: string | null;
    }): Promise<void>;
    disconnect(): Promise<void>;
    print(command: Uint8Array): Promise<void>;
    addEventListener(name: 'connected', listener: (device: UsbConnected) => void): void;
    addEventListener(name: 'disconnected', listener: () => void): void;
  }
}
