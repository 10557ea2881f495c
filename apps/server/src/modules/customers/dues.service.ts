import { recordAudit, type AuditActor } from '../audit/audit.repository';
import type { CustomerDues } from '@bazar/contracts/customers';
import type { PaymentMethod } from '@bazar/contracts/orders';
import { orderAmounts } from '@bazar/contracts/money';
import { say } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { Invalid, NotFound } from '../../lib/errors';
import * as orders from '../orders/order-payments.repository';
import { shopSettings } from '../settings/settings.service';
import { smsTexts } from '../sms/sms-texts';
import * as repo from './customers.repository';
import { settleDues } from './khata.service';

/** What a customer owes (baki khata): their orders with money due, oldest first. */
export async function customerDues(ctx: Ctx, id: number): Promise<CustomerDues> {
  const customer = await repo.findCustomer(ctx.db, id);
  if (!customer) throw new NotFound(say('customers.notFound'));
  const rows = await orders.openDuesOf(ctx.db, id);
  return {
    customer,
    orders: rows.map((o) => ({
      id: o.id,
      created: o.createdAt.toISOString(),
      total: orderAmounts(o).total,
      paid: o.paid,
      due: o.due,
    })),
  };
}

/**
 * Money against a customer's dues, oldest order first, one payment row per order it reaches (in
 * the open shift of the staff member); more than the customer owes is refused ("Amount is large").
 * With `sms`, the customer gets a receipt by SMS, in their language.
 */
export async function payDues(
  ctx: Ctx,
  staffId: number,
  id: number,
  input: { amount: number; method: PaymentMethod; reference?: string | null | undefined; sms: boolean },
  actor: AuditActor,
): Promise<{ paid: Array<{ order_id: number; amount: number }>; due: number }> {
  const settings = input.sms ? await shopSettings(ctx) : undefined;
  return ctx.db.transaction(async (tx) => {
    const customer = await repo.findCustomer(tx, id, true);
    if (!customer) throw new NotFound(say('customers.notFound'));
    const tender = { method: input.method, amount: input.amount, reference: input.reference ?? null };
    if (tender.method === 'balance') throw new Invalid('method', say('customers.duesMethod'));
    const { owed, paid, due } = await settleDues(tx, id, [{ ...tender, method: tender.method }], staffId);
    await recordAudit(tx, actor, {
      action: 'dues_paid',
      entity: 'customer',
      entityId: id,
      changes: { amount: input.amount, method: input.method, orders: paid, due: [owed, due] },
    });
    if (settings) {
      await ctx.sms.enqueue(tx, [
        {
          to: customer.phone,
          kind: 'message',
          message: smsTexts(customer.lang).duesReceived({
            shop: settings.shopName,
            amount: input.amount,
            due,
          }),
        },
      ]);
    }
    return { paid, due };
  });
}
