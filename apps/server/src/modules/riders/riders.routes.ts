import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { actorOf } from '../audit/audit.service';
import { markShort } from '../orders/returns.service';
import * as service from './riders.service';

/** Riders (issue 27): assigning orders, the pick list, the rider's own screen, settling their cash. */
export async function riderRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['riders'];

  route(app, 'GET /api/riders', {
    config: { access: 'admin', permission: ['deliveries.assign', 'deliveries.settle'] },
    tags,
    description:
      'Every rider (staff whose role holds `deliveries.ride`), active first, with the cash each holds.',
    handler: async () => ({ data: await service.riders(ctx) }),
  });

  route(app, 'POST /api/order/:id/rider', {
    config: { access: 'admin', permission: 'deliveries.assign' },
    tags,
    description:
      'Assigns the order to an active rider (`rider_id`), another one, or to nobody (`null`). 409 for an ' +
      'order delivered or cancelled; 422 when `rider_id` is not an active rider.',
    handler: async (req) => ({
      data: await service.assign(ctx, actorOf(req), [req.params.id], req.body.rider_id),
    }),
  });

  route(app, 'POST /api/deliveries/assign', {
    config: { access: 'admin', permission: 'deliveries.assign' },
    tags,
    description: 'Assigns many orders (`order_ids`) to one rider, or to nobody, all or none.',
    handler: async (req) => ({
      data: await service.assign(ctx, actorOf(req), req.body.order_ids, req.body.rider_id),
    }),
  });

  route(app, 'GET /api/deliveries/pick-list', {
    config: { access: 'admin', permission: ['deliveries.assign', 'orders.view'] },
    tags,
    description:
      'What to take from the shelves: for a day’s deliveries (`date`, today when left out; one slot with ' +
      '`slot_start`) or chosen orders (`order_ids`, comma separated), every product by category with its ' +
      'total and what each order takes; and each order with its lines (the packing slips).',
    handler: async (req) => ({ data: await service.pickListOf(ctx, req.query) }),
  });

  route(app, 'GET /api/deliveries/summary', {
    config: { access: 'admin', permission: 'dashboard.view' },
    tags,
    description:
      'A day’s deliveries (`date`, today when left out) per slot (waiting, out, delivered, failed), how ' +
      'many were delivered on time (before their slot ended), failed reasons, and the cash with riders now.',
    handler: async (req) => ({ data: await service.summary(ctx, req.query.date) }),
  });

  route(app, 'POST /api/order/:id/short', {
    config: { access: 'admin', permission: 'orders.edit' },
    tags,
    description:
      'A product the shelf is short of while packing: `quantity` of it comes off the order (its total ' +
      'falls; stock does not move, since the shelf did not have it), money paid beyond the new total goes ' +
      'to the customer’s advance, and the customer gets one SMS. 409 once delivered or cancelled.',
    handler: async (req) => ({
      data: await markShort(
        ctx,
        { user: currentUser(req), actor: actorOf(req), approver: null },
        req.params.id,
        {
          product_id: req.body.product_id,
          quantity: req.body.quantity,
        },
      ),
    }),
  });

  route(app, 'GET /api/rider/deliveries', {
    config: { access: 'admin', permission: 'deliveries.ride' },
    tags,
    description:
      "The signed-in rider's deliveries: assigned and still to do, and those they delivered or failed " +
      'today, in slot order; each with its lines, what to collect and what they collected.',
    handler: async (req) => ({ data: await service.riderDeliveries(ctx, currentUser(req)) }),
  });

  route(app, 'POST /api/rider/deliveries/:id/picked-up', {
    config: { access: 'admin', permission: 'deliveries.ride' },
    tags,
    description:
      'The rider left the shop with the order: Out for delivery, on the timeline with their name; the ' +
      'customer gets one SMS naming the rider and their phone. Once only; 404 for an order not theirs.',
    handler: async (req) => ({
      data: await service.pickedUp(ctx, currentUser(req), actorOf(req), req.params.id),
    }),
  });

  route(app, 'POST /api/rider/deliveries/:id/delivered', {
    config: { access: 'admin', permission: 'deliveries.ride' },
    tags,
    description:
      'Delivered, with what was collected (`payments`: cash, bkash or nagad with its TrxID; none when ' +
      'paid): the order’s paid rises and its due falls once, however often this is sent. 422 ' +
      '`amount_large` beyond the due; 404 for an order not theirs.',
    handler: async (req) => ({
      data: await service.delivered(
        ctx,
        currentUser(req),
        actorOf(req),
        req.params.id,
        req.body.payments,
        req.body.client_id,
      ),
    }),
  });

  route(app, 'POST /api/rider/deliveries/:id/failed', {
    config: { access: 'admin', permission: 'deliveries.ride' },
    tags,
    description:
      'Not delivered, with a reason (`not_home`, `refused`, `wrong_address`, `other` with a `note`) and ' +
      'maybe a new `slot`: the order comes back to the shop (Collecting, unassigned), the customer gets ' +
      'one SMS. Once only; 404 for an order not theirs.',
    handler: async (req) => ({
      data: await service.failed(ctx, currentUser(req), actorOf(req), req.params.id, req.body),
    }),
  });

  route(app, 'GET /api/riders/:id/settlement', {
    config: { access: 'admin', permission: 'deliveries.settle' },
    tags,
    description:
      'A rider’s day (`date`, today when left out): orders delivered, failed and still out, what they ' +
      'collected by method, that day’s handovers, and the cash they hold now (a difference not settled).',
    handler: async (req) => ({ data: await service.settlementOf(ctx, req.params.id, req.query.date) }),
  });

  route(app, 'POST /api/riders/:id/settlement', {
    config: { access: 'admin', permission: 'deliveries.settle' },
    tags,
    description:
      'Records the cash the rider handed over (`cash`, for the day `date`) against what they held (the ' +
      'cash they took at doors, already in the day’s money); what is not handed over stays with the rider.',
    handler: async (req) => ({
      data: await service.settle(ctx, currentUser(req), actorOf(req), req.params.id, req.body),
    }),
  });
}
