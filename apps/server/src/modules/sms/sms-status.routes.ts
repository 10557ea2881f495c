import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { shopDay } from '../../lib/shop-day';
import * as repo from './sms.repository';

/** The test SMS: English, like the other texts to staff (sms-texts.ts staffOrderText). */
const TEST_TEXT = 'A test SMS from the back office of your shop: SMS works.';

/** How many failures the card lists. */
const FAILURES_SHOWN = 5;

/** Setting's SMS card: the gateway's state today, and a test SMS. Admins only. */
export async function smsStatusRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['sms'];

  route(app, 'GET /api/sms/status', {
    config: { access: 'admin', permission: 'settings.gateways' },
    tags,
    description:
      "The SMS driver in use; today's sent, queued (the budget's count) and given-up messages; how " +
      'many wait; the newest failures with the gateway’s reason (only the last 3 digits of each number).',
    handler: async (_req, reply) => {
      const day = { day: shopDay(ctx.clock.now(), ctx.config.shopTz), tz: ctx.config.shopTz };
      const [counts, failures, budget] = await Promise.all([
        repo.dayCounts(ctx.db, day),
        repo.recentFailures(ctx.db, day, FAILURES_SHOWN),
        ctx.sms.dailyBudget(),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        data: {
          driver: ctx.config.sms.driver,
          sent_today: counts.sent,
          queued_today: counts.queued,
          budget,
          waiting: counts.waiting,
          failed_today: counts.failed,
          failures: failures.map((f) => ({
            id: f.id,
            phone_end: f.phone_end,
            queued_at: f.queued_at,
            reason: f.last_error,
            retrying: f.status === 'pending',
          })),
        },
      };
    },
  });

  route(app, 'POST /api/sms/test', {
    config: { access: 'admin', permission: 'settings.gateways' },
    tags,
    description:
      'Queues a test SMS to this number through the outbox, like any other (kind `staff`: counted in ' +
      "the day's total, never held back); GET /api/sms/status shows whether the gateway took it.",
    handler: async (req) => {
      await ctx.sms.enqueue(ctx.db, [{ to: req.body.phone, kind: 'staff', message: TEST_TEXT }]);
      return { message: 'Test SMS queued.' };
    },
  });
}
