import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preSerializationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS, ROLE, type Access } from '@bazar/contracts/common';
import type { Permission } from '@bazar/contracts/permissions';
import { Forbidden, MissingPermission, Unauthenticated } from '../lib/errors';
import type { SessionUser } from '../modules/auth/auth.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must say it. */
    access?: Access;
    /**
     * The permission a member of staff needs for an `admin` route (a list: any one of them, for a
     * read that several jobs share, such as a barcode lookup): every admin route must say it (the
     * owner holds every one). Other routes have none.
     */
    permission?: Permission | readonly Permission[];
    /**
     * Fields left out of the answer, wherever they are in it, for a caller without the permission:
     * buy prices (`products.buy_prices`), cost and profit (`reports.profit`). Left out, not only
     * hidden on screen; the answer's schema has them optional.
     */
    hides?: Partial<Record<Permission, readonly string[]>>;
    /**
     * A guest route whose answer is the same for every caller (the cached catalogue reads): the
     * caller's token, if any, is not read, so a signed-in shopper's read costs no session lookup.
     */
    anonymous?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    apiRoutes: Array<{ method: string; url: string; access: Access; permission?: readonly Permission[] }>;
  }
}

export type Authenticate = (req: FastifyRequest) => Promise<SessionUser | null>;

/**
 * Reads the bearer token of every request and enforces each route's declared access before the
 * body is even validated, so a guest learns nothing about an admin route's input.
 *
 * Each route gets its own check when it is registered (the HEAD route Fastify adds beside a GET
 * included), so a request pays only for what its route needs: nothing for an anonymous read,
 * nothing for a guest route called without a token.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { authenticate: Authenticate }) => {
  app.decorate('apiRoutes', []);
  app.decorateRequest('user', null);

  const { authenticate } = opts;
  const withUser =
    (check: (user: SessionUser | null) => void): onRequestHookHandler =>
    async (req: FastifyRequest, _reply: FastifyReply) => {
      req.user = await authenticate(req);
      check(req.user);
    };
  const checks: Record<Access, onRequestHookHandler> = {
    guest: (req, _reply, done) => {
      // Without a token there is no one to look up.
      if (req.headers.authorization === undefined) return done();
      authenticate(req).then((user) => {
        req.user = user;
        done();
      }, done);
    },
    customer: withUser((user) => {
      if (!user) throw new Unauthenticated();
    }),
    verified: withUser((user) => {
      if (!user) throw new Unauthenticated();
      if (user.status !== 1 && user.role !== ROLE.admin) {
        throw new Forbidden('unverified');
      }
    }),
    admin: withUser((user) => {
      if (!user) throw new Unauthenticated();
      if (user.role !== ROLE.admin) throw new Forbidden();
    }),
  };
  /** An admin route's check: staff, and holding the route's permission. */
  const staffWith = (anyOf: readonly Permission[]): onRequestHookHandler =>
    withUser((user) => {
      if (!user) throw new Unauthenticated();
      if (user.role !== ROLE.admin) throw new Forbidden();
      if (!anyOf.some((p) => user.permissions.has(p))) throw new MissingPermission(anyOf[0] as Permission);
    });

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.url.startsWith('/api') && (!access || !ACCESS.includes(access))) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare who may call it (config.access)`,
      );
    }
    const declared = route.config?.permission;
    const permission = declared === undefined ? undefined : [declared].flat();
    if (route.url.startsWith('/api') && access === 'admin' && !permission?.length) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare its permission`);
    }
    if (permission && access !== 'admin') {
      throw new Error(`Route ${String(route.method)} ${route.url}: only an admin route has a permission`);
    }
    if (route.config?.anonymous && access !== 'guest') {
      throw new Error(`Route ${String(route.method)} ${route.url}: only a guest route can be anonymous`);
    }
    if (route.url.startsWith('/api') && access && route.method !== 'HEAD') {
      for (const method of [route.method].flat())
        app.apiRoutes.push({ method, url: route.url, access, ...(permission && { permission }) });
    }
    if (!access || route.config?.anonymous) return; // static files and the SPA; anonymous reads
    // A new list: the HEAD route Fastify makes from a GET starts from the GET's own options.
    const own = route.onRequest;
    const check = permission ? staffWith(permission) : checks[access];
    route.onRequest = [...(own === undefined ? [] : [own].flat()), check];
    const hides = route.config?.hides;
    if (hides) {
      const ownHooks = route.preSerialization;
      route.preSerialization = [...(ownHooks === undefined ? [] : [ownHooks].flat()), hideFields(hides)];
    }
  });
});

/** The signed-in user of a route that declared customer, verified or admin access. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new Unauthenticated();
  return req.user;
}

/** The answer without the fields the caller may not see (a copy; nothing to leave out: as it is). */
function hideFields(hides: Partial<Record<Permission, readonly string[]>>): preSerializationHookHandler {
  return (req, _reply, payload, done) => {
    const hidden = new Set<string>();
    for (const [permission, fields] of Object.entries(hides) as Array<[Permission, readonly string[]]>) {
      if (!req.user?.permissions.has(permission)) for (const field of fields) hidden.add(field);
    }
    done(null, hidden.size ? without(payload, hidden) : payload);
  };
}

function without(value: unknown, hidden: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => without(v, hidden));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!hidden.has(key)) out[key] = without(v, hidden);
  return out;
}
