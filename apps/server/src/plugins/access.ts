import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS, ROLE, type Access } from '@bazar/contracts/common';
import { Forbidden, Unauthenticated } from '../lib/errors';
import type { SessionUser } from '../modules/auth/auth.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must say it. */
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    apiRoutes: Array<{ method: string; url: string; access: Access }>;
  }
}

export type Authenticate = (req: FastifyRequest) => Promise<SessionUser | null>;

/**
 * Reads the bearer token of every request and enforces each route's declared access before the
 * body is even validated, so a guest learns nothing about an admin route's input.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { authenticate: Authenticate }) => {
  app.decorate('apiRoutes', []);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access || !ACCESS.includes(access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare who may call it (config.access)`,
      );
    }
    for (const method of [route.method].flat()) app.apiRoutes.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access) return; // static files and the SPA
    req.user = await opts.authenticate(req);
    if (access === 'guest') return;
    if (!req.user) throw new Unauthenticated();
    if (access === 'admin' && req.user.role !== ROLE.admin) throw new Forbidden();
    if (access === 'verified' && req.user.status !== 1 && req.user.role !== ROLE.admin) {
      throw new Forbidden('Please verify your phone number first.', 'unverified');
    }
  });
});

/** The signed-in user of a route that declared customer, verified or admin access. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new Unauthenticated();
  return req.user;
}
