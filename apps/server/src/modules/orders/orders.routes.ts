import { z } from 'zod';
import { idParamSchema, listOf, messageSchema, one } from '@bazar/contracts/common';
import {
  order,
  orderFilterQuery,
  ordersQuery,
  payBody,
  payResult,
  orderAddBody,
  shortLines,
  smsTextBody,
} from '@bazar/contracts/orders';
import { phoneSchema, ROLE } from '@bazar/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { Forbidden } from '../../lib/errors';
import { typed } from '../../lib/route';
import { placeTillOrder } from '../till/till.service';
import { currentUser } from '../../plugins/access';
import * as repo from './orders.repository';
import * as service from './orders.service';

const idempotencyHeader = z.object({ 'idempotency-key': z.string().trim().min(1).max(100).optional() });

export async function orderRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['orders'];

  app.post('/api/order/add', {
    config: { access: 'verified' },
    schema: {
      tags,
      description:
        'A storefront order (verified customers; priced by the server; an Idempotency-Key header makes ' +
        'retries safe), or with `terminal: 1` a till sale (admins only; shipping, discount and payment ' +
        'from the till, stock may go below zero).',
      headers: idempotencyHeader,
      body: orderAddBody,
      response: { 200: one(order), 201: one(order), 409: shortLines },
    },
    handler: async (req, reply) => {
      const user = currentUser(req);
      const body = req.body;
      if (body.terminal === 1) {
        if (user.role !== ROLE.admin) throw new Forbidden();
        const sale = await placeTillOrder(ctx, user, body, req.headers['idempotency-key']);
        return reply.code(sale.replay ? 200 : 201).send({ data: sale.order });
      }
      const { order: placed, replay } = await service.placeOnlineOrder(
        ctx,
        user,
        body,
        req.headers['idempotency-key'],
      );
      return reply.code(replay ? 200 : 201).send({ data: placed });
    },
  });

  app.get('/api/orders/:phone', {
    config: { access: 'customer' },
    schema: { tags, params: z.object({ phone: phoneSchema }), response: { 200: listOf(order) } },
    handler: async (req) => ({ data: await service.ordersOfPhone(ctx, currentUser(req), req.params.phone) }),
  });

  app.get('/api/order/:id', {
    config: { access: 'customer' },
    schema: { tags, params: idParamSchema, response: { 200: one(order) } },
    handler: async (req) => ({ data: await service.readOrder(ctx, currentUser(req), req.params.id) }),
  });

  app.get('/api/orders', {
    config: { access: 'admin' },
    schema: { tags, querystring: ordersQuery, response: { 200: listOf(order) } },
    handler: async (req) => ({
      data: await repo.withLines(ctx.db, await repo.listOrders(ctx.db, { type: req.query.type, status: 0 })),
    }),
  });

  app.get('/api/order-filter', {
    config: { access: 'admin' },
    schema: { tags, querystring: orderFilterQuery, response: { 200: listOf(order) } },
    handler: async (req) => {
      const q = req.query;
      const rows = await repo.listOrders(ctx.db, {
        field: q.field,
        value: q.value,
        from: q.from || undefined,
        to: q.to || undefined,
        tz: ctx.config.shopTz,
        type: q.type,
        status: q.status,
      });
      return { data: await repo.withLines(ctx.db, rows) };
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
