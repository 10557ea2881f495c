import { z } from 'zod';
import { say } from './messages';

/**
 * A receipt's barcode, and the number a cashier types to return a sale from the till.
 *
 * The barcode holds `#` then the receipt's number: the order's id (`#1234`) or, for a sale made
 * offline, the provisional number it was printed with (`#T-A1-7`). `#` is outside what a product's
 * barcode may hold (the characters of Code 39), so a scan into the till's product box is a receipt
 * or a product by its form alone, never by which one happens to exist: a shop whose own product
 * codes are short numbers ("1001") still returns order 1001 by its receipt. Typed by hand in the
 * till's "Return a sale" box, the `#` may be left out.
 */
export const RECEIPT_MARK = '#';

/** Which sale a receipt names: an order's id, or the provisional number of a sale made offline. */
export type ReceiptRef = { id: number } | { provisional: string };

const ID = /^[1-9]\d{0,9}$/;
const PROVISIONAL = /^T-[A-Z0-9]{1,8}-[1-9]\d{0,8}$/;

/** What the barcode of the receipt with this number holds. */
export const receiptBarcodeValue = (receiptNo: string) => `${RECEIPT_MARK}${receiptNo}`;

/**
 * The sale a scanned or typed text names, or null when it names none. With `markRequired` (the
 * product box, where a bare number is a product's code) only `#…` counts. A scanner whose Caps Lock
 * is on types `t-a1-7`: the letters are read as capitals; Bangla digits are read as digits.
 */
export function receiptRefOf(text: string, { markRequired }: { markRequired: boolean }): ReceiptRef | null {
  // A cashier typing with a Bangla keyboard types ১২৩৪.
  let rest = text.trim().replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
  if (rest.startsWith(RECEIPT_MARK)) rest = rest.slice(RECEIPT_MARK.length).trim();
  else if (markRequired) return null;
  if (ID.test(rest)) {
    const id = Number(rest);
    return id <= 2_147_483_647 ? { id } : null;
  }
  const upper = rest.toUpperCase();
  return PROVISIONAL.test(upper) ? { provisional: upper } : null;
}

/** The number as a receipt prints it (`1234`, `T-A1-7`): what `receiptRefOf` read, written back. */
export const receiptNumberOf = (ref: ReceiptRef) => ('id' in ref ? String(ref.id) : ref.provisional);

/**
 * `GET /api/order/receipt/{number}`: the number as printed (`1234` or `T-A1-7`; a leading `#`, small
 * letters and Bangla digits too), given on as the printed form.
 */
export const receiptParams = z.object({
  number: z
    .string()
    .max(40)
    .transform((text, ctx) => {
      const ref = receiptRefOf(text, { markRequired: false });
      if (ref) return receiptNumberOf(ref);
      ctx.addIssue({ code: 'custom', message: say('till.receiptNumber') });
      return z.NEVER;
    }),
});
