import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
// The reader's WebAssembly as one of the app's own files: the polyfill would fetch it from a CDN,
// which a shop without internet (or its content security policy) cannot reach.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { BarcodeReader } from './barcode-reader';

/**
 * The `barcode-detector` polyfill (ZXing-C++ in WebAssembly) for browsers without the Barcode
 * Detection API (Firefox, Safari, Chrome on a computer). Only barcode-reader.ts imports this, and
 * lazily: the polyfill and its 1 MB of WebAssembly are fetched only when a camera is used there.
 */
export async function zxingReader(formats: BarcodeFormat[]): Promise<BarcodeReader> {
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats });
}
