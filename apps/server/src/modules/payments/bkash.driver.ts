import { z } from 'zod';
import type { BkashAccount } from '../../config';
import { callGateway, gatewayAmount, GatewayError, takaOf } from './gateway-call';

/*
 * bKash Tokenized Checkout (API v1.2.0-beta), as bKash documents it for merchants
 * (developer.bka.sh, "Tokenized Checkout"; the same calls in bKash's published client libraries):
 *
 * - Grant token: POST {base}/tokenized/checkout/token/grant, headers username and password, JSON
 *   {app_key, app_secret} → {statusCode "0000", id_token, token_type, expires_in (s), refresh_token}.
 *   Refresh: POST …/token/refresh {app_key, app_secret, refresh_token} → the same answer.
 * - Every other call: headers Authorization: <id_token>, X-App-Key: <app_key>.
 * - Create: POST …/create {mode "0011", payerReference, callbackURL, amount "123.00", currency
 *   "BDT", intent "sale", merchantInvoiceNumber} → {statusCode "0000", paymentID, bkashURL, …}.
 *   The shopper pays on bkashURL; bKash then sends the browser to callbackURL?paymentID=…&status=
 *   success|failure|cancel. Nothing is paid until the merchant executes.
 * - Execute: POST …/execute {paymentID} → {statusCode "0000", trxID, transactionStatus "Completed",
 *   amount, currency, …}. Query: POST …/payment/status {paymentID} → the payment as it stands.
 * - Refund: POST …/payment/refund {paymentID, trxID, amount, sku, reason} → {refundTrxID,
 *   transactionStatus "Completed", originalTrxID, amount, currency, charge}.
 * - Errors come as HTTP 200 with {statusCode, statusMessage} (older answers: {errorCode,
 *   errorMessage}); an expired token as HTTP 401 or statusCode 2079 ("Invalid App Token").
 */

const BKASH = 'bKash';

const grantAnswer = z.object({
  id_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive(),
});

/** A payment as execute and query answer it. */
const bkashPayment = z.object({
  paymentID: z.string(),
  trxID: z.string().optional(),
  transactionStatus: z.string(),
  amount: z.union([z.string(), z.number()]),
  currency: z.string().optional(),
});
export type BkashPayment = z.infer<typeof bkashPayment>;

const errorAnswer = z.object({
  statusCode: z.string().optional(),
  statusMessage: z.string().optional(),
  errorCode: z.string().optional(),
  errorMessage: z.string().optional(),
});

const INVALID_TOKEN = '2079';
/** Renew the token this long before bKash says it expires. */
const EARLY_MS = 60_000;

type Token = { id: string; refresh: string | undefined; expiresAt: number };

/** bKash's refusal in its own words ("2023 Insufficient Balance"), or undefined for a success. */
function refusal(json: unknown): { code: string; said: string } | undefined {
  const e = errorAnswer.safeParse(json);
  if (!e.success) return undefined;
  const code = e.data.statusCode ?? e.data.errorCode;
  if (code === undefined || code === '0000') return undefined;
  return { code, said: `${code} ${e.data.statusMessage ?? e.data.errorMessage ?? ''}`.trim() };
}

/** One shop's bKash merchant account: the token kept and renewed, and the checkout calls. */
export class BkashDriver {
  private token: Token | undefined;
  private granting: Promise<Token> | undefined;

  constructor(
    private readonly account: BkashAccount,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private url(path: string) {
    return `${this.account.BKASH_BASE_URL}/tokenized/checkout${path}`;
  }

  /** Grants a token, or refreshes the one kept when it has a refresh token. */
  private async fetchToken(refresh: string | undefined): Promise<Token> {
    const body = {
      app_key: this.account.BKASH_APP_KEY,
      app_secret: this.account.BKASH_APP_SECRET,
      ...(refresh && { refresh_token: refresh }),
    };
    const answer = await callGateway({
      gateway: BKASH,
      method: 'POST',
      url: this.url(refresh ? '/token/refresh' : '/token/grant'),
      headers: {
        'content-type': 'application/json',
        username: this.account.BKASH_USERNAME,
        password: this.account.BKASH_PASSWORD,
      },
      body: JSON.stringify(body),
      timeoutMs: this.timeoutMs,
    });
    const parsed = grantAnswer.safeParse(answer.json);
    if (!parsed.success) {
      const no = refusal(answer.json);
      throw new GatewayError(`${BKASH} gave no token${no ? `: ${no.said}` : ''}`, 'unauthorized');
    }
    return {
      id: parsed.data.id_token,
      refresh: parsed.data.refresh_token ?? refresh,
      expiresAt: this.now() + parsed.data.expires_in * 1000,
    };
  }

  /** The kept token while it is fresh; else a refreshed one (or a new grant when refreshing fails). */
  private async idToken(): Promise<string> {
    const kept = this.token;
    if (kept && this.now() < kept.expiresAt - EARLY_MS) return kept.id;
    // Calls at the same moment share one grant.
    this.granting ??= (async () => {
      try {
        if (kept?.refresh) {
          try {
            return await this.fetchToken(kept.refresh);
          } catch {
            // A refresh token bKash no longer takes: a new grant below.
          }
        }
        return await this.fetchToken(undefined);
      } finally {
        this.granting = undefined;
      }
    })();
    this.token = await this.granting;
    return this.token.id;
  }

  /** A checkout call with the token; a token bKash calls expired is granted anew once. */
  private async call(path: string, body: Record<string, string>, retried = false): Promise<unknown> {
    const token = await this.idToken();
    let json: unknown;
    try {
      json = (
        await callGateway({
          gateway: BKASH,
          method: 'POST',
          url: this.url(path),
          headers: {
            'content-type': 'application/json',
            authorization: token,
            'x-app-key': this.account.BKASH_APP_KEY,
          },
          body: JSON.stringify(body),
          timeoutMs: this.timeoutMs,
        })
      ).json;
    } catch (err) {
      if (err instanceof GatewayError && err.failure === 'unauthorized' && !retried) {
        this.token = undefined;
        return this.call(path, body, true);
      }
      throw err;
    }
    const no = refusal(json);
    if (no?.code === INVALID_TOKEN && !retried) {
      this.token = undefined;
      return this.call(path, body, true);
    }
    if (no) throw new GatewayError(`${BKASH} ${no.said}`, 'refused');
    return json;
  }

  /** Starts a payment; the shopper pays on `bkashURL`. */
  async create(input: { amount: number; invoice: string; payerReference: string; callbackURL: string }) {
    const json = await this.call('/create', {
      mode: '0011',
      payerReference: input.payerReference,
      callbackURL: input.callbackURL,
      amount: gatewayAmount(input.amount),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: input.invoice,
    });
    const parsed = z.object({ paymentID: z.string().min(1), bkashURL: z.string().url() }).safeParse(json);
    if (!parsed.success)
      throw new GatewayError(`${BKASH} create answered without paymentID or bkashURL`, 'refused');
    return parsed.data;
  }

  private async payment(path: string, paymentID: string): Promise<BkashPayment> {
    const parsed = bkashPayment.safeParse(await this.call(path, { paymentID }));
    if (!parsed.success) throw new GatewayError(`${BKASH} answered ${path} without a payment`, 'refused');
    return parsed.data;
  }

  /** Takes the money the shopper agreed to pay (only after bKash's success callback). */
  execute(paymentID: string): Promise<BkashPayment> {
    return this.payment('/execute', paymentID);
  }

  /** The payment as bKash has it now. */
  query(paymentID: string): Promise<BkashPayment> {
    return this.payment('/payment/status', paymentID);
  }

  /**
   * How a refund of a completed payment stands (bKash's Refund Status: the refund call with the
   * payment's ids and no amount): the refund bKash made, or null when it made none.
   */
  async refundStatus(input: {
    paymentID: string;
    trxID: string;
  }): Promise<{ refundTrxID: string; amount: number; transactionStatus: string } | null> {
    let json: unknown;
    try {
      json = await this.call('/payment/refund', { paymentID: input.paymentID, trxID: input.trxID });
    } catch (err) {
      // bKash's "no refund for this transaction" is a documented refusal: nothing was given back.
      if (err instanceof GatewayError && err.failure === 'refused') return null;
      throw err;
    }
    const parsed = z
      .object({ refundTrxID: z.string().min(1), transactionStatus: z.string(), amount: z.unknown() })
      .safeParse(json);
    if (!parsed.success)
      throw new GatewayError(`${BKASH} answered the refund status without a refund`, 'refused');
    return {
      refundTrxID: parsed.data.refundTrxID,
      transactionStatus: parsed.data.transactionStatus,
      amount: takaOf(parsed.data.amount),
    };
  }

  /** Gives `amount` of a completed payment back to the shopper; resolves with bKash's refund id. */
  async refund(input: { paymentID: string; trxID: string; amount: number; sku: string; reason: string }) {
    const json = await this.call('/payment/refund', {
      paymentID: input.paymentID,
      trxID: input.trxID,
      amount: gatewayAmount(input.amount),
      sku: input.sku,
      reason: input.reason,
    });
    const parsed = z
      .object({ refundTrxID: z.string().min(1), transactionStatus: z.string() })
      .safeParse(json);
    if (!parsed.success || parsed.data.transactionStatus !== 'Completed') {
      throw new GatewayError(`${BKASH} did not complete the refund`, 'refused');
    }
    return parsed.data.refundTrxID;
  }
}
