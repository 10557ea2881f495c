import { z } from 'zod';
import { backupInfo, backupNameParam, backupStatus } from '@bazar/contracts/backup';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../lib/errors';
import { typed } from '../../lib/route';
import type { Backups } from './backup.service';

/** The back office's backups: the list and status, "Back up now" and a download. Admins only. */
export async function backupRoutes(fastify: FastifyInstance, { backups }: { backups: Backups }) {
  const app = typed(fastify);
  const tags = ['backup'];

  app.get('/api/backups', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'The backups kept (newest first), the last one, the last failure since a backup succeeded, ' +
        'and the daily schedule.',
      response: { 200: z.object({ data: backupStatus }) },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await backups.status() };
    },
  });

  app.post('/api/backups', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'Takes a backup now (every table as of one moment, and the pictures) into one file; 409 while ' +
        'another is being taken.',
      response: { 201: z.object({ data: backupInfo }) },
    },
    handler: async (_req, reply) => {
      const info = await backups.backupNow();
      return reply.code(201).send({ data: info });
    },
  });

  app.get('/api/backups/:name', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: 'Downloads one backup file (a .tar.gz that `npm run restore -- FILE` restores).',
      params: backupNameParam,
    },
    handler: async (req, reply) => {
      const file = await backups.open(req.params.name);
      if (!file) throw new NotFound('No backup by that name.');
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${req.params.name}"`)
        .header('content-length', file.bytes)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}
