import { discountNeedsApproval, discountPercent } from '@bazar/contracts/approvals';
import { ORDER_STATUS, WALK_IN_NAME, type Order, type TillPayment } from '@bazar/contracts/orders';
import { SOLD_AT_MAX_AGE_MS, SOLD_AT_MAX_AHEAD_MS, type SaleDifference } from '@bazar/contracts/till';
import { say } from '@bazar/contracts/messages';
import { isUniqueViolation, pgConstraint } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AmountLarge, AppError, ApprovalRequired, Conflict, Invalid } from '../../lib/errors';
import { expiredTaken } from '@bazar/contracts/expiry';
import { tillBatches } from '../stock/batches.repository';
import { shopToday, trackingProducts } from '../stock/batches.service';
import { recordAuditRaw, type AuditActor } from '../audit/audit.repository';
import { can } from '../auth/can';
import { insertApprovalRaw } from '../staff/approvals.repository';
import type { Approver } from '../staff/pin.service';
import type { SessionUser } from '../auth/auth.repository';
import { tillCatalog, type TillCatalogPage } from '../catalog/products.repository';
import { subtotalOf } from '../orders/order-lines';
import { unitOf } from '@bazar/contracts/catalog';
import { parseScaleLabel } from '@bazar/contracts/scale-labels';
import type { ScaleRule } from '@bazar/contracts/settings';
import { shopSettings } from '../settings/settings.service';
import * as repo from '../orders/orders.repository';
import { placeOrder, storedOrder, type OrderWrite } from '../orders/place.service';
import type { OrderLineWrite } from '../orders/place.repository';
import { settle, takeAdvanceOnly, type Tender } from '../orders/settle';
import { movesAsArrays, ShortStock } from '../stock/stock.service';

/**
 * The till's catalogue since a version it holds (0: everything, a page of it when `page` has a
 * limit; ADR 0060).
 */
export const tillCatalogSince = (ctx: Ctx, since: number, page?: TillCatalogPage) =>
  tillCatalog(ctx.db, since, page);

type TillLineInput = {
  product_id: number;
  quantity: number;
  attri?: string | null | undefined;
  title?: string | null | undefined;
  price?: unknown;
  client_id?: string | undefined;
  price_changed?: boolean | undefined;
  unit?: string | undefined;
  label?: string | undefined;
};

export type TillOrderInput = {
  name: string;
  phone: string;
  address: string;
  area: string;
  note?: string | null | undefined;
  ship: number;
  discount: number;
  paid: number;
  method: 'cash' | 'bkash' | 'nagad';
  reference?: string | null | undefined;
  /** Several payments at once; without them `paid` by `method` is the one payment (the spec's till). */
  payments?: TillPayment[] | undefined;
  carts: TillLineInput[];
  /** The till's id of the sale: one order per id, whatever arrives again. */
  client_id?: string | undefined;
  /** When the sale was made (synced after an outage). */
  sold_at?: string | undefined;
  provisional?: string | undefined;
  /** Made with no server: the till's prices hold (the contract checked they are whole taka). */
  offline?: boolean | undefined;
};

/**
 * A sale at the till, placed the one way every order is (orders/place.service.ts). Lines are priced
 * from the locked products like online orders; the till sets shipping, discount and the money
 * received: several payments (cash, bKash, Nagad, card, the customer's advance), cash above the bill
 * coming back as change (settle.ts), or the spec's one `paid` by `method` (never more than what is
 * owed: "Amount is large"). The till sells what is physically there, so stock may go below zero,
 * but a product that no longer exists fails the sale (409). The goods are handed over, so the order
 * is Delivered. It records the cashier and their open shift. With a known customer (by phone) the
 * order is linked to the account; a `balance` payment is taken from their advance (422 if it is
 * not there), and with the spec's `paid` the amount received is taken from the advance first (not
 * below 0), as the spec's till does.
 *
 * A sale from the till's outbox (the offline till) carries `client_id`: sent again (a retry, a lost
 * answer, two tabs) it answers the order stored the first time, unchanged. `sold_at` dates it (and
 * its payments and shift) when it was made. Made `offline`, it keeps the till's prices (the customer
 * paid them), sells a product deleted meanwhile as a line without product, takes from the advance
 * only what is there (the rest stays due), and records every line that differed from the server.
 */
export async function placeTillOrder(
  ctx: Ctx,
  staff: TillSeller,
  input: TillOrderInput,
  idempotencyKey?: string,
  consent: SaleConsent = { approver: null, offline: false, actor: null },
): Promise<{ order: Order; replay: boolean }> {
  // A retried or double-clicked sale with the same key answers the sale already made.
  const key = idempotencyKey ? `${staff.id}:${idempotencyKey}` : null;
  // Judged under the locks, after a resend has had its answer: a sale sent again long after it was
  // made still gets the order stored the first time.
  const soldAt = input.sold_at === undefined ? undefined : new Date(input.sold_at);
  try {
    // A price label's line is checked against the shop's scale rules (Setting).
    const rules = input.carts.some((l) => l.label) ? (await shopSettings(ctx)).scaleRules : [];
    const expiry = await expiryOf(ctx, input);
    return await sell(ctx, staff, input, key, soldAt, consent, rules, expiry);
  } catch (err) {
    if ((key || input.client_id) && isUniqueViolation(err)) {
      const existing = input.client_id
        ? await repo.findOrderByClientId(ctx.db, input.client_id)
        : key
          ? await repo.findTillSaleByKey(ctx.db, key)
          : undefined;
      const same = existing && (await storedOrder(ctx, existing.id));
      if (same) return { order: same, replay: true };
      const constraint = pgConstraint(err);
      if (constraint === 'order_lines_client_id_key' || constraint === 'payments_client_id_key') {
        throw new Conflict(say('till.idClash'));
      }
    }
    throw err;
  }
}

/** What a sale needs to judge expired stock: the batches of the cart's products that track expiry. */
type SaleExpiry = {
  batches: Map<number, Array<{ expiry: string; qty: number }>>;
  rule: 'approval' | 'never';
  today: string;
};

/**
 * The batches of the cart's products that track expiry (read before the sale's locks: a batch
 * written off a moment before is judged as the till saw it). Most carts have none, and the set of
 * products that track expiry is kept with the catalogue, so such a sale reads nothing more.
 */
async function expiryOf(ctx: Ctx, input: TillOrderInput): Promise<SaleExpiry | null> {
  const tracked = await trackingProducts(ctx);
  const ids = [...new Set(input.carts.map((l) => l.product_id))].filter((id) => tracked.has(id));
  if (ids.length === 0) return null;
  const settings = await shopSettings(ctx);
  return {
    batches: await tillBatches(ctx.db, ids),
    rule: settings.expiredSale === 'never' ? 'never' : 'approval',
    today: shopToday(ctx),
  };
}

/** `sold_at` as a time: at most 7 days back, at most 5 minutes ahead of the server's clock. */
function soldAtWithin(ctx: Ctx, soldAt: string): Date {
  const at = new Date(soldAt);
  const now = ctx.clock.now().getTime();
  if (at.getTime() < now - SOLD_AT_MAX_AGE_MS) {
    throw new Invalid('sold_at', say('till.tooOld'));
  }
  if (at.getTime() > now + SOLD_AT_MAX_AHEAD_MS) {
    throw new Invalid('sold_at', say('till.ahead'));
  }
  return at;
}

/** Who sold: the signed-in cashier, or (a sale made offline) the one the till had switched to. */
export type TillSeller = Pick<SessionUser, 'id' | 'name' | 'staffRole' | 'permissions' | 'discountLimit'>;

/**
 * A manager's consent the sale brought (checked before the sale: their PIN, or for a sale made
 * offline the till's check of it), and who to write in the audit trail (null: nobody, a test).
 */
export type SaleConsent = { approver: Approver | null; offline: boolean; actor: AuditActor | null };

/** A line as it is stored: a product's, or (sold offline) one whose product was deleted meanwhile. */
type SaleLine = OrderLineWrite & { sold: number };

function sell(
  ctx: Ctx,
  staff: TillSeller,
  input: TillOrderInput,
  key: string | null,
  soldAt: Date | undefined,
  consent: SaleConsent,
  rules: readonly ScaleRule[],
  expiry: SaleExpiry | null,
): Promise<{ order: Order; replay: boolean }> {
  const offline = input.offline === true;
  // What the sale's judge found needing a manager, written with the order (placeOrder's `after`).
  const approved: Array<{
    kind: 'discount' | 'price' | 'credit' | 'expired';
    detail: Record<string, unknown>;
  }> = [];
  let saleDetail: Record<string, unknown> = {};
  return placeOrder(ctx, {
    channel: offline ? 'till_offline' : 'till',
    turn: { slot: null, account: null },
    lock: {
      productIds: [...new Set(input.carts.map((l) => l.product_id))],
      replay: null,
      tillReplay: { key, clientId: input.client_id ?? null },
      slot: null,
      openOf: null,
      customerPhone: input.phone || null,
      shiftOf: { staffId: staff.id, at: soldAt ?? null },
    },
    judge: (locked, stock): OrderWrite => {
      if (input.sold_at !== undefined) soldAtWithin(ctx, input.sold_at);
      if (!offline) {
        const gone = stock.gone(input.carts.map((l) => l.product_id));
        if (gone.length) throw new ShortStock(gone);
      }
      const differences: SaleDifference[] = [];
      const lines: SaleLine[] = input.carts.map((l, i) => {
        const product = stock.byId.get(l.product_id);
        const labelled = (made: SaleLine): SaleLine =>
          l.label ? { ...made, labelPoisha: labelPoisha(l.label, i, product, rules) } : made;
        const tillPrice = typeof l.price === 'number' ? l.price : 0;
        if (!product) {
          // Sold offline after it was deleted on the server: the till's line, flagged.
          const title = l.title?.trim() || `Product #${l.product_id}`;
          differences.push({
            product_id: l.product_id,
            title,
            attri: l.attri ?? '',
            till_price: tillPrice,
            server_price: null,
          });
          return labelled(
            line(null, { title, attri: l.attri ?? '', unit: l.unit ?? 'pcs' }, tillPrice, 0, l),
          );
        }
        const serverPrice = product.offprice ?? product.price;
        const changedHere = l.price_changed === true && tillPrice !== serverPrice;
        const price = offline || changedHere ? tillPrice : serverPrice;
        if (changedHere) {
          approved.push({
            kind: 'price',
            detail: { product_id: product.id, title: product.title, from: serverPrice, to: tillPrice },
          });
        } else if (price !== serverPrice) {
          differences.push({
            product_id: product.id,
            title: product.title,
            attri: product.attri,
            till_price: price,
            server_price: serverPrice,
          });
        }
        return labelled(line(product.id, product, price, product.buyprice, l));
      });
      // Expired stock: what this sale takes of each product (first-expiring-first) from a batch
      // expired before today needs a manager, or is never sold (Setting). A sale made offline was
      // made: the till asked, and the audit trail keeps what it took.
      if (expiry) {
        const sold = new Map<number, number>();
        for (const l of lines)
          if (l.productId != null) sold.set(l.productId, (sold.get(l.productId) ?? 0) + l.sold);
        for (const [productId, qty] of sold) {
          const p = stock.byId.get(productId);
          const batches = expiry.batches.get(productId);
          if (!p?.trackExpiry || !batches) continue;
          const taken = expiredTaken({ stock: p.qty, batches }, qty, expiry.today);
          if (!taken) continue;
          const detail = { product_id: p.id, title: p.title, qty: taken.qty, expiry: taken.expiry };
          if (expiry.rule === 'never' && !offline) {
            throw new AppError(
              409,
              'expired_stock',
              say('expiry.refused', { title: p.title, qty: taken.qty, date: taken.expiry }),
              undefined,
              detail,
            );
          }
          approved.push({ kind: 'expired', detail });
        }
      }
      const subtotal = subtotalOf(
        lines.map((l) => ({ price: l.price, quantity: l.sold, poisha: l.labelPoisha })),
        input.ship,
      );
      const total = subtotal + input.ship;
      if (input.discount > total) throw new Invalid('discount', say('till.discountTooLarge'));
      const percent = discountPercent(input.discount, total);
      if (discountNeedsApproval(input.discount, total, staff.discountLimit)) {
        approved.unshift({
          kind: 'discount',
          detail: { discount: input.discount, total, percent, limit: staff.discountLimit },
        });
      }
      const owed = total - input.discount;
      saleDetail = { total: owed, discount: input.discount, lines: lines.length };
      const tenders: Tender[] =
        input.payments ??
        (input.paid > 0 ? [{ method: input.method, amount: input.paid, reference: input.reference }] : []);
      if (!input.payments && input.paid > owed) throw new AmountLarge();
      let money = settle(owed, tenders);

      // Money left owing needs someone who owes it: a customer's phone. A walk-in pays in full, or a
      // manager approves the credit.
      const leftOwing = owed - money.paid;
      if (leftOwing > 0 && !input.phone) approved.push({ kind: 'credit', detail: { due: leftOwing } });
      // A named customer may owe up to their credit limit (their own, else the shop's); past it, a
      // manager approves.
      // A phone with no account yet owes nothing so far, under the shop's limit.
      const credit = input.phone
        ? {
            name: locked.customer?.name ?? input.name,
            owes: (locked.customer?.due ?? 0) + leftOwing,
            limit: locked.customer ? locked.customer.credit_limit : locked.shopCreditLimit,
          }
        : null;
      if (leftOwing > 0 && credit && credit.limit !== null && credit.owes > credit.limit) {
        approved.push({ kind: 'credit', detail: { due: leftOwing, owed: credit.owes, limit: credit.limit } });
      }
      // A sale made offline was handed over already: it is kept, and what it lacked is on record.
      if (!offline && approved.length && !can(staff, 'till.approve') && !consent.approver) {
        const first = approved[0]!;
        throw new ApprovalRequired(
          first.kind,
          first.kind === 'discount'
            ? say('approval.discount', { percent, limit: staff.discountLimit ?? 0 })
            : first.kind === 'price'
              ? say('approval.price')
              : first.kind === 'expired'
                ? say('approval.expired', {
                    title: String(first.detail.title),
                    qty: Number(first.detail.qty),
                    date: String(first.detail.expiry),
                  })
                : credit
                  ? say('approval.creditLimit', {
                      name: credit.name,
                      amount: credit.owes,
                      limit: credit.limit ?? 0,
                    })
                  : say('approval.credit', { amount: leftOwing }),
          first.kind === 'expired' ? first.detail : undefined,
        );
      }

      const customer = locked.customer;
      let fromAdvance = money.rows
        .filter((r) => r.method === 'balance')
        .reduce((sum, r) => sum + r.amount, 0);
      if (fromAdvance > 0) {
        if (!customer) throw new Invalid('payments', say('till.advanceNeedsPhone'));
        if (fromAdvance > customer.balance) {
          if (!offline) {
            throw new Invalid('payments', say('orders.advanceBalance', { amount: customer.balance }));
          }
          // The till saw more advance than is left now: take what is there, the rest stays due.
          money = takeAdvanceOnly(money, customer.balance);
          fromAdvance = customer.balance;
        }
      }
      // The spec's till: the amount received lowers the customer's balance (not below 0).
      const balance = !customer
        ? null
        : fromAdvance > 0
          ? customer.balance - fromAdvance
          : !input.payments && money.paid > 0 && customer.balance > 0
            ? Math.max(0, customer.balance - money.paid)
            : customer.balance;
      return {
        order: {
          userId: customer?.id ?? null,
          name: input.name || customer?.name || WALK_IN_NAME,
          phone: input.phone,
          address: input.address || customer?.address || '',
          area: input.area || customer?.area || '',
          note: input.note ?? '',
          subtotal,
          ship: input.ship,
          discount: input.discount,
          paid: money.paid,
          due: owed - money.paid,
          status: ORDER_STATUS.delivered,
          online: false,
          terminal: 1,
          idempotencyKey: key,
          staffId: staff.id,
          shiftId: locked.shiftId,
          clientId: input.client_id ?? null,
          provisional: input.provisional ?? null,
          differences: differences.length ? differences : null,
          synced: input.client_id !== undefined,
          createdAt: soldAt ?? null,
          slot: null,
        },
        lines: lines.map(({ sold: _sold, ...l }) => l),
        moves: movesAsArrays(
          stock.movesOf(
            lines.flatMap((l) => (l.productId == null ? [] : [{ productId: l.productId, quantity: l.sold }])),
            'out',
          ),
        ),
        payments: money.rows,
        balance: customer && balance !== null ? { userId: customer.id, balance } : null,
        lang: null,
        sms: [],
        now: ctx.clock.now(),
      };
    },
    details: (locked) => ({ cashier: staff.name, lang: locked.customer?.lang ?? null }),
    after: async (query, orderId) => {
      const needed = can(staff, 'till.approve') ? [] : approved;
      for (const a of needed) {
        if (!consent.approver) {
          // Offline, with no manager at hand: the audit trail says so.
          if (consent.actor) {
            await recordAuditRaw(query, consent.actor, {
              action: 'approval_missing',
              entity: 'order',
              entityId: orderId,
              changes: { kind: a.kind, staff_id: staff.id, ...a.detail },
            });
          }
          continue;
        }
        await insertApprovalRaw(query, {
          kind: a.kind,
          staffId: staff.id,
          approverId: consent.approver.id,
          orderId,
          detail: a.detail,
          offline: consent.offline,
        });
        if (consent.actor) {
          await recordAuditRaw(query, consent.actor, {
            action: 'approval_given',
            entity: 'order',
            entityId: orderId,
            changes: {
              kind: a.kind,
              staff_id: staff.id,
              approver_id: consent.approver.id,
              approver: consent.approver.name,
              offline: consent.offline,
              ...a.detail,
            },
          });
        }
      }
      if (consent.actor) {
        await recordAuditRaw(query, consent.actor, {
          action: 'sale_made',
          entity: 'order',
          entityId: orderId,
          changes: { ...saleDetail, staff_id: staff.id, ...(offline && { offline: true }) },
        });
      }
    },
  });
}

/**
 * What a line scanned from a price label costs, in poisha: the price the scale printed (ADR 0061).
 * The code must be a price label of one of the shop's rules, of this product's item code (a product
 * deleted since, sold offline, is taken as the till read it). 422 on the line's `label` otherwise.
 */
function labelPoisha(
  code: string,
  index: number,
  product: { title: string; plu: string | null } | undefined,
  rules: readonly ScaleRule[],
): number {
  const reading = parseScaleLabel(code, rules);
  const fits =
    reading.is === 'label' &&
    reading.label.kind === 'price' &&
    (product === undefined || product.plu === reading.label.plu);
  if (!fits)
    throw new Invalid(`carts.${index}.label`, say('orders.notPriceLabel', { title: product?.title ?? code }));
  return reading.label.value;
}

/** A sale's line: the product's names as sold (English, and Bangla when it has them) and its unit. */
function line(
  productId: number | null,
  names: { title: string; attri: string; titleBn?: string; attriBn?: string; unit: string },
  price: number,
  buyprice: number,
  input: TillLineInput,
): SaleLine {
  return {
    productId,
    title: names.title,
    attri: names.attri,
    titleBn: names.titleBn ?? '',
    attriBn: names.attriBn ?? '',
    price,
    buyprice,
    quantity: input.quantity.toFixed(2),
    unit: unitOf(names.unit),
    labelPoisha: null,
    sold: input.quantity,
    clientId: input.client_id ?? null,
  };
}
