import { actorOf } from '../audit/audit.service';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { listRoute, route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import * as service from './purchases.service';

/** Suppliers, purchases from them and paying them off (issue 13). Admins only. */
export async function purchaseRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['purchases'];

  route(app, 'GET /api/suppliers', {
    config: { access: 'admin', permission: ['suppliers.manage', 'purchases.manage'] },
    tags,
    description: 'Every supplier by name, with what the shop owes each (`due`).',
    handler: async () => ({ data: await service.listSuppliers(ctx) }),
  });

  route(app, 'POST /api/supplier/add', {
    config: { access: 'admin', permission: 'suppliers.manage' },
    tags,
    handler: async (req) => ({ data: await service.addSupplier(ctx, req.body) }),
  });

  route(app, 'POST /api/supplier/edit/:id', {
    config: { access: 'admin', permission: 'suppliers.manage' },
    tags,
    handler: async (req) => ({ data: await service.editSupplier(ctx, req.params.id, req.body) }),
  });

  route(app, 'DELETE /api/supplier/:id', {
    config: { access: 'admin', permission: 'suppliers.manage' },
    tags,
    description: 'Deletes a supplier with no purchases (409 otherwise).',
    handler: async (req) => {
      await service.removeSupplier(ctx, req.params.id);
      return { message: 'Supplier deleted' };
    },
  });

  route(app, 'POST /api/supplier/pay/:id', {
    config: { access: 'admin', permission: 'suppliers.manage' },
    tags,
    description: 'Pays off part or all of what the shop owes the supplier (422 "Amount is large" beyond it).',
    handler: async (req) => ({
      data: await service.paySupplier(ctx, currentUser(req).id, req.params.id, req.body, actorOf(req)),
    }),
  });

  listRoute(app, 'GET /api/purchases', {
    config: { access: 'admin', permission: 'purchases.manage' },
    tags,
    description:
      "One page of the purchases (a supplier's, days from..to by the invoice's date), newest first; " +
      '`meta.totals` counts every purchase of the filter.',
    page: (req, window) => {
      const q = req.query;
      const filter = { supplierId: q.supplier_id, from: q.from || undefined, to: q.to || undefined };
      return service.purchasePage(ctx, filter, window);
    },
  });

  route(app, 'GET /api/purchase/:id', {
    config: { access: 'admin', permission: 'purchases.manage' },
    tags,
    handler: async (req) => ({ data: await service.findPurchase(ctx, req.params.id) }),
  });

  route(app, 'POST /api/purchase/add', {
    config: { access: 'admin', permission: 'purchases.manage' },
    tags,
    description:
      "A supplier's invoice: each line's quantity goes into stock (ledger reason purchase) and its " +
      "buy price becomes the product's; what is not paid is added to the supplier's due.",
    handler: async (req) => ({
      data: await service.addPurchase(ctx, currentUser(req).id, req.body, actorOf(req)),
    }),
  });

  route(app, 'DELETE /api/purchase/:id', {
    config: { access: 'admin', permission: 'purchases.manage' },
    tags,
    description:
      "Deletes a purchase entered by mistake: its quantities leave stock, its unpaid part the supplier's due.",
    handler: async (req) => {
      await service.deletePurchase(ctx, currentUser(req).id, req.params.id, actorOf(req));
      return { message: 'Purchase deleted' };
    },
  });
}
