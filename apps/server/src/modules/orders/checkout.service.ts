import type { ShopLanguage } from '@bazar/contracts/common';
import type { SlotChoice } from '@bazar/contracts/delivery';
import type { Order } from '@bazar/contracts/orders';
import { areaCharge } from '@bazar/contracts/settings';
import { say } from '@bazar/contracts/messages';
import { isUniqueViolation } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AppError, TooManyRequests } from '../../lib/errors';
import { limits } from '../../lib/rate-limit';
import type { SessionUser } from '../auth/auth.repository';
import { chosenSlot } from '../delivery/delivery.service';
import { shopAreas, shopSettings } from '../settings/settings.service';
import type { Sms } from '../sms/sms.outbox';
import { smsTexts, staffOrderText } from '../sms/sms-texts';
import { movesAsArrays, ShortStock } from '../stock/stock.service';
import {
  assertWholePieces,
  lineValues,
  priceLines,
  stockLines,
  subtotalOf,
  type LineInput,
} from './order-lines';
import { findByIdempotencyKey } from './orders.repository';
import { placeOrder, storedOrder, type OrderWrite } from './place.service';

export type OnlineOrderInput = {
  name: string;
  phone: string;
  address: string;
  area: string;
  note?: string | null | undefined;
  carts: LineInput[];
  /** The storefront's language: stored as the customer's, and the confirmation is written in it. */
  lang?: ShopLanguage | undefined;
  /** The delivery slot chosen (required when the shop has slots). */
  slot?: SlotChoice | null | undefined;
  /** How the customer means to pay: online (bKash, SSLCommerz) or on delivery (the default). */
  payment?: 'cod' | 'bkash' | 'sslcommerz' | undefined;
};

/** Marks where the order's id goes in a text written before the id exists (no text holds it). */
const ID_MARK = '\u0000';

/**
 * A storefront order (checkout), placed the one way every order is (place.service.ts): priced from
 * the locked products (offer price, else price; shipping is the area's own charge, else the
 * settings'; no discount, nothing paid). A line the shop cannot fill refuses the whole order (409,
 * nothing changes): an online order never oversells. When the shop has delivery slots the order
 * books one: a missing, unknown or closed slot is refused before anything is locked, a full one
 * under the slot's lock. The same Idempotency-Key again answers the order made the first time.
 * Abuse limits (unless RATE_LIMIT=off): so many orders per account an hour, so many open unpaid
 * orders per account. The staff numbers get an alert; the confirmation goes to the account's own
 * phone only (never to a number typed into the form), in the storefront's language.
 */
export async function placeOnlineOrder(
  ctx: Ctx,
  user: SessionUser,
  input: OnlineOrderInput,
  idempotencyKey: string | undefined,
): Promise<{ order: Order; replay: boolean }> {
  const key = idempotencyKey ?? null;
  if (ctx.limiter.enabled)
    await ctx.limiter.hit(limits.ordersAccount(user.id, ctx.config.limits.ordersPerHour));
  // Read before the transaction: inside it they would need a second pool connection.
  const settings = await shopSettings(ctx);
  // The browser's ship is never read: the area's charge, else the settings'.
  const ship = areaCharge(await shopAreas(ctx), input.area, settings.ship);
  const slot = chosenSlot(ctx, settings.deliverySlots, input.slot);
  const lang = input.lang ?? user.lang;
  const staff = settings.smsNumbers.split(',').filter(Boolean);
  // A customer who pays online is told the order is placed when the payment is confirmed
  // (payments.service), not before: the customer's text goes now only with cash on delivery.
  const paysOnline = input.payment === 'bkash' || input.payment === 'sslcommerz';
  const customerPhone = paysOnline ? null : user.phone;
  // Which texts the per-phone caps let through depends on the phones alone, not on the words.
  const allowed = await ctx.sms.select(
    ctx.db,
    textsOf(staff, customerPhone, lang, { id: '', total: 0, ...input }),
  );
  const maxOpen = ctx.limiter.enabled ? ctx.config.limits.openOrders : null;
  const productIds = [...new Set(input.carts.map((l) => l.product_id))];
  try {
    return await placeOrder(ctx, {
      channel: 'storefront',
      turn: { slot: slot && `${slot.date} ${slot.start}`, account: maxOpen === null ? null : user.id },
      lock: {
        productIds,
        replay: key === null ? null : { userId: user.id, key },
        tillReplay: null,
        slot,
        openOf: maxOpen === null ? null : user.id,
        customerPhone: null,
        shiftOf: null,
      },
      judge: (locked, stock): OrderWrite => {
        if (maxOpen !== null && locked.openOrders >= maxOpen) {
          throw new TooManyRequests(
            say('orders.openOrders', { count: locked.openOrders }),
            undefined,
            'order_limit',
          );
        }
        if (slot && locked.slotBooked >= slot.capacity) {
          throw new AppError(409, 'slot_full', say('delivery.slotFull'));
        }
        const lines = input.carts.map((l) => ({ productId: l.product_id, quantity: l.quantity }));
        const short = stock.shortages(lines);
        if (short.length) throw new ShortStock(short);
        assertWholePieces(input.carts, stock);
        const priced = priceLines(input.carts, stock);
        const subtotal = subtotalOf(priced, ship);
        const order = {
          userId: user.id,
          name: input.name,
          phone: input.phone,
          address: input.address,
          area: input.area,
          note: input.note ?? '',
          subtotal,
          ship,
          discount: 0,
          paid: 0,
          due: subtotal + ship,
          status: 0,
          online: true,
          terminal: 0,
          idempotencyKey: key,
          staffId: null,
          shiftId: null,
          clientId: null,
          provisional: null,
          differences: null,
          synced: false,
          createdAt: null,
          slot: slot && { date: slot.date, start: slot.start, end: slot.end },
        };
        const texts = textsOf(staff, customerPhone, lang, { ...order, id: ID_MARK, total: order.due });
        const sms = texts.filter((t) => allowed.some((a) => a.to === t.to && a.kind === t.kind));
        return {
          order: { ...order, toldPlaced: sms.some((t) => t.kind === 'order') },
          lines: lineValues(priced),
          moves: movesAsArrays(stock.movesOf(stockLines(priced), 'out')),
          payments: [],
          balance: null,
          lang: input.lang ?? null,
          sms: sms.map(splitAtId),
          now: ctx.clock.now(),
        };
      },
      details: () => ({ lang }),
    });
  } catch (err) {
    // The same key twice at once: the unique index let one through. Or the first attempt took the
    // last units while this resend waited: the stored order is the answer either way.
    if (key !== null && (isUniqueViolation(err) || err instanceof ShortStock)) {
      const existing = await findByIdempotencyKey(ctx.db, user.id, key);
      const order = existing && (await storedOrder(ctx, existing.id));
      if (order) return { order, replay: true };
    }
    throw err;
  }
}

/**
 * The texts an online order sends: the staff alerts (English) and the customer's confirmation in
 * `lang`, the customer's language as this order leaves it (none when `phone` is null: paid online,
 * the customer hears when the payment is confirmed).
 */
function textsOf(
  staff: string[],
  phone: string | null,
  lang: ShopLanguage,
  o: { id: string; total: number; name: string; phone: string; area: string },
): Sms[] {
  return [
    ...staff.map((to) => ({ to, kind: 'staff' as const, message: staffOrderText(o) })),
    ...(phone === null
      ? []
      : [{ to: phone, kind: 'order' as const, message: smsTexts(lang).orderPlaced(o) }]),
  ];
}

/** A text written around ID_MARK as the write statement splices the new order's id into it. */
function splitAtId(text: Sms): { to: string; kind: string; before: string; after: string } {
  const [before = '', after = '', ...rest] = text.message.split(ID_MARK);
  // Every order text names the id once; a NUL typed into the form makes more marks, and PostgreSQL
  // then refuses the order's own row (422) whatever the text says.
  if (rest.length)
    return { to: text.to, kind: text.kind, before: text.message.replaceAll(ID_MARK, ''), after: '' };
  return { to: text.to, kind: text.kind, before, after };
}
