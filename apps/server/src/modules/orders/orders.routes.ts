import type { FastifyRequest } from 'fastify';
import type { Approval, ApprovalKind } from '@bazar/contracts/approvals';
import { approverOf, type StaffAct } from '../staff/pin.service';
import { actorOf } from '../audit/audit.service';
import type { z } from 'zod';
import type { orderExportQuery } from '@bazar/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { listRoute, route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import type { OrderFilter } from './order-filter.repository';
import * as service from './orders.service';
import * as payService from './pay.service';
import { returnGoods } from './returns.service';

/** Orders: reading, paying, deleting (placing one, online or at the till, is `POST /api/order/add` in till.routes.ts). */
export async function orderRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['orders'];

  listRoute(app, 'GET /api/orders/:phone', {
    config: { access: 'customer' },
    tags,
    description:
      "One page of a customer's orders, newest first: a customer may ask only for their own phone (403 " +
      'for another), an admin for anyone’s.',
    page: (req, window) => service.ordersOfPhone(ctx, currentUser(req), req.params.phone, window),
  });

  // A static path wins over `/api/orders/:phone` in the router.
  route(app, 'GET /api/orders/differences', {
    config: { access: 'admin', permission: 'orders.view' },
    tags,
    description:
      "Till sales synced after an outage whose lines differed from the server's prices or products " +
      'when they arrived (`differences` on each), newest first.',
    handler: async () => ({ data: await service.salesWithDifferences(ctx) }),
  });

  route(app, 'GET /api/orders/deliveries', {
    config: { access: 'admin', permission: 'orders.view' },
    tags,
    description:
      'The orders booked for delivery on a shop day (`date`, today when left out), cancelled ones left out, in slot order ("Today\'s deliveries").',
    handler: async (req) => ({ data: await service.deliveries(ctx, req.query.date) }),
  });

  route(app, 'GET /api/order/:id', {
    config: { access: 'customer' },
    tags,
    description:
      "The order (its owner's or, for an admin, anyone's) with `timeline`: each status it was in and when, oldest first.",
    handler: async (req) => ({ data: await service.readOrder(ctx, currentUser(req), req.params.id) }),
  });

  route(app, 'GET /api/order/receipt/:number', {
    config: { access: 'admin', permission: 'orders.returns' },
    tags,
    description:
      "The sale a receipt names, as `GET /api/order/{id}` answers it: the order's number (`1234`) or the " +
      'provisional number a sale made offline was printed with (`T-A1-7`), a leading `#` (the receipt ' +
      "barcode's) allowed. The till opens the sale's return from it. 404 when no sale has that number.",
    handler: async (req) => ({ data: await service.readReceipt(ctx, currentUser(req), req.params.number) }),
  });

  /** The order filter's query as the repository's filter, in shop days. */
  const filterOf = (q: z.output<typeof orderExportQuery>): OrderFilter => ({
    field: q.field,
    value: q.value,
    from: q.from || undefined,
    to: q.to || undefined,
    tz: ctx.config.shopTz,
    type: q.type,
    status: q.status,
    slotDate: q.slot_date || undefined,
    slotStart: q.slot_start,
  });

  listRoute(app, 'GET /api/orders', {
    config: { access: 'admin', permission: 'orders.view' },
    tags,
    description:
      'One page of the orders of a type (`type` 2 all, 1 online, 0 at the till), newest first; ' +
      '`meta.totals` counts the whole list (every page).',
    page: (req, window) => service.orderPage(ctx, { type: req.query.type, status: 0 }, window),
  });

  listRoute(app, 'GET /api/order-filter', {
    config: { access: 'admin', permission: 'orders.view' },
    tags,
    description:
      'One page of the orders matching the filter, newest first: `field` (ID, Name, Phone, Area, Address) ' +
      'with `value`, `from`/`to` shop days (inclusive), `type` (2 all, 1 online, 0 till), `status` (0 all, ' +
      '1 with a due, 2 paid), a delivery slot; `meta.totals` counts every matching order.',
    page: (req, window) => service.orderPage(ctx, filterOf(req.query), window),
  });

  /** The caller's act: who, from where, and the manager whose PIN the request brought (checked now). */
  const actOf = async (
    req: FastifyRequest,
    approval: Approval | undefined,
    kind: ApprovalKind,
  ): Promise<StaffAct> => {
    const actor = actorOf(req);
    return { user: currentUser(req), actor, approver: await approverOf(ctx, approval, actor, kind) };
  };

  route(app, 'POST /api/order/pay/:id', {
    config: { access: 'admin', permission: 'orders.edit' },
    tags,
    description:
      'Records an amount received now (`paid` by `method`, more than the due: 422 `amount_large`) and the ' +
      'new `status`; a real status change adds a timeline step and one SMS in the customer’s language. ' +
      'Cancelling an order with money paid may say how it goes back (`refund`); re-activating a cancelled ' +
      'online order refuses (409) the lines the shop can no longer fill.',
    handler: async (req) => ({
      data: await payService.pay(ctx, req.params.id, req.body, await actOf(req, req.body.approval, 'void')),
    }),
  });

  route(app, 'POST /api/order/return/:id', {
    config: { access: 'admin', permission: 'orders.returns' },
    tags,
    description:
      'Some or all of some lines come back: stock back through the ledger, never more than sold less ' +
      "earlier returns (409 naming the lines), the money back exactly what was paid beyond the order's " +
      "new total (a negative payment row; `balance` puts it into the customer's advance).",
    handler: async (req) => ({
      data: await returnGoods(ctx, await actOf(req, req.body.approval, 'return'), req.params.id, req.body),
    }),
  });

  route(app, 'DELETE /api/order/delete/:id', {
    config: { access: 'admin', permission: 'orders.delete' },
    tags,
    description:
      'Deletes an order; what the customer still has of it goes back to stock unless it was cancelled.',
    handler: async (req) => {
      await payService.deleteOrder(ctx, req.params.id, await actOf(req, req.body?.approval, 'void'));
      return { message: 'Order deleted' };
    },
  });

  route(app, 'POST /api/sms-send/order/:id', {
    config: { access: 'admin', permission: 'orders.edit' },
    tags,
    description: "Queues `text` to the order's phone.",
    handler: async (req) => {
      await service.sendOrderSms(ctx, req.params.id, req.body.text);
      return { message: 'SMS queued' };
    },
  });
}
