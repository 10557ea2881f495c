import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import * as auth from './auth.service';

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['auth'];

  route(app, 'POST /api/register', {
    config: { access: 'guest' },
    tags,
    handler: async (req) => auth.register(ctx, req.body, req.ip),
  });

  route(app, 'POST /api/login', {
    config: { access: 'guest' },
    tags,
    description:
      'Signs in with phone and password. 503 `busy` (with Retry-After) at once when the server is ' +
      'checking as many passwords as it queues, or this client address already has two checks under way.',
    handler: async (req, reply) => {
      const gone = new AbortController();
      reply.raw.once('close', () => reply.raw.writableFinished || gone.abort());
      return auth.login(ctx, req.body, req.ip, gone.signal);
    },
  });

  route(app, 'POST /api/logout', {
    config: { access: 'customer' },
    tags,
    handler: async (req) => {
      await auth.logout(ctx, currentUser(req).tokenId);
      return { message: 'You are logged out' };
    },
  });

  route(app, 'GET /api/profile', {
    config: { access: 'customer' },
    tags,
    handler: async (req) => auth.profile(ctx, currentUser(req).id),
  });

  route(app, 'POST /api/profile/update', {
    config: { access: 'customer' },
    tags,
    description:
      'Renames the signed-in account; a new `password` needs the one in use now (`current_password`: ' +
      '422 on that field when it is missing or wrong) and signs out every other session.',
    handler: async (req) => auth.updateProfile(ctx, currentUser(req), req.body, req.ip),
  });

  route(app, 'POST /api/varify', {
    config: { access: 'customer' },
    tags,
    handler: async (req) => ({
      message: await auth.verifyPhone(ctx, currentUser(req), req.body.code, req.ip),
    }),
  });

  route(app, 'GET /api/sendcode', {
    config: { access: 'customer' },
    tags,
    handler: async (req) => ({ message: await auth.sendVerifyCode(ctx, currentUser(req), req.ip) }),
  });

  route(app, 'POST /api/forgot', {
    config: { access: 'guest' },
    tags,
    handler: async (req) => ({ message: await auth.forgotPassword(ctx, req.body.phone, req.ip) }),
  });

  route(app, 'POST /api/getpassword', {
    config: { access: 'guest' },
    tags,
    handler: async (req) => ({ message: await auth.resetPassword(ctx, req.body, req.ip) }),
  });
}
