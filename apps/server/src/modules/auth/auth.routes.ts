import {
  authResponse,
  forgotBody,
  loginBody,
  profile,
  profileUpdateBody,
  registerBody,
  resetPasswordBody,
  verifyBody,
} from '@bazar/contracts/auth';
import { messageSchema } from '@bazar/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { typed } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import * as auth from './auth.service';

export async function authRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['auth'];

  app.post('/api/register', {
    config: { access: 'guest' },
    schema: { tags, body: registerBody, response: { 201: authResponse } },
    handler: async (req, reply) => reply.code(201).send(await auth.register(ctx, req.body, req.ip)),
  });

  app.post('/api/login', {
    config: { access: 'guest' },
    schema: { tags, body: loginBody, response: { 200: authResponse } },
    handler: async (req, reply) => {
      const gone = new AbortController();
      reply.raw.once('close', () => reply.raw.writableFinished || gone.abort());
      return auth.login(ctx, req.body, req.ip, gone.signal);
    },
  });

  app.post('/api/logout', {
    config: { access: 'customer' },
    schema: { tags, response: { 200: messageSchema } },
    handler: async (req) => {
      await auth.logout(ctx, currentUser(req).tokenId);
      return { message: 'You are logged out' };
    },
  });

  app.get('/api/profile', {
    config: { access: 'customer' },
    schema: { tags, response: { 200: profile } },
    handler: async (req) => auth.profile(ctx, currentUser(req).id),
  });

  app.post('/api/profile/update', {
    config: { access: 'customer' },
    schema: { tags, body: profileUpdateBody, response: { 200: profile } },
    handler: async (req) => auth.updateProfile(ctx, currentUser(req), req.body),
  });

  app.post('/api/varify', {
    config: { access: 'customer' },
    schema: { tags, body: verifyBody, response: { 200: messageSchema } },
    handler: async (req) => ({
      message: await auth.verifyPhone(ctx, currentUser(req), req.body.code, req.ip),
    }),
  });

  app.get('/api/sendcode', {
    config: { access: 'customer' },
    schema: { tags, response: { 200: messageSchema } },
    handler: async (req) => ({ message: await auth.sendVerifyCode(ctx, currentUser(req), req.ip) }),
  });

  app.post('/api/forgot', {
    config: { access: 'guest' },
    schema: { tags, body: forgotBody, response: { 200: messageSchema } },
    handler: async (req) => ({ message: await auth.forgotPassword(ctx, req.body.phone, req.ip) }),
  });

  app.post('/api/getpassword', {
    config: { access: 'guest' },
    schema: { tags, body: resetPasswordBody, response: { 200: messageSchema } },
    handler: async (req) => ({ message: await auth.resetPassword(ctx, req.body, req.ip) }),
  });
}
