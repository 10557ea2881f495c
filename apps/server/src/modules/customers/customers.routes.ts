import { z } from 'zod';
import { idParamSchema, listOf, messageSchema } from '@bazar/contracts/common';
import { paginated } from '@bazar/contracts/paging';
import {
  customer,
  customerAddBody,
  customerEditBody,
  customerDues,
  customerListQuery,
  customerPayBody,
  customerPayResult,
  customerSearchParams,
} from '@bazar/contracts/customers';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { NotFound } from '../../lib/errors';
import { pageAnswer } from '../../lib/paginate';
import { typed } from '../../lib/route';
import * as repo from './customers.repository';
import * as service from './customers.service';
import { customerDues as duesOf, payDues } from './dues.service';
import { currentUser } from '../../plugins/access';
import { one } from '@bazar/contracts/common';

const saved = z.object({ message: z.string(), data: customer });

export async function customerRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['customers'];

  app.get('/api/customers', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'One page of the customers (20 by default, at most 100), newest first; staff accounts are not listed.',
      querystring: customerListQuery,
      response: { 200: paginated(customer) },
    },
    handler: async (req) => {
      const { page, per_page } = req.query;
      const { rows, total } = await repo.pageCustomers(ctx.db, {
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return pageAnswer({
        data: rows,
        total,
        page,
        perPage: per_page,
        link: (n) => `/api/customers?page=${n}&per_page=${per_page}`,
      });
    },
  });

  app.get('/api/customer/search/:text', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'Customers whose phone contains the digits typed or whose name contains the text, an exact phone first (at most 20).',
      params: customerSearchParams,
      response: { 200: listOf(customer) },
    },
    handler: async (req) => ({ data: await repo.searchCustomers(ctx.db, req.params.text) }),
  });

  app.post('/api/customer/add', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'A customer added by staff (the till): a random password nobody knows (a `password` sent is ignored), unverified ' +
        'until they prove the phone; 422 on `phone` when it is taken.',
      body: customerAddBody,
      response: { 201: saved },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ message: 'Customer saved', data: await service.addCustomer(ctx, req.body) }),
  });

  app.post('/api/customer/edit/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'Edits a customer (`name` required); `phone`, `area`, `address`, `balance`, `point` and `lang` left out keep their value, a null `balance` is 0; 404 for an unknown id or a staff account.',
      params: idParamSchema,
      body: customerEditBody,
      response: { 200: saved },
    },
    handler: async (req) => ({
      message: 'Customer update',
      data: await service.editCustomer(ctx, req.params.id, req.body),
    }),
  });

  app.get('/api/customer/dues/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: 'The baki khata of a customer: their orders with money due, oldest first.',
      params: idParamSchema,
      response: { 200: one(customerDues) },
    },
    handler: async (req) => ({ data: await duesOf(ctx, req.params.id) }),
  });

  app.post('/api/customer/pay/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'Money against the customer\'s dues, oldest order first; more than owed is 422 "Amount is large". ' +
        '`sms: true` texts the customer a receipt.',
      params: idParamSchema,
      body: customerPayBody,
      response: { 200: one(customerPayResult) },
    },
    handler: async (req) => ({ data: await payDues(ctx, currentUser(req).id, req.params.id, req.body) }),
  });

  app.delete('/api/customer/delete/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: 'Deletes a customer account; their orders stay (without the account link).',
      params: idParamSchema,
      response: { 200: messageSchema },
    },
    handler: async (req) => {
      if (!(await repo.deleteCustomer(ctx.db, req.params.id))) throw new NotFound('Customer not found.');
      return { message: 'Customer deleted' };
    },
  });
}
