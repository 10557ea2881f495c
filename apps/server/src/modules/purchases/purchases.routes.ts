import { z } from 'zod';
import { idParamSchema } from '@bazar/contracts/common';
import {
  purchase,
  purchaseBody,
  purchasePage,
  purchaseQuery,
  supplier,
  supplierBody,
  supplierPayBody,
} from '@bazar/contracts/purchases';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { pageLinks } from '../../lib/paginate';
import { typed } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import * as service from './purchases.service';

/** Suppliers, purchases from them and paying them off (issue 13). Admins only. */
export async function purchaseRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['purchases'];
  const message = z.object({ message: z.string() });

  app.get('/api/suppliers', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: 'Every supplier by name, with what the shop owes each (`due`).',
      response: { 200: z.object({ data: z.array(supplier) }) },
    },
    handler: async () => ({ data: await service.listSuppliers(ctx) }),
  });

  app.post('/api/supplier/add', {
    config: { access: 'admin' },
    schema: {
      tags,
      body: supplierBody,
      response: { 201: z.object({ data: supplier }) },
    },
    handler: async (req, reply) => reply.code(201).send({ data: await service.addSupplier(ctx, req.body) }),
  });

  app.post('/api/supplier/edit/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: idParamSchema,
      body: supplierBody,
      response: { 200: z.object({ data: supplier }) },
    },
    handler: async (req) => ({ data: await service.editSupplier(ctx, req.params.id, req.body) }),
  });

  app.delete('/api/supplier/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: 'Deletes a supplier with no purchases (409 otherwise).',
      params: idParamSchema,
      response: { 200: message },
    },
    handler: async (req) => {
      await service.removeSupplier(ctx, req.params.id);
      return { message: 'Supplier deleted' };
    },
  });

  app.post('/api/supplier/pay/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'Pays off part or all of what the shop owes the supplier (422 "Amount is large" beyond it).',
      params: idParamSchema,
      body: supplierPayBody,
      response: { 200: z.object({ data: supplier }) },
    },
    handler: async (req) => ({
      data: await service.paySupplier(ctx, currentUser(req).id, req.params.id, req.body),
    }),
  });

  app.get('/api/purchases', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        "One page of the purchases (a supplier's, days from..to by the invoice's date), newest first; " +
        '`meta.totals` counts every purchase of the filter.',
      querystring: purchaseQuery,
      response: { 200: purchasePage },
    },
    handler: async (req) => {
      const { page, per_page, ...q } = req.query;
      const filter = { supplierId: q.supplier_id, from: q.from || undefined, to: q.to || undefined };
      const link = pageLinks('/api/purchases', q, per_page);
      return service.purchasePage(ctx, filter, page, per_page, link);
    },
  });

  app.get('/api/purchase/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, response: { 200: z.object({ data: purchase }) } },
    handler: async (req) => ({ data: await service.findPurchase(ctx, req.params.id) }),
  });

  app.post('/api/purchase/add', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        "A supplier's invoice: each line's quantity goes into stock (ledger reason purchase) and its " +
        "buy price becomes the product's; what is not paid is added to the supplier's due.",
      body: purchaseBody,
      response: { 201: z.object({ data: purchase }) },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await service.addPurchase(ctx, currentUser(req).id, req.body) }),
  });

  app.delete('/api/purchase/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        "Deletes a purchase entered by mistake: its quantities leave stock, its unpaid part the supplier's due.",
      params: idParamSchema,
      response: { 200: message },
    },
    handler: async (req) => {
      await service.deletePurchase(ctx, currentUser(req).id, req.params.id);
      return { message: 'Purchase deleted' };
    },
  });
}
