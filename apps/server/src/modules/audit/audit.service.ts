import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../lib/context';
import * as repo from './audit.repository';

/** The actor of a request: the signed-in member of staff, their address and till (`X-Till`, when the till sends it). */
export function actorOf(
  req: FastifyRequest,
  user: { id: number; staffRole: string | null } | null = req.user,
): repo.AuditActor {
  const till = req.headers['x-till'];
  return {
    staffId: user?.id ?? null,
    role: user?.staffRole ?? null,
    ip: req.ip,
    till: typeof till === 'string' && /^[\w-]{1,40}$/.test(till) ? till : null,
  };
}

/** Seals what has become final, then walks the chain. */
export async function verify(ctx: Ctx) {
  while ((await repo.sealCommitted(ctx.db)) > 0);
  return repo.verifyChain(ctx.db);
}

export async function page(
  ctx: Ctx,
  q: {
    from?: string | undefined;
    to?: string | undefined;
    staff_id?: number | undefined;
    action?: string | undefined;
    entity?: string | undefined;
  },
  window: { limit: number; offset: number },
) {
  await repo.sealCommitted(ctx.db);
  return repo.pageAudit(
    ctx.db,
    {
      from: q.from || undefined,
      to: q.to || undefined,
      tz: ctx.config.shopTz,
      staffId: q.staff_id,
      action: q.action || undefined,
      entity: q.entity || undefined,
    },
    window,
  );
}

/**
 * Seals the trail every few seconds in the background (one server at a time seals; the others find
 * the lock taken). Returns a stop function.
 */
export function startSealer(ctx: Ctx, log: { warn: (obj: object, msg: string) => void }, everyMs = 2000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    repo
      .sealCommitted(ctx.db)
      .catch((err: unknown) => log.warn({ err }, 'audit sealer failed; trying again'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
