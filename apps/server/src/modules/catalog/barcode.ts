import { ean13CheckDigit, isValidEan13 } from '@bazar/contracts/scale-labels';

export { ean13CheckDigit, isValidEan13 };

/** In-store EAN-13: prefix 20 (reserved for in-store use), ten digits of `n`, check digit. */
export function inStoreEan13(n: number): string {
  const body = `20${String(n % 10_000_000_000).padStart(10, '0')}`;
  return `${body}${ean13CheckDigit(body)}`;
}
