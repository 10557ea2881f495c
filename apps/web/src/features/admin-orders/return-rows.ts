import { hundredths } from '@bazar/contracts/money';
import { paymentMethodSchema, referenceSchema, returnBody } from '@bazar/contracts/orders';
import { z } from 'zod';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import type { TFunction } from '../../lib/i18n/i18n';
import { REFUND_METHODS, type Order, type PaymentMethod } from './orders-api';

/** One product of the order as it can come back: the first line's price, what is left of it. */
export interface ReturnRow {
  product_id: number;
  title: string;
  attri: string;
  title_bn: string;
  attri_bn: string;
  price: number;
  /** Sold less what came back before, as the server counts it. */
  left: number;
}

/** The order's products that can still come back (lines of one product taken together). */
export function returnRows(order: Order): ReturnRow[] {
  const rows = new Map<number, ReturnRow & { h: number }>();
  for (const line of order.carts) {
    if (line.product_id === null) continue;
    const h = hundredths(line.quantity) - hundredths(line.returned);
    const row = rows.get(line.product_id);
    if (row) row.h += h;
    else
      rows.set(line.product_id, {
        product_id: line.product_id,
        title: line.title || line.product.title,
        attri: line.attri,
        title_bn: line.title_bn ?? '',
        attri_bn: line.attri_bn ?? '',
        price: line.price,
        left: 0,
        h,
      });
  }
  return [...rows.values()]
    .map(({ h, ...row }) => ({ ...row, left: Math.max(0, h) / 100 }))
    .filter((row) => row.left > 0);
}

/** The refund's choices: money in hand, or into the customer's advance balance. */
export const BACK_METHODS: readonly PaymentMethod[] = [...REFUND_METHODS, 'balance'];

export const quantityOf = returnBody.shape.lines.element.shape.quantity;

/** The return body as the form holds it: a quantity per row (empty: not coming back). */
export function returnSchema(rows: readonly ReturnRow[], t: TFunction) {
  return z
    .object({
      lines: z.array(z.object({ quantity: quantityOf.optional() })),
      method: paymentMethodSchema,
      reference: referenceSchema,
      reason: returnBody.shape.reason,
    })
    .superRefine((values, ctx) => {
      let any = false;
      values.lines.forEach((line, index) => {
        const row = rows[index];
        if (line.quantity === undefined || !row) return;
        any = true;
        if (hundredths(line.quantity) > hundredths(row.left)) {
          ctx.addIssue({
            code: 'custom',
            path: ['lines', index, 'quantity'],
            message: t('adminOrders.returns.atMost', { available: row.left }),
          });
        }
      });
      if (!any) ctx.addIssue({ code: 'custom', path: ['lines'], message: t('adminOrders.returns.choose') });
    });
}
export type ReturnValues = z.output<ReturnType<typeof returnSchema>>;
export type ReturnInput = z.input<ReturnType<typeof returnSchema>>;

/** What a refused return says: the lines that cannot come back (409), the refund's message (422), else the server's. */
export function returnFailure(error: unknown, t: TFunction): string[] {
  if (isApiError(error, 409)) {
    const lines = (
      error.body as { lines?: { title: string; attri: string; available: number }[] } | undefined
    )?.lines;
    if (lines?.length) return lines.map((line) => t('adminOrders.returns.short', line));
  }
  if (isApiError(error, 422) && error.errors) {
    const texts = Object.values(error.errors).flat();
    if (texts.length) return texts;
  }
  return [serverMessage(error, t('common.somethingWrong'))];
}
