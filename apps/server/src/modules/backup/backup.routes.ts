import type { Ctx } from '../../lib/context';
import { recordAudit } from '../audit/audit.repository';
import { actorOf } from '../audit/audit.service';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { say } from '@bazar/contracts/messages';
import { NotFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { uploadRoutes } from '../../lib/multipart';
import { AppError, Invalid } from '../../lib/errors';
import { getSettings } from '../settings/settings.repository';
import type { Backups } from './backup.service';
import { MAX_BACKUP_UPLOAD_BYTES, type Restores } from './backup.restores';

/**
 * The back office's backups: the list and status, "Back up now", a download, and a restore (a kept
 * backup or an uploaded file, looked at first). Admins with backups.manage only.
 */
export async function backupRoutes(
  app: FastifyInstance,
  { backups, restores, ctx }: { backups: Backups; restores: Restores; ctx: Ctx },
) {
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

  route(app, 'POST /api/backups/inspect', {
    config: { access: 'admin', permission: 'backups.manage' },
    tags,
    description:
      "JSON `{name}` of a kept backup: checks the whole file as `npm run restore` does (every entry's " +
      'checksum, a schema this version can migrate from, BACKUP_KEY for an encrypted one) and answers ' +
      'when it was taken, its schema and its counts of orders, products, customers and pictures. ' +
      "422 with the command's reason for a file that cannot be restored; nothing changes.",
    handler: async (req) => ({ data: await restores.inspectKept(req.body.name) }),
  });

  await uploadRoutes(app, (scope) => {
    route(scope, 'POST /api/backups/upload', {
      config: { access: 'admin', permission: 'backups.manage' },
      tags,
      description:
        'multipart/form-data: `file` (a backup, .tar.gz or .tar.gz.enc, at most 2 GB: 413 beyond). ' +
        'Checked as POST /api/backups/inspect checks a kept one; a good file is kept in the backups ' +
        "folder's temporary area for an hour under the answer's `upload` (for POST /api/backups/restore), " +
        'a bad one is removed at once (422).',
      handler: async (req) => {
        if (!req.isMultipart()) throw new AppError(415, 'unsupported_type', say('form.multipart'));
        let contents: Awaited<ReturnType<Restores['inspectUpload']>> | undefined;
        for await (const part of req.parts({
          limits: { fileSize: MAX_BACKUP_UPLOAD_BYTES, files: 1, fields: 5 },
        })) {
          if (part.type !== 'file' || part.fieldname !== 'file' || contents) {
            if (part.type === 'file') part.file.resume();
            continue;
          }
          contents = await restores.inspectUpload(async (target) => {
            await pipeline(part.file, target);
            return { truncated: part.file.truncated };
          });
        }
        if (!contents) throw new Invalid('file', say('backup.chooseFile'));
        return { data: contents };
      },
    });
  });

  route(app, 'POST /api/backups/restore', {
    config: { access: 'admin', permission: 'backups.manage' },
    tags,
    description:
      "`{name}` (a kept backup) or `{upload}` (from POST /api/backups/upload), and `confirm`: the shop's " +
      'name as Setting has it. Checks the file again, then puts the shop in maintenance (every other ' +
      'request on every app server answers 503 `maintenance`), takes a backup of the data as it is ' +
      '(`safety_backup`), replaces everything with the backup (`npm run restore --force`), migrates it ' +
      "forward and signs every session out, the caller's too. 422 for another name or a bad file " +
      '(nothing changed), 409 while a restore runs.',
    handler: async (req) => {
      const { shopName } = await getSettings(ctx.db);
      return { data: await restores.restore(req.body, shopName) };
    },
  });
}
