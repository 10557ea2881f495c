import { actorOf } from '../audit/audit.service';
import { can } from '../auth/can';
import type { FastifyInstance } from 'fastify';
import { say } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { NotFound } from '../../lib/errors';
import { listRoute, route } from '../../lib/route';
import * as repo from './customers.repository';
import * as service from './customers.service';
import { customerDues as duesOf, payDues } from './dues.service';
import { dueReceiptById, khataOf, receiveDue, sendKhataSms } from './khata.service';
import { currentUser } from '../../plugins/access';

export async function customerRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['customers'];

  listRoute(app, 'GET /api/customers', {
    config: { access: 'admin', permission: 'customers.view' },
    tags,
    description:
      'One page of the customers (20 by default, at most 100), newest first; staff accounts are not listed.',
    page: (_req, window) => repo.pageCustomers(ctx.db, window),
  });

  route(app, 'GET /api/customer/search/:text', {
    config: { access: 'admin', permission: 'customers.view' },
    tags,
    description:
      'Customers whose phone contains the digits typed or whose name contains the text, an exact phone first (at most 20).',
    handler: async (req) => ({ data: await repo.searchCustomers(ctx.db, req.params.text) }),
  });

  route(app, 'POST /api/customer/add', {
    config: { access: 'admin', permission: 'customers.edit' },
    tags,
    description:
      'A customer added by staff (the till): a random password nobody knows (a `password` sent is ignored), unverified ' +
      'until they prove the phone; 422 on `phone` when it is taken.',
    handler: async (req) => ({ message: 'Customer saved', data: await service.addCustomer(ctx, req.body) }),
  });

  route(app, 'POST /api/customer/edit/:id', {
    config: { access: 'admin', permission: 'customers.edit' },
    tags,
    description:
      'Edits a customer (`name` required); `phone`, `area`, `address`, `balance`, `point` and `lang` left out keep their value, a null `balance` is 0; 404 for an unknown id or a staff account.',
    handler: async (req) => ({
      message: 'Customer update',
      data: await service.editCustomer(ctx, req.params.id, req.body, {
        balance: can(currentUser(req), 'customers.balance'),
        actor: actorOf(req),
      }),
    }),
  });

  route(app, 'GET /api/customer/dues/:id', {
    config: { access: 'admin', permission: 'customers.view' },
    tags,
    description: 'The baki khata of a customer: their orders with money due, oldest first.',
    handler: async (req) => ({ data: await duesOf(ctx, req.params.id) }),
  });

  route(app, 'POST /api/customer/pay/:id', {
    config: { access: 'admin', permission: 'customers.dues' },
    tags,
    description:
      'Money against the customer\'s dues, oldest order first; more than owed is 422 "Amount is large". ' +
      '`sms: true` texts the customer a receipt.',
    handler: async (req) => ({
      data: await payDues(ctx, currentUser(req).id, req.params.id, req.body, actorOf(req)),
    }),
  });

  route(app, 'GET /api/customer/khata/:id', {
    config: { access: 'admin', permission: 'customers.view' },
    tags,
    description:
      "A customer's khata: every sale on credit, every payment, money given back and return, oldest " +
      'first, with the running balance (what they owe after each line), and their credit limit.',
    handler: async (req) => ({ data: await khataOf(ctx, req.params.id) }),
  });

  route(app, 'POST /api/customer/khata/:id/sms', {
    config: { access: 'admin', permission: 'customers.dues' },
    tags,
    description:
      "Texts the customer their khata's summary (what they owe, the last payment), in their language.",
    handler: async (req) => {
      await sendKhataSms(ctx, req.params.id, actorOf(req));
      return { message: 'SMS queued' };
    },
  });

  route(app, 'POST /api/till/due/:id', {
    config: { access: 'admin', permission: 'customers.dues' },
    tags,
    description:
      '"Receive due" at the till: payments (cash, bKash, Nagad, card; split) against the customer\'s ' +
      'dues, oldest first; kept as a due receipt for its slip. The same `client_id` again answers the ' +
      'receipt already kept (200), the money taken once; more than owed is 422 "Amount is large".',
    handler: async (req, reply) => {
      const { receipt, replay } = await receiveDue(
        ctx,
        currentUser(req).id,
        req.params.id,
        req.body,
        actorOf(req),
      );
      if (replay) reply.code(200);
      return { data: receipt };
    },
  });

  route(app, 'GET /api/till/due-receipt/:id', {
    config: { access: 'admin', permission: 'customers.dues' },
    tags,
    description: 'A due receipt, for its slip (printed again).',
    handler: async (req) => ({ data: await dueReceiptById(ctx, req.params.id) }),
  });

  route(app, 'DELETE /api/customer/delete/:id', {
    config: { access: 'admin', permission: 'customers.delete' },
    tags,
    description: 'Deletes a customer account; their orders stay (without the account link).',
    handler: async (req) => {
      if (!(await repo.deleteCustomer(ctx.db, req.params.id))) throw new NotFound(say('customers.notFound'));
      return { message: 'Customer deleted' };
    },
  });
}
