import { lineTotal, linesTotal } from '@bazar/contracts/money';
import type { purchaseBody } from '@bazar/contracts/purchases';
import type { z } from 'zod';

/**
 * A line of the New purchase form: what is sent (its quantity and buy price empty until typed or
 * known), and the product's names to show it by.
 */
export type LineValues = {
  product_id: number;
  quantity?: number | undefined;
  buyprice?: number | undefined;
  /** The pack's expiry date (YYYY-MM-DD) and batch code: needed for a product that tracks expiry. */
  expiry?: string | undefined;
  batch?: string | undefined;
  title: string;
  attri: string;
  title_bn: string;
  attri_bn: string;
};

/** The New purchase form's values: contracts' purchaseBody (no supplier chosen yet), lines with names. */
export type PurchaseValues = Omit<z.input<typeof purchaseBody>, 'lines' | 'supplier_id'> & {
  supplier_id?: number | undefined;
  lines: LineValues[];
};

/** What an input holds once read: a number, or what was typed when it is not one. */
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A line's amount by the money rule, or null while its quantity or buy price is not a number. */
export function amountOf(line: Partial<Pick<LineValues, 'quantity' | 'buyprice'>>): number | null {
  return isNumber(line.quantity) && isNumber(line.buyprice) ? lineTotal(line.buyprice, line.quantity) : null;
}

/** The purchase's total as the server counts it (linesTotal), over the lines that are filled in. */
export function purchaseTotal(lines: ReadonlyArray<Partial<Pick<LineValues, 'quantity' | 'buyprice'>>>) {
  return linesTotal(
    lines.flatMap((l) =>
      isNumber(l.quantity) && isNumber(l.buyprice) ? [{ price: l.buyprice, quantity: l.quantity }] : [],
    ),
  );
}

/** The paid field's amount (an empty one is 0), or 0 while it is not a number. */
export const paidOf = (value: unknown) => (isNumber(value) ? value : 0);
