/**
 * Reading barcodes from the camera's picture: the browser's own Barcode Detection API where it has
 * one (Chrome on Android), else the `barcode-detector` polyfill (ZXing compiled to WebAssembly),
 * fetched only then and only from the shop itself (zxing-reader.ts), so a shop without internet
 * still reads codes and no other screen downloads it.
 */

/** A code found in a picture (the part of the API's DetectedBarcode the counting page reads). */
type FoundCode = { rawValue: string };

/** What reads codes from a playing video. */
export type BarcodeReader = { detect: (source: HTMLVideoElement) => Promise<FoundCode[]> };

type DetectorClass = {
  new (options?: { formats?: string[] }): BarcodeReader;
  getSupportedFormats: () => Promise<string[]>;
};

/** The codes on a grocery's shelf: retail codes (EAN, UPC) and what shops print themselves (Code 128 …). */
const FORMATS = [
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'code_128',
  'code_39',
  'code_93',
  'codabar',
  'itf',
] as const;

/** The browser's own detector, when it has one that reads at least one of these formats. */
async function nativeReader(): Promise<BarcodeReader | null> {
  if (!('BarcodeDetector' in window)) return null;
  const Detector = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  const formats = FORMATS.filter((f) => supported.includes(f));
  return formats.length > 0 ? new Detector({ formats }) : null;
}

/**
 * A reader for the camera: the browser's own, else the polyfill (its WebAssembly loaded and
 * compiled before this resolves, so a failure shows now and not at the first picture).
 */
export async function barcodeReader(): Promise<BarcodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const { zxingReader } = await import('./zxing-reader');
  return zxingReader([...FORMATS]);
}
