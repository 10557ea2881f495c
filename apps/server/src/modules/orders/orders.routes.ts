import { z } from 'zod';
import { idParamSchema, listOf, messageSchema, one } from '@bazar/contracts/common';
import {
  order,
  orderExportQuery,
  orderFilterQuery,
  ordersQuery,
  orderWithTimeline,
  payBody,
  payResult,
  returnBody,
  returnResult,
  shortLines,
  smsTextBody,
} from '@bazar/contracts/orders';
import { phoneSchema } from '@bazar/contracts/common';
import { deliveriesQuery } from '@bazar/contracts/delivery';
import { listPageQuery, orderTotals, paginated, paginatedWithTotals } from '@bazar/contracts/paging';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { pageLinks } from '../../lib/paginate';
import { shopDay } from '../../lib/shop-day';
import { typed } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import type { OrderFilter } from './orders.repository';
import * as service from './orders.service';
import { returnGoods } from './returns.service';

/** Orders: reading, paying, deleting (placing one, online or at the till, is `POST /api/order/add` in till.routes.ts). */
export async function orderRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['orders'];

  app.get('/api/orders/:phone', {
    config: { access: 'customer' },
    schema: {
      tags,
      description: "One page of a customer's orders, newest first (a customer sees only their own).",
      params: z.object({ phone: phoneSchema }),
      querystring: listPageQuery,
      response: { 200: paginated(order) },
    },
    handler: async (req) => {
      const { page, per_page } = req.query;
      const link = pageLinks(`/api/orders/${req.params.phone}`, {}, per_page);
      return service.ordersOfPhone(ctx, currentUser(req), req.params.phone, page, per_page, link);
    },
  });

  // A static path wins over `/api/orders/:phone` in the router.
  app.get('/api/orders/differences', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        "Till sales synced after an outage whose lines differed from the server's prices or products " +
        'when they arrived (`differences` on each), newest first.',
      response: { 200: listOf(order) },
    },
    handler: async () => ({ data: await service.salesWithDifferences(ctx) }),
  });

  app.get('/api/orders/deliveries', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'The orders booked for delivery on a shop day (`date`, today when left out), cancelled ones left out, in slot order ("Today\'s deliveries").',
      querystring: deliveriesQuery,
      response: { 200: listOf(order) },
    },
    handler: async (req) => ({ data: await service.deliveries(ctx, req.query.date) }),
  });

  app.get('/api/order/:id', {
    config: { access: 'customer' },
    schema: {
      tags,
      description:
        "The order (its owner's or, for an admin, anyone's) with `timeline`: each status it was in and when, oldest first.",
      params: idParamSchema,
      response: { 200: one(orderWithTimeline) },
    },
    handler: async (req) => ({ data: await service.readOrder(ctx, currentUser(req), req.params.id) }),
  });

  const orderPage = paginatedWithTotals(order, orderTotals);
  /** The order filter's query (order filter and export) as the repository's filter, in shop days. */
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

  app.get('/api/orders', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'One page of the orders of a type, newest first; `meta.totals` counts the whole list (every page).',
      querystring: ordersQuery,
      response: { 200: orderPage },
    },
    handler: async (req) => {
      const { page, per_page, ...query } = req.query;
      return service.orderPage(
        ctx,
        { type: query.type, status: 0 },
        page,
        per_page,
        pageLinks('/api/orders', query, per_page),
      );
    },
  });

  app.get('/api/order-filter', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'One page of the orders matching the filter, newest first; `meta.totals` counts every matching order.',
      querystring: orderFilterQuery,
      response: { 200: orderPage },
    },
    handler: async (req) => {
      const { page, per_page, ...q } = req.query;
      const link = pageLinks('/api/order-filter', q, per_page);
      return service.orderPage(ctx, filterOf(q), page, per_page, link);
    },
  });

  app.get('/api/orders/export', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        "Every order matching the filter (the order filter's fields, no paging) as a CSV file for a " +
        'spreadsheet, newest first, streamed: ID, Date (shop time), Customer, Phone, Area, Address, ' +
        'Type, Status, Subtotal, Returned, Shipping, Discount, Total, Paid, Due.',
      querystring: orderExportQuery,
    },
    handler: async (req, reply) => {
      const filter = filterOf(req.query);
      const day = shopDay(ctx.clock.now(), ctx.config.shopTz);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(service.exportOrders(ctx, filter));
    },
  });

  app.post('/api/order/pay/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: idParamSchema,
      body: payBody,
      response: { 200: one(payResult), 409: shortLines },
    },
    handler: async (req) => ({ data: await service.pay(ctx, req.params.id, req.body, currentUser(req).id) }),
  });

  app.post('/api/order/return/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'Some or all of some lines come back: stock back through the ledger, never more than sold less ' +
        "earlier returns (409 naming the lines), the money back exactly what was paid beyond the order's " +
        "new total (a negative payment row; `balance` puts it into the customer's advance).",
      params: idParamSchema,
      body: returnBody,
      response: { 201: one(returnResult) },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await returnGoods(ctx, currentUser(req).id, req.params.id, req.body) }),
  });

  app.delete('/api/order/delete/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      await service.deleteOrder(ctx, req.params.id, currentUser(req).id);
      return { message: 'Order deleted' };
    },
  });

  app.post('/api/sms-send/order/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, body: smsTextBody, response: { 200: messageSchema } },
    handler: async (req) => {
      await service.sendOrderSms(ctx, req.params.id, req.body.text);
      return { message: 'SMS queued' };
    },
  });
}
