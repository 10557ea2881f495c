import type { ScaleRule } from './settings';

/** EAN-13 check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/**
 * Labels the shop's scales print (EAN-13): a 2-digit prefix of one of the shop's rules, the
 * product's 5-digit item code (PLU), 5 digits of weight in grams or price in poisha, a check digit.
 * Pure, shared by the server's lookup (barcode-lookup.service.ts) and the offline till, decides what a label is worth against a product.
 */
const LABEL = /^(\d{2})(\d{5})(\d{5})\d$/;

export type ScaleLabel = {
  kind: ScaleRule['kind'];
  /** The product's scale item code. */
  plu: string;
  /** Grams (`weight`) or poisha (`price`), 1 to 99,999. */
  value: number;
};

/**
 * A code read against the rules: `none` when it is no rule's label (an ordinary barcode), a label,
 * or a label that cannot be a sale (a wrong check digit; a weight or price of 0).
 */
export type LabelReading =
  | { is: 'none' }
  | { is: 'label'; label: ScaleLabel }
  | { is: 'wrong-check-digit' }
  | { is: 'zero'; kind: ScaleRule['kind'] };

export function parseScaleLabel(code: string, rules: readonly ScaleRule[]): LabelReading {
  const m = LABEL.exec(code);
  if (!m) return { is: 'none' };
  const [, prefix, plu = '', value = ''] = m;
  const rule = rules.find((r) => r.prefix === prefix);
  if (!rule) return { is: 'none' };
  if (ean13CheckDigit(code.slice(0, 12)) !== Number(code[12])) return { is: 'wrong-check-digit' };
  if (Number(value) === 0) return { is: 'zero', kind: rule.kind };
  return { is: 'label', label: { kind: rule.kind, plu, value: Number(value) } };
}

/**
 * The value a label of the shop's format carries (digits 8 to 12): for a price label, its price in
 * poisha. For a code already read as a label (`parseScaleLabel`); a till's receipt before sync reads
 * a price label's price from the code its line kept.
 */
export const labelValueOf = (code: string): number => Number(code.slice(7, 12));

/** `num / den` rounded half up to a whole number, exactly (integers: num ≥ 0, den > 0). */
export function divideHalfUp(num: number, den: number): number {
  return Math.floor((2 * num + den) / (2 * den));
}

/**
 * How much of the product a label sells, in 0.01 steps (rounded half up): a weight label's grams
 * in kg; a price label's poisha over the unit price the till charges (the offer price if there is
 * one, else the price). `no-price`: a price label of a product that costs 0 cannot be read;
 * `too-small`: the label rounds to 0.00, which is not a sale.
 */
export function labelQuantity(
  label: ScaleLabel,
  unitPrice: number,
): { quantity: number } | { problem: 'no-price' | 'too-small' } {
  let hundredths: number;
  if (label.kind === 'weight') {
    // quantity = grams / 1000 kg, so in hundredths it is grams / 10.
    hundredths = divideHalfUp(label.value, 10);
  } else {
    if (unitPrice <= 0) return { problem: 'no-price' };
    // quantity = (poisha / 100) / unit price, so in hundredths it is poisha / unit price.
    hundredths = divideHalfUp(label.value, unitPrice);
  }
  if (hundredths === 0) return { problem: 'too-small' };
  return { quantity: hundredths / 100 };
}

/** A label with this prefix for an item code and value (grams or poisha), with its check digit: tests and the bench. */
export function makeScaleLabel(prefix: string, plu: string, value: number): string {
  const body = `${prefix}${plu}${String(value).padStart(5, '0')}`;
  return `${body}${ean13CheckDigit(body)}`;
}
