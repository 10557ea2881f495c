import { randomBytes } from 'node:crypto';
import { recordAudit, type AuditActor } from '../audit/audit.repository';
import { ORDER_STATUS } from '@bazar/contracts/orders';
import type { OnlineMethod, PaymentOutcome } from '@bazar/contracts/payments';
import { say } from '@bazar/contracts/messages';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/context';
import { Conflict, Forbidden, Invalid, NotFound, PaymentFailed } from '../../lib/errors';
import { limits } from '../../lib/rate-limit';
import type { SessionUser } from '../auth/auth.repository';
import { giveBack, restate, takeForOrder } from '../money/money.repository';
import * as orders from '../orders/orders.repository';
import { smsTexts } from '../sms/sms-texts';
import { BkashDriver, type BkashPayment } from './bkash.driver';
import { GatewayError, takaOf } from './gateway-call';
import * as repo from './payments.repository';
import { SslcommerzDriver } from './sslcommerz.driver';

export type Gateways = { bkash?: BkashDriver | undefined; sslcommerz?: SslcommerzDriver | undefined };

/** The drivers of the gateways the configuration turns on (none: cash on delivery only). */
export function gatewaysOf(ctx: Ctx): Gateways {
  const { bkash, sslcommerz, timeoutMs } = ctx.config.payments;
  return {
    bkash: bkash && new BkashDriver(bkash, timeoutMs, () => ctx.clock.now().getTime()),
    sslcommerz: sslcommerz && new SslcommerzDriver(sslcommerz, timeoutMs),
  };
}

/** Where a return from a gateway sends the browser: the storefront's success page for the order. */
export type Return = { orderId: number | undefined; outcome: PaymentOutcome };

const NOT_AVAILABLE = say('payments.methodOff');

/**
 * Online payment (issue 15): an attempt is started for what the order owes, and only the gateway's
 * own confirmation (bKash execute or status query; SSLCommerz's validator), with the right amount,
 * records the money. A callback is a hint to ask, never proof.
 */
export class Payments {
  constructor(
    private readonly ctx: Ctx,
    private readonly gateways: Gateways,
  ) {}

  /** The gateways the shop has configured. */
  methods(): OnlineMethod[] {
    return (['bkash', 'sslcommerz'] as const).filter((m) => this.gateways[m]);
  }

  /**
   * Starts paying what the customer's own online order owes (not cancelled, something due); answers
   * the gateway's page to send the browser to. A gateway that refuses answers 502 and the order
   * stays as it was (cash on delivery still works).
   */
  async start(user: SessionUser, orderId: number, method: OnlineMethod, base: string): Promise<string> {
    const order = await orders.findOrder(this.ctx.db, orderId);
    if (!order) throw new NotFound(say('orders.notFound'));
    if (order.userId !== user.id) throw new Forbidden();
    const bkash = this.gateways.bkash;
    const ssl = this.gateways.sslcommerz;
    if ((method === 'bkash' && !bkash) || (method === 'sslcommerz' && !ssl))
      throw new Invalid('method', NOT_AVAILABLE);
    if (!order.online || order.status === ORDER_STATUS.canceled)
      throw new Conflict(say('payments.notPayable'));
    if (order.due <= 0) throw new Conflict(say('payments.alreadyPaid'));
    await this.ctx.limiter.hit(limits.payOnlineAccount(user.id));
    const attempt = await repo.insertAttempt(this.ctx.db, { orderId, gateway: method, amount: order.due });
    // The attempt's id at the gateway: not guessable, so nobody can end another customer's attempt by it.
    const invoice = `BZ${orderId}A${attempt.id}R${randomBytes(6).toString('hex')}`;
    try {
      if (bkash && method === 'bkash') {
        const created = await bkash.create({
          amount: attempt.amount,
          invoice,
          payerReference: order.phone,
          callbackURL: `${base}/api/payment/bkash/callback`,
        });
        await repo.setPaymentId(this.ctx.db, attempt.id, created.paymentID);
        return created.bkashURL;
      }
      if (!ssl) throw new Invalid('method', NOT_AVAILABLE);
      await repo.setPaymentId(this.ctx.db, attempt.id, invoice);
      const back = `${base}/api/payment/sslcommerz`;
      const session = await ssl.session({
        tranId: invoice,
        amount: attempt.amount,
        orderId,
        urls: {
          success: `${back}/success`,
          fail: `${back}/fail`,
          cancel: `${back}/cancel`,
          ipn: `${back}/ipn`,
        },
        customer: {
          name: order.name,
          phone: order.phone,
          address: order.address || '-',
          area: order.area || 'Dhaka',
        },
      });
      return session.url;
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      await repo.endAttempt(this.ctx.db, attempt.id, 'failed', err.message);
      this.ctx.log.warn(
        { order: orderId, gateway: method, err: err.message },
        'online payment could not start',
      );
      throw new PaymentFailed(say('payments.notStarted'));
    }
  }

  /**
   * bKash sent the browser back. On "success" the server executes the payment, and when that
   * answer is lost or not Completed asks for its status: only a Completed payment of the amount
   * asked is recorded, once. A repeated or made-up callback changes nothing.
   */
  async bkashReturn(paymentID: string, status: 'success' | 'failure' | 'cancel'): Promise<Return> {
    const bkash = this.gateways.bkash;
    const attempt = bkash && (await repo.findAttempt(this.ctx.db, 'bkash', paymentID));
    if (!bkash || !attempt) {
      this.ctx.log.warn({ paymentID }, 'bKash callback for a payment this shop did not start');
      return { orderId: undefined, outcome: 'failed' };
    }
    const orderId = attempt.orderId;
    if (attempt.status === 'completed') return { orderId, outcome: 'paid' };
    if (status !== 'success') {
      // A callback is a hint: the attempt ends only when bKash itself says it did not complete.
      let said: BkashPayment;
      try {
        said = await bkash.query(paymentID);
      } catch (err) {
        this.ctx.log.warn(
          { paymentID, err: String(err) },
          'bKash status query failed after a failure callback',
        );
        return { orderId, outcome: 'pending' };
      }
      if (said.transactionStatus === 'Completed') return this.bkashReturn(paymentID, 'success');
      if (!['Cancelled', 'Failed', 'Expired'].includes(said.transactionStatus)) {
        this.ctx.log.warn(
          { paymentID, callback: status, bkash: said.transactionStatus },
          'bKash callback says the payment ended; bKash does not: the attempt stays open',
        );
        return { orderId, outcome: 'pending' };
      }
      const ended = said.transactionStatus === 'Cancelled' ? 'cancelled' : 'failed';
      await repo.endAttempt(this.ctx.db, attempt.id, ended, `bKash: ${said.transactionStatus}`);
      return { orderId, outcome: ended };
    }
    let payment: BkashPayment | undefined;
    try {
      payment = await bkash.execute(paymentID);
    } catch (err) {
      this.ctx.log.warn({ paymentID, err: String(err) }, 'bKash execute failed; asking for the status');
    }
    if (payment?.transactionStatus !== 'Completed') {
      try {
        payment = await bkash.query(paymentID);
      } catch (err) {
        this.ctx.log.warn({ paymentID, err: String(err) }, 'bKash status query failed');
        return { orderId, outcome: 'pending' };
      }
    }
    if (payment.transactionStatus !== 'Completed' || !payment.trxID || payment.paymentID !== paymentID) {
      await repo.endAttempt(this.ctx.db, attempt.id, 'failed', `bKash: ${payment.transactionStatus}`);
      return { orderId, outcome: 'failed' };
    }
    const amount = takaOf(payment.amount);
    if (amount !== attempt.amount || (payment.currency ?? 'BDT') !== 'BDT') {
      return this.mismatch(attempt, `${String(payment.amount)} ${payment.currency ?? ''}`);
    }
    await this.record(attempt, payment.trxID);
    return { orderId, outcome: 'paid' };
  }

  /**
   * SSLCommerz sent the browser back (success, fail, cancel) or its IPN arrived. A success is
   * recorded only when the validator says the val_id is VALID (or VALIDATED) for this tran_id, in
   * BDT, for the amount asked; whichever of the redirect and the IPN comes first records it, once.
   */
  async sslReturn(
    kind: 'success' | 'fail' | 'cancel' | 'ipn',
    body: { tran_id: string; val_id?: string | undefined; status?: string | undefined },
  ): Promise<Return> {
    const ssl = this.gateways.sslcommerz;
    const attempt = ssl && (await repo.findAttempt(this.ctx.db, 'sslcommerz', body.tran_id));
    if (!ssl || !attempt) {
      this.ctx.log.warn(
        { tran_id: body.tran_id, kind },
        'SSLCommerz return for a payment this shop did not start',
      );
      return { orderId: undefined, outcome: 'failed' };
    }
    const orderId = attempt.orderId;
    if (attempt.status === 'completed') return { orderId, outcome: 'paid' };
    const said = (body.status ?? '').toUpperCase();
    const paidSays = kind === 'success' || (kind === 'ipn' && (said === 'VALID' || said === 'VALIDATED'));
    if (!paidSays) {
      // A callback is a hint: SSLCommerz's own record of the tran_id decides.
      let found;
      try {
        found = await ssl.transaction(attempt.paymentId ?? body.tran_id);
      } catch (err) {
        this.ctx.log.warn({ tran_id: body.tran_id, err: String(err) }, 'SSLCommerz transaction query failed');
        return { orderId, outcome: 'pending' };
      }
      if (found && ['VALID', 'VALIDATED'].includes(found.status) && found.val_id) {
        return this.sslReturn('success', { tran_id: body.tran_id, val_id: found.val_id });
      }
      if (!found || !['FAILED', 'CANCELLED', 'EXPIRED', 'UNATTEMPTED'].includes(found.status)) {
        this.ctx.log.warn(
          { tran_id: body.tran_id, kind, sslcommerz: found?.status ?? 'none' },
          'SSLCommerz callback says the payment ended; SSLCommerz does not: the attempt stays open',
        );
        return { orderId, outcome: 'pending' };
      }
      const ended = found.status === 'CANCELLED' ? 'cancelled' : 'failed';
      await repo.endAttempt(this.ctx.db, attempt.id, ended, `SSLCommerz ${kind}: ${found.status}`);
      return { orderId, outcome: ended };
    }
    if (!body.val_id) return { orderId, outcome: 'failed' };
    let v;
    try {
      v = await ssl.validate(body.val_id);
    } catch (err) {
      this.ctx.log.warn({ tran_id: body.tran_id, err: String(err) }, 'SSLCommerz validation failed');
      return { orderId, outcome: 'pending' };
    }
    if (!['VALID', 'VALIDATED'].includes(v.status) || v.tran_id !== attempt.paymentId || !v.bank_tran_id) {
      // Someone else's val_id, or none SSLCommerz knows: nothing about this attempt changes.
      this.ctx.log.warn(
        { tran_id: body.tran_id, status: v.status, for: v.tran_id },
        'SSLCommerz val_id not valid for this payment',
      );
      return { orderId, outcome: 'failed' };
    }
    if (takaOf(v.amount) !== attempt.amount || v.currency !== 'BDT') {
      return this.mismatch(attempt, `${String(v.amount)} ${v.currency ?? ''}`);
    }
    await this.record(attempt, v.bank_tran_id);
    return { orderId, outcome: 'paid' };
  }

  /** A confirmed payment of another amount than asked: never recorded as paid; kept for the owner. */
  private async mismatch(attempt: repo.AttemptRow, said: string): Promise<Return> {
    const detail = `amount mismatch: the gateway says ${said.trim()}, the shop asked ${attempt.amount} BDT`;
    this.ctx.log.warn({ order: attempt.orderId, attempt: attempt.id, gateway: attempt.gateway }, detail);
    await repo.endAttempt(this.ctx.db, attempt.id, 'failed', detail);
    return { orderId: attempt.orderId, outcome: 'failed' };
  }

  /**
   * Records a confirmed payment once: under the order's lock, then the attempt's, a payment row
   * (reference: the gateway's transaction id) and the order's paid and due. Money that arrives for an
   * order cancelled meanwhile, or already paid, goes straight back through the gateway.
   */
  private async record(attempt: repo.AttemptRow, trxId: string): Promise<void> {
    const sendBack = await this.ctx.db.transaction(async (tx) => {
      const order = await orders.findOrder(tx, attempt.orderId, true);
      const locked = await repo.lockAttempt(tx, attempt.id);
      if (!order || !locked || locked.status === 'completed') return false;
      await repo.completeAttempt(tx, locked.id, trxId);
      await takeForOrder(
        tx,
        order,
        { amount: locked.amount, method: locked.gateway, reference: trxId },
        { userId: null },
      );
      await restate(tx, order.id);
      const sendBack = order.status === ORDER_STATUS.canceled || order.due < locked.amount;
      // A customer who chose to pay online hears of the order now, once (see placeOnlineOrder).
      if (!sendBack && !order.toldPlaced && order.online && order.userId !== null) {
        const customer = await orders.customerContact(tx, order.userId);
        if (customer) {
          const due = Math.max(0, order.due - locked.amount);
          const message = smsTexts(customer.lang).orderPaid({
            name: order.name,
            id: order.id,
            paid: locked.amount,
            due,
          });
          await this.ctx.sms.enqueue(tx, [{ to: customer.phone, kind: 'order', message }]);
        }
        await orders.markToldPlaced(tx, order.id);
      }
      return sendBack;
    });
    if (!sendBack) return;
    const reason = 'Paid after the order was cancelled or paid';
    try {
      // Given back by the shop itself (nobody pressed a button): the trail says so with no person.
      await this.refundAttempt({ ...attempt, trxId, status: 'completed' }, attempt.amount, reason, null, {
        staffId: null,
        role: null,
        ip: null,
      });
    } catch (err) {
      this.ctx.log.error(
        { order: attempt.orderId, attempt: attempt.id, err: String(err) },
        'a late online payment could not be refunded automatically: refund it from the back office',
      );
    }
  }

  /**
   * An admin gives back part or all of an order's online payments through their gateways (newest
   * payment first): at most what was paid online less what went back already. Each part is held on
   * its payment first, then asked of the gateway, then written as a refund row (reference: the
   * gateway's refund id) with the order's paid and due, under the order's lock; a gateway that
   * refuses releases the hold and answers 502 with nothing recorded.
   */
  async refund(orderId: number, amount: number, reason: string, by: number, actor: AuditActor) {
    const order = await orders.findOrder(this.ctx.db, orderId);
    if (!order) throw new NotFound(say('orders.notFound'));
    const attempts = await repo.refundableAttempts(this.ctx.db, orderId);
    const left = attempts.reduce((sum, a) => sum + a.amount - a.refunded, 0);
    if (left === 0) throw new Invalid('amount', say('payments.nothingToRefund'));
    if (amount > left) throw new Invalid('amount', say('payments.refundTooMuch'));
    // Never more than the order still shows as paid (a return may have given some back already):
    // checked here for the whole amount, and again under the lock for each part.
    const held =
      order.paid - (await repo.pendingRefundsOf(this.ctx.db, orderId)).reduce((n, r) => n + r.amount, 0);
    if (amount > held)
      throw new Invalid('amount', say('payments.refundOverPaid', { amount: Math.max(0, held) }));
    const references: string[] = [];
    let rest = amount;
    for (const a of attempts) {
      if (rest === 0) break;
      const part = Math.min(rest, a.amount - a.refunded);
      references.push(await this.refundAttempt(a, part, reason, by, actor));
      rest -= part;
    }
    const now = await orders.findOrder(this.ctx.db, orderId);
    return { paid: now?.paid ?? 0, due: now?.due ?? 0, references };
  }

  /**
   * One refund through an attempt's gateway (see refund):
   * 1. under the order's lock, then the attempt's: never more than this payment has left, nor more
   *    than the order still shows as paid less what is already on its way back (a return into the
   *    advance lowers what may go back online); the amount is reserved on the attempt and a pending
   *    refund row written, before anything is asked of the gateway;
   * 2. the gateway is asked once;
   * 3. its answer ends the refund: done (the negative payment row and the order's paid, in one
   *    transaction) or refused (the reservation freed). An answer that never came leaves it pending
   *    and reserved: `settlePendingRefunds` asks the gateway how it stands; it is never sent again.
   */
  private async refundAttempt(
    attempt: repo.AttemptRow,
    part: number,
    reason: string,
    by: number | null,
    actor: AuditActor,
  ) {
    const pending = await this.ctx.db.transaction(async (tx) => {
      const order = await orders.findOrder(tx, attempt.orderId, true);
      const locked = await repo.lockAttempt(tx, attempt.id);
      if (!order || !locked) throw new NotFound(say('orders.notFound'));
      const waiting = await repo.pendingRefundsOf(tx, order.id);
      // A refund of this payment whose answer was lost: nothing more of it until it is settled.
      if (waiting.some((r) => r.attemptId === locked.id)) throw new Conflict(say('payments.refundPending'));
      const onTheWay = waiting.reduce((sum, r) => sum + r.amount, 0);
      const held = order.paid - onTheWay;
      if (part > held)
        throw new Invalid('amount', say('payments.refundOverPaid', { amount: Math.max(0, held) }));
      if (!(await repo.addRefunded(tx, locked.id, part)))
        throw new Invalid('amount', say('payments.refundTooMuch'));
      return repo.insertRefund(tx, {
        attemptId: locked.id,
        orderId: order.id,
        amount: part,
        reason,
        userId: by,
      });
    });
    let reference: string;
    try {
      reference = await this.askRefund(attempt, part, reason);
    } catch (err) {
      const definite = err instanceof GatewayError && err.failure !== 'unknown';
      if (!definite) {
        // Sent, and no answer came (or the shop failed while asking): the money may have left.
        await this.ctx.db.transaction((tx) =>
          repo.endRefund(tx, pending.id, { state: 'pending', detail: `no answer: ${String(err)}` }),
        );
        this.ctx.log.warn(
          { order: attempt.orderId, attempt: attempt.id, refund: pending.id, err: String(err) },
          'online refund: no answer from the gateway; pending until its status is known',
        );
        throw new PaymentFailed(say('payments.gatewaySilent'));
      }
      await this.ctx.db.transaction(async (tx) => {
        await orders.findOrder(tx, attempt.orderId, true);
        await repo.lockAttempt(tx, attempt.id);
        await repo.addRefunded(tx, attempt.id, -part);
        await repo.endRefund(tx, pending.id, { state: 'failed', detail: err.message });
      });
      this.ctx.log.warn(
        { order: attempt.orderId, attempt: attempt.id, err: err.message },
        'online refund failed',
      );
      throw new PaymentFailed(say('payments.refundRefused'));
    }
    await this.refundDone(pending, attempt.gateway as repo.Gateway, reference, actor);
    return reference;
  }

  /** A refund the gateway made: its negative payment row and the order's paid, once, under the locks. */
  private async refundDone(
    refund: repo.RefundRow,
    gateway: repo.Gateway,
    reference: string,
    actor: AuditActor,
  ): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const order = await orders.findOrder(tx, refund.orderId, true);
      const locked = await repo.lockRefund(tx, refund.id);
      if (!order || locked?.state !== 'pending') return;
      await repo.endRefund(tx, refund.id, { state: 'done', reference, detail: '' });
      // The money has left: its own reservation is part of what may go back.
      const back = { amount: refund.amount, method: gateway, reference, pendingRefundId: refund.id };
      await giveBack(tx, order, back, { userId: refund.userId }, 'amount');
      await restate(tx, order.id);
      await recordAudit(tx, actor, {
        action: 'order_refunded',
        entity: 'order',
        entityId: order.id,
        changes: { refund: refund.amount, method: gateway, reference, reason: refund.reason },
      });
    });
  }

  /**
   * Settles refunds whose answer was lost by asking the gateway how they stand (bKash's refund
   * status; SSLCommerz gives no way to find a refund whose reference never arrived, so those wait
   * for the owner). Made: recorded once. Anything else: still pending and reserved, with what the
   * gateway said, never sent again.
   * Runs on one app server at a time (an advisory lock), every minute.
   */
  async settlePendingRefunds(): Promise<number> {
    // The lock lives as long as this transaction; the work itself runs on other connections.
    return this.ctx.db.transaction(async (held) => {
      const lock = await held.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(1519) AS ok`);
      if (!lock.rows[0]?.ok) return 0;
      return this.settleEach();
    });
  }

  /**
   * Attempts left "started" (the shopper's return or the gateway's answers were lost; bKash sends
   * no server-to-server notice) are asked about a few minutes after they began, then with a growing
   * wait (1, 2, 4 … minutes, at most a day), until the gateway gives a final answer: a payment
   * found this way is recorded once (by the same code as a return, so a late one for a cancelled
   * order goes back); a failed or cancelled one is ended. One app server at a time (advisory lock).
   */
  async reconcileStarted(olderThanMs = 5 * 60_000, backoffMs = 60_000): Promise<number> {
    return this.ctx.db.transaction(async (held) => {
      const lock = await held.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(1520) AS ok`);
      if (!lock.rows[0]?.ok) return 0;
      let paid = 0;
      const now = this.ctx.clock.now();
      for (const a of await repo.staleStartedAttempts(this.ctx.db, now, olderThanMs, backoffMs)) {
        const id = a.paymentId ?? '';
        try {
          const { bkash, sslcommerz } = this.gateways;
          if (a.gateway === 'bkash' && bkash) {
            const said = (await bkash.query(id)).transactionStatus;
            if (said === 'Completed' || said === 'Authorized') {
              if ((await this.bkashReturn(id, 'success')).outcome === 'paid') paid++;
            } else if (['Cancelled', 'Failed', 'Expired'].includes(said)) {
              await repo.endAttempt(
                this.ctx.db,
                a.id,
                said === 'Cancelled' ? 'cancelled' : 'failed',
                `bKash: ${said}`,
              );
            } else await repo.countCheck(this.ctx.db, a.id, `bKash: ${said}`);
          } else if (a.gateway === 'sslcommerz' && sslcommerz) {
            const found = await sslcommerz.transaction(id);
            if (found && ['VALID', 'VALIDATED'].includes(found.status) && found.val_id) {
              if ((await this.sslReturn('success', { tran_id: id, val_id: found.val_id })).outcome === 'paid')
                paid++;
            } else if (found && ['FAILED', 'CANCELLED', 'EXPIRED'].includes(found.status)) {
              const ended = found.status === 'CANCELLED' ? 'cancelled' : 'failed';
              await repo.endAttempt(this.ctx.db, a.id, ended, `SSLCommerz: ${found.status}`);
            } else await repo.countCheck(this.ctx.db, a.id, `SSLCommerz: ${found?.status ?? 'not found'}`);
          } else {
            // Its gateway is no longer configured: asked about again only after its wait.
            await repo.countCheck(this.ctx.db, a.id, `${a.gateway} is not configured`);
          }
        } catch (err) {
          await repo.countCheck(this.ctx.db, a.id, `no answer: ${String(err)}`);
        }
      }
      return paid;
    });
  }

  private async settleEach(): Promise<number> {
    let settled = 0;
    {
      for (const refund of await repo.pendingRefunds(this.ctx.db)) {
        const attempt = await repo.findAttemptById(this.ctx.db, refund.attemptId);
        const bkash = this.gateways.bkash;
        if (!attempt || attempt.gateway !== 'bkash' || !bkash || !attempt.paymentId || !attempt.trxId)
          continue;
        let status;
        try {
          status = await bkash.refundStatus({ paymentID: attempt.paymentId, trxID: attempt.trxId });
        } catch (err) {
          this.ctx.log.warn({ refund: refund.id, err: String(err) }, 'bKash refund status: no answer yet');
          continue;
        }
        const system: AuditActor = { staffId: refund.userId, role: null, ip: null };
        if (status && status.amount === refund.amount && status.transactionStatus === 'Completed') {
          await this.refundDone(refund, 'bkash', status.refundTrxID, system);
        } else {
          // bKash shows no refund of this amount: it stays pending (and reserved) for the owner to
          // check in bKash's merchant panel. Freeing it on a word that may be about something else
          // could pay the customer twice.
          const said = status ? `${status.transactionStatus} ${status.amount} BDT` : 'no refund';
          await this.ctx.db.transaction((tx) =>
            repo.endRefund(tx, refund.id, { state: 'pending', detail: `bKash refund status: ${said}` }),
          );
          continue;
        }
        settled++;
      }
    }
    return settled;
  }

  private async askRefund(attempt: repo.AttemptRow, part: number, reason: string): Promise<string> {
    const { bkash, sslcommerz } = this.gateways;
    if (!attempt.trxId) throw new GatewayError('the payment has no transaction id', 'refused');
    if (attempt.gateway === 'bkash') {
      if (!bkash || !attempt.paymentId) throw new GatewayError('bKash is not configured', 'not-sent');
      return bkash.refund({
        paymentID: attempt.paymentId,
        trxID: attempt.trxId,
        amount: part,
        sku: `order-${attempt.orderId}`,
        reason,
      });
    }
    if (!sslcommerz) throw new GatewayError('SSLCommerz is not configured', 'not-sent');
    return sslcommerz.refund({ bankTranId: attempt.trxId, amount: part, remarks: reason });
  }
}
