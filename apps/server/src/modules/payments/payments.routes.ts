import { actorOf } from '../audit/audit.service';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { say } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { BadRequest } from '../../lib/errors';
import { listRoute, route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { gatewaysOf, Payments, type Return } from './payments.service';
import { pageOnlinePayments } from './online-payments.repository';

/**
 * Online payment (issue 15): which gateways are on, starting a payment, the gateways' returns
 * (bKash's callback, SSLCommerz's success/fail/cancel posts and IPN) and an admin's refund.
 */
export async function paymentRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['payments'];
  const payments = new Payments(ctx, gatewaysOf(ctx));

  // SSLCommerz posts forms (the browser's return and its IPN): read here only, for these routes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(
        null,
        Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
      );
    } catch {
      done(new BadRequest(say('payments.formUnreadable')), undefined);
    }
  });

  /** The shop's address for the gateways' return addresses: PUBLIC_URL, never a request's Host. */
  const base = ctx.config.publicUrl;
  /** The storefront's success page, told the order and how its payment ended. */
  const back = (reply: FastifyReply, r: Return) => {
    const query = new URLSearchParams({ ...(r.orderId && { order: String(r.orderId) }), payment: r.outcome });
    return reply.code(303).redirect(`/user/success?${query}`);
  };

  route(app, 'GET /api/payment/methods', {
    config: { access: 'guest' },
    tags,
    description:
      'The online payment gateways the shop has configured (an empty list: cash on delivery only).',
    handler: async () => ({ data: payments.methods() }),
  });

  route(app, 'POST /api/order/:id/pay-online', {
    config: { access: 'customer' },
    tags,
    description:
      "Starts paying what the customer's own online order owes through bKash or SSLCommerz; answers the " +
      "gateway's page to send the browser to. 502 when the gateway refuses (the order stays unpaid).",
    handler: async (req) => ({
      data: { url: await payments.start(currentUser(req), req.params.id, req.body.method, base) },
    }),
  });

  route(app, 'GET /api/payment/bkash/callback', {
    config: { access: 'guest' },
    tags,
    description:
      "bKash's return of the shopper's browser. Never trusted alone: the server executes the payment (or " +
      'asks its status) and records it once; redirects to the storefront success page.',
    handler: async (req, reply) =>
      back(reply, await payments.bkashReturn(req.query.paymentID, req.query.status)),
  });

  for (const kind of ['success', 'fail', 'cancel'] as const) {
    route(app, `POST /api/payment/sslcommerz/${kind}`, {
      config: { access: 'guest' },
      tags,
      description: `SSLCommerz's return of the shopper's browser (${kind}); a success is validated with SSLCommerz before it counts. Redirects to the storefront success page.`,
      handler: async (req, reply) => back(reply, await payments.sslReturn(kind, req.body)),
    });
  }

  route(app, 'POST /api/payment/sslcommerz/ipn', {
    config: { access: 'guest' },
    tags,
    description: "SSLCommerz's server-to-server notice of a payment: validated, recorded once, answered 200.",
    handler: async (req) => {
      await payments.sslReturn('ipn', req.body);
      return { message: 'OK' };
    },
  });

  listRoute(app, 'GET /api/online-payments', {
    config: { access: 'admin', permission: 'orders.refund_online' },
    tags,
    description:
      'Online payments: every attempt, newest first, with its state (paid, pending, failed, cancelled, mismatch, ' +
      'refund_pending, refunded), what the gateway last said and how often the shop asked; filters `from`/`to` ' +
      '(shop days the attempt began), `state`, `gateway`; `meta.totals.attention` counts those that need a look ' +
      '(a refund pending, an attempt pending for 15 minutes or more).',
    page: (req, window) =>
      pageOnlinePayments(
        ctx.db,
        {
          from: req.query.from || undefined,
          to: req.query.to || undefined,
          tz: ctx.config.shopTz,
          state: req.query.state,
          gateway: req.query.gateway,
        },
        window,
      ),
  });

  route(app, 'POST /api/order/:id/refund-online', {
    config: { access: 'admin', permission: 'orders.refund_online' },
    tags,
    description:
      "Gives back part or all of an order's online payments through their gateway (at most what was paid " +
      'online less earlier refunds): a refund row per gateway refund id. 502 when the gateway refuses; nothing is written.',
    handler: async (req) => ({
      data: await payments.refund(
        req.params.id,
        req.body.amount,
        req.body.reason,
        currentUser(req).id,
        actorOf(req),
      ),
    }),
  });
}
