import { randomBytes } from 'node:crypto';
import { HttpFake, html, type FakeAnswer, type FakeRequest } from './http-fake';

/** A payment as the fake bKash keeps it. */
export type FakeBkashPayment = {
  paymentID: string;
  amount: string;
  invoice: string;
  callbackURL: string;
  status: 'Initiated' | 'Authorized' | 'Completed' | 'Cancelled' | 'Failed';
  trxID?: string;
  /** What the shopper actually paid (differs only with `payDifferentAmount`). */
  paid?: string;
  refunded: number;
  /** Each refund made, in order. */
  refunds: Array<{ refundTrxID: string; amount: number; at: string }>;
};

/**
 * A local bKash Tokenized Checkout (v1.2.0-beta; see bkash.driver.ts for the documented calls):
 * token grant and refresh (tokens expire after `expiresIn` seconds, or at once with `expireTokens`),
 * create (bkashURL is this fake's own page with Pay and Cancel buttons that send the browser to the
 * callbackURL), execute, status query and refund. Switches make it misbehave: the shopper's payment
 * failing on the page; execute never answering, or completing and losing its answer; the shopper
 * paying another amount; refunds refused.
 */
export class FakeBkash extends HttpFake {
  readonly appKey = 'bkash-app-key-fake';
  readonly appSecret = 'bkash-app-secret-fake';
  readonly username = 'sandboxTokenizedUser';
  readonly password = 'sandbox-password';
  expiresIn = 3600;
  grants = 0;
  refreshes = 0;
  readonly payments = new Map<string, FakeBkashPayment>();
  /** What the next execute does wrong: never answer (`hang`), or complete and never answer (`lose-answer`). */
  executeTrouble: 'hang' | 'lose-answer' | undefined;
  /** Execute takes the money at once but answers this much later (a slow bKash: callbacks overlap). */
  executeDelayMs = 0;
  /** The shopper's wallet pays this many taka more than asked. */
  payDifferentAmount = 0;
  refuseRefunds = false;
  /** The next refund is made, and its answer never comes. */
  refundTrouble: 'lose-answer' | undefined;
  /** The shopper's Pay fails on bKash's page (a wrong PIN, too little balance): back with status=failure. */
  payFails = false;
  private readonly tokens = new Map<string, number>();
  private seq = 0;

  /** The env of an app using this fake. */
  env(): Record<string, string> {
    return {
      BKASH_BASE_URL: `${this.url}/v1.2.0-beta`,
      BKASH_APP_KEY: this.appKey,
      BKASH_APP_SECRET: this.appSecret,
      BKASH_USERNAME: this.username,
      BKASH_PASSWORD: this.password,
    };
  }

  /** Every token given so far stops working (as after bKash's hour). */
  expireTokens(): void {
    this.tokens.clear();
  }

  /** The shopper confirms with PIN and OTP on bKash's page: the payment can now be executed. */
  authorize(paymentID: string): string {
    const p = this.payments.get(paymentID);
    if (p?.status === 'Initiated') p.status = 'Authorized';
    return `${p?.callbackURL ?? ''}?paymentID=${paymentID}&status=success`;
  }

  private token(): { id_token: string; refresh_token: string; expires_in: number } {
    const id = `tok-${randomBytes(8).toString('hex')}`;
    this.tokens.set(id, Date.now() + this.expiresIn * 1000);
    return { id_token: id, refresh_token: `ref-${id}`, expires_in: this.expiresIn };
  }

  private authorized(req: FakeRequest): boolean {
    const token = String(req.headers.authorization ?? '');
    const until = this.tokens.get(token);
    return req.headers['x-app-key'] === this.appKey && until !== undefined && until > Date.now();
  }

  private view(p: FakeBkashPayment, extra: Record<string, unknown> = {}) {
    return {
      statusCode: '0000',
      statusMessage: 'Successful',
      paymentID: p.paymentID,
      ...(p.trxID && { trxID: p.trxID }),
      transactionStatus: p.status,
      amount: p.paid ?? p.amount,
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: p.invoice,
      ...extra,
    };
  }

  protected async answer(req: FakeRequest): Promise<FakeAnswer> {
    const ok = (json: unknown): FakeAnswer => ({ status: 200, json });
    const error = (code: string, message: string) => ok({ statusCode: code, statusMessage: message });
    const page = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(req.path);
    if (page?.[1]) return this.checkoutPage(page[1], page[2]);
    // The browser tests run this fake in a process of its own: they switch its troubles here.
    if (req.path === '/__test/refund-trouble' && req.method === 'POST') {
      this.refundTrouble = 'lose-answer';
      return { status: 200, json: { refundTrouble: this.refundTrouble } };
    }
    const api = '/v1.2.0-beta/tokenized/checkout';
    if (!req.path.startsWith(api) || req.method !== 'POST')
      return { status: 404, html: '<h1>Not Found</h1>' };
    const call = req.path.slice(api.length);
    const p = req.params;
    if (call === '/token/grant' || call === '/token/refresh') {
      if (req.headers.username !== this.username || req.headers.password !== this.password)
        return error('2001', 'Invalid App Key or Secret');
      if (p.app_key !== this.appKey || p.app_secret !== this.appSecret)
        return error('2001', 'Invalid App Key or Secret');
      if (call === '/token/refresh') {
        if (!p.refresh_token?.startsWith('ref-')) return error('2079', 'Invalid refresh token');
        this.refreshes++;
      } else this.grants++;
      return ok({ statusCode: '0000', statusMessage: 'Successful', token_type: 'Bearer', ...this.token() });
    }
    if (!this.authorized(req)) return { status: 401, json: { message: 'The incoming token has expired' } };
    if (call === '/create') {
      if (
        p.mode !== '0011' ||
        p.currency !== 'BDT' ||
        p.intent !== 'sale' ||
        !/^\d+\.\d{2}$/.test(p.amount ?? '')
      )
        return error('2065', 'Mandatory field missing');
      if (!p.callbackURL || !p.payerReference || !p.merchantInvoiceNumber)
        return error('2065', 'Mandatory field missing');
      const paymentID = `TR0011${String(++this.seq).padStart(4, '0')}${randomBytes(4).toString('hex')}`;
      const payment: FakeBkashPayment = {
        paymentID,
        amount: p.amount ?? '',
        invoice: p.merchantInvoiceNumber,
        callbackURL: p.callbackURL,
        status: 'Initiated',
        refunded: 0,
        refunds: [],
      };
      this.payments.set(paymentID, payment);
      return ok(
        this.view(payment, { bkashURL: `${this.url}/checkout/${paymentID}`, callbackURL: p.callbackURL }),
      );
    }
    const payment = this.payments.get(p.paymentID ?? '');
    if (!payment) return error('2056', 'Invalid Payment State');
    if (call === '/execute') {
      if (payment.status === 'Completed') return error('2062', 'The payment has already been completed');
      if (payment.status !== 'Authorized') return error('2056', 'Invalid Payment State');
      const trouble = this.executeTrouble;
      this.executeTrouble = undefined;
      if (trouble === 'hang') return { hang: true };
      payment.status = 'Completed';
      payment.trxID = `TRX${randomBytes(4).toString('hex').toUpperCase()}`;
      if (this.payDifferentAmount)
        payment.paid = (Number(payment.amount) + this.payDifferentAmount).toFixed(2);
      if (trouble === 'lose-answer') return { hang: true };
      const answer = ok(this.view(payment));
      if (this.executeDelayMs) await new Promise((resolve) => setTimeout(resolve, this.executeDelayMs));
      return answer;
    }
    if (call === '/payment/status') return ok(this.view(payment));
    if (call === '/payment/refund' && p.amount === undefined) {
      // Refund Status: the same call with the payment's ids and no amount.
      const last = payment.refunds.at(-1);
      if (p.trxID !== payment.trxID || !last) return error('2072', 'Invalid transaction');
      return ok({
        completedTime: last.at,
        transactionStatus: 'Completed',
        originalTrxID: payment.trxID,
        refundTrxID: last.refundTrxID,
        amount: last.amount.toFixed(2),
        currency: 'BDT',
        charge: '0.00',
      });
    }
    if (call === '/payment/refund') {
      if (this.refuseRefunds) return error('2071', 'Refund not allowed');
      const amount = Number(p.amount);
      if (payment.status !== 'Completed' || p.trxID !== payment.trxID)
        return error('2072', 'Invalid transaction');
      if (
        !(amount > 0) ||
        payment.refunded + amount > Number(payment.paid ?? payment.amount) ||
        !p.sku ||
        !p.reason
      )
        return error('2073', 'Refund amount exceeds the transaction amount');
      payment.refunded += amount;
      const refundTrxID = `RF${randomBytes(4).toString('hex').toUpperCase()}`;
      const at = new Date().toISOString();
      payment.refunds.push({ refundTrxID, amount, at });
      const trouble = this.refundTrouble;
      this.refundTrouble = undefined;
      if (trouble === 'lose-answer') return { hang: true };
      return ok({
        completedTime: at,
        transactionStatus: 'Completed',
        originalTrxID: payment.trxID,
        refundTrxID,
        amount: amount.toFixed(2),
        currency: 'BDT',
        charge: '0.00',
      });
    }
    return { status: 404, html: '<h1>Not Found</h1>' };
  }

  /** bKash's payment page: Pay (PIN and OTP taken as given) or Cancel, each back to the callback. */
  private checkoutPage(paymentID: string, action: string | undefined): FakeAnswer {
    const p = this.payments.get(paymentID);
    if (!p) return { status: 404, html: '<h1>Payment not found</h1>' };
    if (action === 'pay' && this.payFails) {
      if (p.status === 'Initiated') p.status = 'Failed';
      return { status: 302, redirect: `${p.callbackURL}?paymentID=${paymentID}&status=failure` };
    }
    if (action === 'pay') return { status: 302, redirect: this.authorize(paymentID) };
    if (action === 'cancel') {
      if (p.status === 'Initiated') p.status = 'Cancelled';
      return { status: 302, redirect: `${p.callbackURL}?paymentID=${paymentID}&status=cancel` };
    }
    return {
      status: 200,
      html: `<!doctype html><html><head><title>bKash Payment</title></head><body>
<h1>bKash</h1><p>Merchant invoice ${html(p.invoice)}</p><p>Amount: ৳${html(p.amount)}</p>
<form method="get" action="/checkout/${html(paymentID)}/pay"><button type="submit">Pay</button></form>
<form method="get" action="/checkout/${html(paymentID)}/cancel"><button type="submit">Cancel</button></form>
</body></html>`,
    };
  }
}
