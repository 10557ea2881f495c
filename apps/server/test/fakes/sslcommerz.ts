import { randomBytes } from 'node:crypto';
import { HttpFake, html, type FakeAnswer, type FakeRequest } from './http-fake';

/** A session as the fake SSLCommerz keeps it. */
export type FakeSslSession = {
  sessionkey: string;
  tran_id: string;
  amount: string;
  urls: { success: string; fail: string; cancel: string; ipn: string };
  status: 'open' | 'paid' | 'failed' | 'cancelled';
  val_id?: string;
  bank_tran_id?: string;
  validated: boolean;
  refunds: Array<{ refund_ref_id: string; amount: number }>;
};

const REQUIRED = [
  'total_amount',
  'currency',
  'tran_id',
  'success_url',
  'fail_url',
  'cancel_url',
  'cus_name',
  'cus_email',
  'cus_add1',
  'cus_city',
  'cus_country',
  'cus_phone',
  'shipping_method',
  'product_name',
  'product_category',
  'product_profile',
];

/**
 * A local SSLCommerz (API v4; see sslcommerz.driver.ts for the documented calls): session, the
 * hosted payment page (Pay, Fail, Cancel; each posts back to the shop by an auto-submitted form),
 * the IPN sent server to server, the validator (VALID, then VALIDATED, INVALID_TRANSACTION for an
 * unknown val_id), refunds and refund status. `payDifferentAmount` makes the validator report
 * another amount; `refuseRefunds` refuses refunds.
 */
export class FakeSslcommerz extends HttpFake {
  readonly storeId = 'bazar0fake';
  readonly storePassword = 'bazar0fake@ssl';
  readonly sessions = new Map<string, FakeSslSession>();
  payDifferentAmount = 0;
  refuseRefunds = false;

  env(): Record<string, string> {
    return {
      SSLCOMMERZ_BASE_URL: this.url,
      SSLCOMMERZ_STORE_ID: this.storeId,
      SSLCOMMERZ_STORE_PASSWORD: this.storePassword,
    };
  }

  private byTran(tranId: string) {
    return [...this.sessions.values()].find((s) => s.tran_id === tranId);
  }

  /**
   * The shopper pays (or fails, or cancels) on the hosted page: the form SSLCommerz then posts to
   * the shop's success (fail, cancel) address, and the IPN's.
   */
  finish(tranId: string, how: 'paid' | 'failed' | 'cancelled' = 'paid') {
    const s = this.byTran(tranId);
    if (!s) throw new Error(`no session for ${tranId}`);
    s.status = how;
    if (how === 'paid') {
      s.val_id ??= `${Date.now().toString().slice(-6)}${randomBytes(5).toString('hex')}`;
      s.bank_tran_id ??= `${Date.now().toString().slice(-6)}B${randomBytes(4).toString('hex')}`;
    }
    const form: Record<string, string> = {
      tran_id: s.tran_id,
      amount: s.amount,
      currency: 'BDT',
      status: how === 'paid' ? 'VALID' : how === 'failed' ? 'FAILED' : 'CANCELLED',
      store_id: this.storeId,
      ...(s.val_id && { val_id: s.val_id }),
      ...(s.bank_tran_id && { bank_tran_id: s.bank_tran_id }),
      card_type: 'BKASH-BKash',
    };
    const url = how === 'paid' ? s.urls.success : how === 'failed' ? s.urls.fail : s.urls.cancel;
    return { url, form, ipnUrl: s.urls.ipn };
  }

  /** Sends the IPN of a finished session to the shop, as SSLCommerz does; resolves with its status. */
  async sendIpn(tranId: string): Promise<number> {
    const s = this.byTran(tranId);
    if (!s) throw new Error(`no session for ${tranId}`);
    const { form } = this.finish(tranId, s.status === 'open' ? 'paid' : (s.status as 'paid'));
    const res = await fetch(s.urls.ipn, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    await res.text();
    return res.status;
  }

  protected answer(req: FakeRequest): FakeAnswer {
    const ok = (json: unknown): FakeAnswer => ({ status: 200, json });
    const p = req.params;
    const page = /^\/pay\/([^/]+)(?:\/(paid|failed|cancelled))?$/.exec(req.path);
    if (page?.[1]) return this.hostedPage(page[1], page[2] as 'paid' | 'failed' | 'cancelled' | undefined);
    const credentials = p.store_id === this.storeId && p.store_passwd === this.storePassword;
    if (req.path === '/gwprocess/v4/api.php' && req.method === 'POST') {
      if (!credentials)
        return ok({ status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' });
      const missing = REQUIRED.find((f) => !p[f]);
      if (missing)
        return ok({ status: 'FAILED', failedreason: `Invalid Information: ${missing} is missing` });
      if (this.byTran(p.tran_id ?? '')) return ok({ status: 'FAILED', failedreason: 'Duplicate tran_id' });
      const sessionkey = randomBytes(16).toString('hex').toUpperCase();
      this.sessions.set(sessionkey, {
        sessionkey,
        tran_id: p.tran_id ?? '',
        amount: Number(p.total_amount).toFixed(2),
        urls: {
          success: p.success_url ?? '',
          fail: p.fail_url ?? '',
          cancel: p.cancel_url ?? '',
          ipn: p.ipn_url ?? '',
        },
        status: 'open',
        validated: false,
        refunds: [],
      });
      return ok({
        status: 'SUCCESS',
        failedreason: '',
        sessionkey,
        GatewayPageURL: `${this.url}/pay/${sessionkey}`,
        storeBanner: '',
        storeLogo: '',
        desc: [],
      });
    }
    if (req.path === '/validator/api/validationserverAPI.php' && req.method === 'GET') {
      if (!credentials) return ok({ status: 'INVALID_TRANSACTION', error: 'Store Credential Error' });
      const s = [...this.sessions.values()].find(
        (x) => x.val_id && x.val_id === p.val_id && x.status === 'paid',
      );
      if (!s) return ok({ status: 'INVALID_TRANSACTION' });
      const status = s.validated ? 'VALIDATED' : 'VALID';
      s.validated = true;
      return ok({
        status,
        tran_date: new Date().toISOString().slice(0, 19).replace('T', ' '),
        tran_id: s.tran_id,
        val_id: s.val_id,
        amount: (Number(s.amount) + this.payDifferentAmount).toFixed(2),
        store_amount: (Number(s.amount) * 0.975).toFixed(2),
        currency: 'BDT',
        bank_tran_id: s.bank_tran_id,
        card_type: 'BKASH-BKash',
        risk_level: '0',
        risk_title: 'Safe',
      });
    }
    if (req.path === '/validator/api/merchantTransIDvalidationAPI.php' && req.method === 'GET') {
      if (!credentials) return ok({ APIConnect: 'INVALID_REQUEST', errorReason: 'Store Credential Error' });
      if (p.tran_id) {
        // Transaction Query by tran_id: every transaction of it, with its status.
        const s = this.byTran(p.tran_id);
        if (!s) return ok({ APIConnect: 'DONE', no_of_trans_found: 0, element: [] });
        const status = { open: 'PENDING', paid: 'VALID', failed: 'FAILED', cancelled: 'CANCELLED' }[s.status];
        return ok({
          APIConnect: 'DONE',
          no_of_trans_found: 1,
          element: [
            {
              tran_id: s.tran_id,
              status,
              amount: s.amount,
              currency: 'BDT',
              ...(s.val_id && { val_id: s.val_id }),
              ...(s.bank_tran_id && { bank_tran_id: s.bank_tran_id }),
            },
          ],
        });
      }
      if (p.refund_ref_id) {
        const s = [...this.sessions.values()].find((x) =>
          x.refunds.some((r) => r.refund_ref_id === p.refund_ref_id),
        );
        if (!s) return ok({ APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid refund_ref_id' });
        return ok({
          APIConnect: 'DONE',
          bank_tran_id: s.bank_tran_id,
          tran_id: s.tran_id,
          refund_ref_id: p.refund_ref_id,
          status: 'refunded',
          errorReason: '',
        });
      }
      const s = [...this.sessions.values()].find((x) => x.bank_tran_id && x.bank_tran_id === p.bank_tran_id);
      if (this.refuseRefunds || !s || s.status !== 'paid' || !p.refund_remarks)
        return ok({ APIConnect: 'DONE', status: 'failed', errorReason: 'Refund request is not valid' });
      const amount = Number(p.refund_amount);
      const before = s.refunds.reduce((sum, r) => sum + r.amount, 0);
      if (!(amount > 0) || before + amount > Number(s.amount))
        return ok({
          APIConnect: 'DONE',
          status: 'failed',
          errorReason: 'Refund amount is greater than the transaction amount',
        });
      const refund_ref_id = `RR${randomBytes(5).toString('hex')}`;
      s.refunds.push({ refund_ref_id, amount });
      return ok({
        APIConnect: 'DONE',
        bank_tran_id: s.bank_tran_id,
        trans_id: s.tran_id,
        refund_ref_id,
        status: 'success',
        errorReason: '',
      });
    }
    return { status: 404, html: '<h1>Not Found</h1>' };
  }

  /** The hosted page: buttons, and after one the auto-submitted form back to the shop. */
  private hostedPage(key: string, how: 'paid' | 'failed' | 'cancelled' | undefined): FakeAnswer {
    const s = this.sessions.get(key);
    if (!s) return { status: 404, html: '<h1>Session not found</h1>' };
    if (!how) {
      const button = (to: string, label: string) =>
        `<form method="get" action="/pay/${html(key)}/${to}"><button type="submit">${label}</button></form>`;
      return {
        status: 200,
        html: `<!doctype html><html><head><title>SSLCommerz</title></head><body><h1>SSLCommerz</h1><p>Amount: ${html(s.amount)} BDT</p>${button('paid', 'Pay')}${button('failed', 'Fail')}${button('cancelled', 'Cancel')}</body></html>`,
      };
    }
    const { url, form } = this.finish(s.tran_id, how);
    const fields = Object.entries(form)
      .map(([k, v]) => `<input type="hidden" name="${html(k)}" value="${html(v)}">`)
      .join('');
    if (how === 'paid') void this.sendIpn(s.tran_id).catch(() => undefined);
    return {
      status: 200,
      html: `<!doctype html><html><body><form id="back" method="post" action="${html(url)}">${fields}</form><script>document.getElementById('back').submit()</script></body></html>`,
    };
  }
}
