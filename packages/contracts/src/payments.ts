import { z } from 'zod';
import { required, say, tooLong } from './messages';
import { dateRangeQuery } from './cash';
import { money } from './numbers';
import { listPageQuery } from './paging';

/** The gateways a customer may pay an order through online, when the owner configured them. */
export const ONLINE_METHODS = ['bkash', 'sslcommerz'] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];
export const onlineMethodSchema = z.enum(ONLINE_METHODS, { error: say('payments.onlineMethod') });

/** The checkout's payment choice: cash on delivery (the default) or one of the online gateways. */
export const CHECKOUT_PAYMENTS = ['cod', ...ONLINE_METHODS] as const;
export type CheckoutPayment = (typeof CHECKOUT_PAYMENTS)[number];

/** `GET /api/payment/methods`: the online gateways this shop has configured (none: cash on delivery only). */
export const paymentMethodsAnswer = z.strictObject({ data: z.array(onlineMethodSchema) });

/** `POST /api/order/{id}/pay-online`: which gateway. */
export const payOnlineBody = z.strictObject({ method: onlineMethodSchema });

/** Where to send the browser: the gateway's payment page. */
export const payOnlineAnswer = z.strictObject({ data: z.strictObject({ url: z.string() }) });

/** `POST /api/order/{id}/refund-online`: how much of the online payments goes back, and why. */
export const refundOnlineBody = z.strictObject({
  amount: money('json', 'amount', 1),
  reason: z
    .string({ error: required('reason') })
    .trim()
    .min(1, required('reason'))
    .max(200, tooLong('reason', 200)),
});
export type RefundOnlineBody = z.input<typeof refundOnlineBody>;

export const refundOnlineAnswer = z.strictObject({
  data: z.strictObject({
    paid: z.number().int(),
    due: z.number().int(),
    /** The gateway's refund ids (one per payment the refund drew on). */
    references: z.array(z.string()),
  }),
});

/** `GET /api/payment/bkash/callback`: where bKash sends the shopper's browser back. */
export const bkashCallbackQuery = z.object({
  paymentID: z.string().trim().min(1).max(100),
  status: z.enum(['success', 'failure', 'cancel']),
  // bKash adds signature and apiVersion; nothing else is read.
  signature: z.string().max(500).optional(),
  apiVersion: z.string().max(50).optional(),
});

/**
 * What SSLCommerz posts to the success, fail and cancel addresses and to the IPN (a form with many
 * more fields, none of them trusted: only val_id, validated with SSLCommerz, and tran_id are read).
 */
export const sslcommerzReturnBody = z.looseObject({
  tran_id: z.string().trim().min(1).max(100),
  val_id: z.string().trim().max(100).optional(),
  status: z.string().max(50).optional(),
});

/** How the storefront's success page is told how an online payment ended (`?payment=`). */
export const PAYMENT_OUTCOMES = ['paid', 'failed', 'cancelled', 'pending'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * Where an online payment attempt stands, for the owner: paid; pending (the shopper is paying, or
 * the gateway's answers were lost and the shop keeps asking); failed; cancelled; mismatch (the
 * gateway took another amount than asked: never counted as paid); refund pending (a refund whose
 * answer was lost: reserved, settled by asking the gateway); refunded (all of it given back).
 */
export const ONLINE_PAYMENT_STATES = [
  'paid',
  'pending',
  'failed',
  'cancelled',
  'mismatch',
  'refund_pending',
  'refunded',
] as const;
export type OnlinePaymentState = (typeof ONLINE_PAYMENT_STATES)[number];
/** The states that need the owner to look (or the shop to keep asking the gateway). */
export const ATTENTION_STATES: readonly OnlinePaymentState[] = ['pending', 'mismatch', 'refund_pending'];

/** One attempt to pay an order online, as the Online payments screen lists it. */
export const onlinePayment = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  customer: z.string(),
  phone: z.string(),
  gateway: onlineMethodSchema,
  amount: z.number().int(),
  /** Given back through the gateway, and of that still waiting for the gateway's word. */
  refunded: z.number().int(),
  refund_pending: z.number().int(),
  state: z.enum(ONLINE_PAYMENT_STATES),
  /** The gateway's transaction id once paid (bKash trxID, SSLCommerz bank_tran_id). */
  trx_id: z.string().nullable(),
  /** What the gateway last said (a failure, a mismatch, a status asked about). */
  detail: z.string(),
  /** How often the shop asked the gateway about it after its answers were lost. */
  checks: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type OnlinePayment = z.infer<typeof onlinePayment>;

/** `GET /api/online-payments`: shop days (by when the attempt began), a state, a gateway, the page. */
export const onlinePaymentsQuery = dateRangeQuery.extend(listPageQuery.shape).extend({
  state: z.enum(ONLINE_PAYMENT_STATES, { error: say('payments.state') }).optional(),
  gateway: onlineMethodSchema.optional(),
});

/** Over the whole filter: how many attempts need attention. */
export const onlinePaymentsTotals = z.object({ attention: z.number().int() });
