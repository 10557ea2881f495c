/** EAN-13 check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** In-store EAN-13: prefix 20 (reserved for in-store use), ten digits of `n`, check digit. */
export function inStoreEan13(n: number): string {
  const body = `20${String(n % 10_000_000_000).padStart(10, '0')}`;
  return `${body}${ean13CheckDigit(body)}`;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}
