import { ROLE } from '@bazar/contracts/common';
import { TILL_CATALOG_PAGE_MAX } from '@bazar/contracts/till';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { can } from '../auth/can';
import { Forbidden, MissingPermission } from '../../lib/errors';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { placeOnlineOrder } from '../orders/checkout.service';
import { placeTillOrder, tillCatalogSince } from './till.service';
import {
  approverDetails,
  openDrawer,
  offlineApprover,
  switchCashier,
  tillSellerOf,
  type TillSaleBody,
} from './till-staff.service';
import type { AuditActor } from '../audit/audit.repository';
import { actorOf } from '../audit/audit.service';
import { approverOf } from '../staff/pin.service';

/**
 * `POST /api/order/add` places an order of either kind, as the spec's one call does: a storefront
 * order, or with `terminal: 1` a till sale. It lives here because the till is the module that knows
 * both (the till builds on orders, never the other way round).
 */
export async function tillRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  route(app, 'POST /api/order/add', {
    config: { access: 'verified' },
    tags: ['orders'],
    description:
      'A storefront order (verified customers; priced by the server from the area’s delivery charge, ' +
      'else the settings’; never oversells: 409 `stock_short` naming the lines; a fraction of a piece ' +
      'product 422; at most the open-orders and hourly limits, 429 `order_limit`; a delivery slot when ' +
      'the shop has slots), or with `terminal: 1` a till sale (admins only; shipping, discount and ' +
      'payments from the till, stock may go below zero; `client_id`, `sold_at` and `offline` for a sale ' +
      'from the till’s outbox). An Idempotency-Key header (or the sale’s `client_id`) makes a resend ' +
      'answer 200 with the order made the first time (201).',
    handler: async (req, reply) => {
      const user = currentUser(req);
      const body = req.body;
      const key = req.headers['idempotency-key'];
      const placed =
        body.terminal === 1
          ? await placeTill(user, body, key, actorOf(req))
          : await placeOnlineOrder(ctx, user, body, key);
      if (placed.replay) reply.code(200);
      return { data: placed.order };
    },
  });

  const placeTill = async (
    user: ReturnType<typeof currentUser>,
    body: TillSaleBody,
    key: string | undefined,
    actor: AuditActor,
  ) => {
    if (user.role !== ROLE.admin) throw new Forbidden();
    if (!can(user, 'till.sell')) throw new MissingPermission('till.sell');
    // A sale made offline names the cashier and the manager the till checked; online, the
    // manager's PIN is checked here, before the sale (a wrong one counts even if the sale fails).
    const seller = body.staff_id === undefined ? user : await tillSellerOf(ctx, body.staff_id);
    const approver =
      body.approved_by !== undefined
        ? await offlineApprover(ctx, body.approved_by)
        : await approverOf(ctx, body.approval, actor, 'discount');
    return placeTillOrder(ctx, seller, body, key, {
      approver,
      offline: body.approved_by !== undefined,
      actor: { ...actor, staffId: seller.id, role: seller.staffRole },
    });
  };

  route(app, 'POST /api/till/switch', {
    config: { access: 'admin', permission: 'till.sell' },
    tags: ['till'],
    description:
      'Switch cashier on a shared till: the phone and till PIN of an active member of staff who may sell ' +
      'answer a session of theirs (as `POST /api/login` does); the next sales are theirs. A wrong PIN is ' +
      '401; the 5th wrong PIN in a row locks it (403 `pin_locked`) until a manager or the owner unlocks it.',
    handler: async (req) => switchCashier(ctx, req.body, actorOf(req)),
  });

  route(app, 'POST /api/till/approver', {
    config: { access: 'admin', permission: 'till.sell' },
    tags: ['till'],
    description:
      'Checks a manager’s phone and PIN on the till before the request that needs their approval (which ' +
      'carries them again): 403 `approval_required` when wrong or when the person may not approve, ' +
      '`pin_locked` after 5 wrong PINs. Answers who they are, for the till’s offline copy.',
    handler: async (req) => {
      const { kind, ...approval } = req.body;
      const approver = await approverOf(ctx, approval, actorOf(req), kind);
      if (!approver) throw new Error('an approval without an approver');
      return { data: await approverDetails(ctx, approver.id) };
    },
  });

  route(app, 'POST /api/till/drawer', {
    config: { access: 'admin', permission: 'till.drawer' },
    tags: ['till'],
    description:
      'The drawer opened with no sale, and why: a manager’s `approval` unless the caller may approve ' +
      '(403 `approval_required`). Stored with both people and in the audit trail.',
    handler: async (req) => ({
      data: await openDrawer(ctx, currentUser(req), req.body, actorOf(req)),
    }),
  });

  route(app, 'GET /api/till/catalog', {
    config: { access: 'admin', permission: 'till.sell' },
    tags: ['till'],
    description:
      "The till's copy of the catalogue, by delta: every product with `since=0`, else only the " +
      "products changed and the ids deleted since that version; keep the answer's `version` for the next call. " +
      `The full load comes in pages by product id with \`limit\` (1 to ${TILL_CATALOG_PAGE_MAX}): \`after\` ` +
      'the last id held (0 first), `next` the `after` of the next page, null after the last. Keep the ' +
      'FIRST page’s `version` and ask the delta since it once the last page is in: it brings what changed ' +
      'or went while paging. ' +
      'A delta always comes whole.',
    handler: async (req) => {
      const { since, after, limit } = req.query;
      return { data: await tillCatalogSince(ctx, since, { after, limit }) };
    },
  });
}
