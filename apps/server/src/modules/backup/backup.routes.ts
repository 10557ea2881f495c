import type { Ctx } from '../../lib/context';
import { recordAudit } from '../audit/audit.repository';
import { actorOf } from '../audit/audit.service';
import type { FastifyInstance } from 'fastify';
import { say } from '@bazar/contracts/messages';
import { NotFound } from '../../lib/errors';
import { route } from '../../lib/route';
import type { Backups } from './backup.service';

/** The back office's backups: the list and status, "Back up now" and a download. Admins only. */
export async function backupRoutes(app: FastifyInstance, { backups, ctx }: { backups: Backups; ctx: Ctx }) {
  const tags = ['backup'];

  route(app, 'GET /api/backups', {
    config: { access: 'admin', permission: 'backups.manage' },
    tags,
    description:
      'The backups kept (newest first), the last one, the last failure since a backup succeeded, ' +
      'and the daily schedule.',
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await backups.status() };
    },
  });

  route(app, 'POST /api/backups', {
    config: { access: 'admin', permission: 'backups.manage' },
    tags,
    description:
      'Takes a backup now (every table as of one moment, and the pictures) into one file; 409 while ' +
      'another is being taken.',
    handler: async () => ({ data: await backups.backupNow() }),
  });

  route(app, 'GET /api/backups/:name', {
    config: { access: 'admin', permission: 'backups.manage' },
    tags,
    description:
      'Downloads one backup file (a .tar.gz, or a .tar.gz.enc encrypted with BACKUP_KEY, that ' +
      '`npm run restore -- FILE` restores).',
    handler: async (req, reply) => {
      const file = await backups.open(req.params.name);
      if (!file) throw new NotFound(say('backup.notFound'));
      // A backup holds every customer and every password hash: who took one is on record.
      await recordAudit(ctx.db, actorOf(req), {
        action: 'backup_downloaded',
        entity: 'backup',
        entityId: req.params.name,
        changes: { bytes: file.bytes },
      });
      return reply
        .type(req.params.name.endsWith('.enc') ? 'application/octet-stream' : 'application/gzip')
        .header('content-disposition', `attachment; filename="${req.params.name}"`)
        .header('content-length', file.bytes)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}
