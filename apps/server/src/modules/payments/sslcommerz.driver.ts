import { z } from 'zod';
import type { SslcommerzAccount } from '../../config';
import { callGateway, gatewayAmount, GatewayError } from './gateway-call';

/*
 * SSLCommerz (API v4), as its developer pages document it (developer.sslcommerz.com, "Integration"):
 *
 * - Session: POST {base}/gwprocess/v4/api.php, a urlencoded form with store_id, store_passwd,
 *   total_amount, currency, tran_id (ours, unique), success_url, fail_url, cancel_url, ipn_url, the
 *   customer (cus_name, cus_email, cus_add1, cus_city, cus_country, cus_phone), shipping_method and
 *   ship_*, product_name, product_category, product_profile → {status "SUCCESS", sessionkey,
 *   GatewayPageURL} or {status "FAILED", failedreason}.
 * - The shopper pays on GatewayPageURL; the browser comes back by a form POST to success_url,
 *   fail_url or cancel_url (tran_id, val_id, amount, status, …), and SSLCommerz POSTs the same to
 *   ipn_url server to server. None of it is trusted: the val_id is checked with the validator.
 * - Validator: GET {base}/validator/api/validationserverAPI.php?val_id&store_id&store_passwd&
 *   format=json → {status VALID | VALIDATED (validated before) | INVALID_TRANSACTION, tran_id,
 *   amount, currency, bank_tran_id, …}.
 * - Refund: GET {base}/validator/api/merchantTransIDvalidationAPI.php?bank_tran_id&refund_amount&
 *   refund_remarks&store_id&store_passwd&format=json → {APIConnect "DONE", status success |
 *   processing | failed, refund_ref_id, errorReason}. Its status: the same address with
 *   refund_ref_id → {APIConnect, status refunded | processing | cancelled, …}.
 */

const SSLCOMMERZ = 'SSLCommerz';

const validation = z.object({
  status: z.string(),
  tran_id: z.string().optional(),
  val_id: z.string().optional(),
  amount: z.union([z.string(), z.number()]).optional(),
  currency: z.string().optional(),
  bank_tran_id: z.string().optional(),
});
export type SslValidation = z.infer<typeof validation>;

export type SessionInput = {
  tranId: string;
  amount: number;
  urls: { success: string; fail: string; cancel: string; ipn: string };
  customer: { name: string; phone: string; address: string; area: string };
  orderId: number;
};

/** One shop's SSLCommerz store: sessions, validation and refunds. */
export class SslcommerzDriver {
  constructor(
    private readonly account: SslcommerzAccount,
    private readonly timeoutMs: number,
  ) {}

  private url(path: string) {
    return `${this.account.SSLCOMMERZ_BASE_URL}${path}`;
  }

  private get credentials() {
    return {
      store_id: this.account.SSLCOMMERZ_STORE_ID,
      store_passwd: this.account.SSLCOMMERZ_STORE_PASSWORD,
    };
  }

  private get(path: string, params: Record<string, string>) {
    const query = new URLSearchParams({ ...params, ...this.credentials, format: 'json' });
    return callGateway({
      gateway: SSLCOMMERZ,
      method: 'GET',
      url: `${this.url(path)}?${query}`,
      timeoutMs: this.timeoutMs,
    });
  }

  /** Opens a payment session; the shopper pays on the answer's `url`. */
  async session(input: SessionInput): Promise<{ url: string; sessionkey: string }> {
    const { customer } = input;
    const form = new URLSearchParams({
      ...this.credentials,
      total_amount: gatewayAmount(input.amount),
      currency: 'BDT',
      tran_id: input.tranId,
      success_url: input.urls.success,
      fail_url: input.urls.fail,
      cancel_url: input.urls.cancel,
      ipn_url: input.urls.ipn,
      cus_name: customer.name,
      // The shop asks its customers for no e-mail; SSLCommerz requires one (its pages ask the payer).
      cus_email: 'customer@example.com',
      cus_add1: customer.address,
      cus_city: customer.area,
      cus_country: 'Bangladesh',
      cus_phone: customer.phone,
      shipping_method: 'Courier',
      num_of_item: '1',
      ship_name: customer.name,
      ship_add1: customer.address,
      ship_city: customer.area,
      ship_postcode: '1000',
      ship_country: 'Bangladesh',
      product_name: `Order ${input.orderId}`,
      product_category: 'Grocery',
      product_profile: 'general',
    });
    const answer = await callGateway({
      gateway: SSLCOMMERZ,
      method: 'POST',
      url: this.url('/gwprocess/v4/api.php'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      timeoutMs: this.timeoutMs,
    });
    const parsed = z
      .object({
        status: z.string(),
        failedreason: z.string().nullish(),
        sessionkey: z.string().optional(),
        GatewayPageURL: z.string().optional(),
      })
      .safeParse(answer.json);
    const ok = parsed.success ? parsed.data : undefined;
    if (ok?.status !== 'SUCCESS' || !ok.GatewayPageURL || !ok.sessionkey) {
      throw new GatewayError(
        `${SSLCOMMERZ} opened no session${ok?.failedreason ? `: ${ok.failedreason}` : ''}`,
        'refused',
      );
    }
    return { url: ok.GatewayPageURL, sessionkey: ok.sessionkey };
  }

  /** What SSLCommerz says about a val_id (the only proof of a payment it sent us). */
  async validate(valId: string): Promise<SslValidation> {
    const parsed = validation.safeParse(
      (await this.get('/validator/api/validationserverAPI.php', { val_id: valId })).json,
    );
    if (!parsed.success)
      throw new GatewayError(`${SSLCOMMERZ} validation answered without a status`, 'refused');
    return parsed.data;
  }

  /** Gives `amount` of a paid transaction back; resolves with SSLCommerz's refund reference. */
  async refund(input: { bankTranId: string; amount: number; remarks: string }): Promise<string> {
    const answer = await this.get('/validator/api/merchantTransIDvalidationAPI.php', {
      bank_tran_id: input.bankTranId,
      refund_amount: gatewayAmount(input.amount),
      refund_remarks: input.remarks,
    });
    const parsed = z
      .object({
        APIConnect: z.string(),
        status: z.string().optional(),
        refund_ref_id: z.string().nullish(),
        errorReason: z.string().nullish(),
      })
      .safeParse(answer.json);
    const r = parsed.success ? parsed.data : undefined;
    if (r?.APIConnect !== 'DONE' || !['success', 'processing'].includes(r.status ?? '') || !r.refund_ref_id) {
      throw new GatewayError(
        `${SSLCOMMERZ} did not take the refund${r?.errorReason ? `: ${r.errorReason}` : ''}`,
        'refused',
      );
    }
    return r.refund_ref_id;
  }

  /**
   * What SSLCommerz has of a tran_id (Transaction Query by tran_id): its status (VALID, VALIDATED,
   * FAILED, CANCELLED, PENDING, …) and val_id when paid, or null when it has none.
   */
  async transaction(tranId: string): Promise<{ status: string; val_id?: string | undefined } | null> {
    const answer = await this.get('/validator/api/merchantTransIDvalidationAPI.php', { tran_id: tranId });
    const parsed = z
      .object({
        APIConnect: z.string(),
        element: z
          .array(z.object({ tran_id: z.string(), status: z.string(), val_id: z.string().optional() }))
          .optional(),
      })
      .safeParse(answer.json);
    if (!parsed.success || parsed.data.APIConnect !== 'DONE') {
      throw new GatewayError(`${SSLCOMMERZ} did not say how the transaction stands`, 'refused');
    }
    const mine = (parsed.data.element ?? []).filter((e) => e.tran_id === tranId);
    // A paid one wins over the attempts that failed before it.
    return mine.find((e) => ['VALID', 'VALIDATED'].includes(e.status)) ?? mine[0] ?? null;
  }

  /** Where a refund stands: refunded, processing or cancelled. */
  async refundStatus(refundRefId: string): Promise<string> {
    const answer = await this.get('/validator/api/merchantTransIDvalidationAPI.php', {
      refund_ref_id: refundRefId,
    });
    const parsed = z.object({ APIConnect: z.string(), status: z.string() }).safeParse(answer.json);
    if (!parsed.success || parsed.data.APIConnect !== 'DONE') {
      throw new GatewayError(`${SSLCOMMERZ} did not say how the refund stands`, 'refused');
    }
    return parsed.data.status;
  }
}
