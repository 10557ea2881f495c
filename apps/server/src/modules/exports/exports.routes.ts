import { MissingPermission } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import { can } from '../auth/can';
import { recordAudit } from '../audit/audit.repository';
import { actorOf } from '../audit/audit.service';
import { EXPORT_NAMES, splitExportFile } from '@bazar/contracts/exports';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { route } from '../../lib/route';
import { exportFile } from './exports.service';

/** Downloads for the owner and the accountant: every list with its screen's filters, as CSV or XLSX. */
export async function exportRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  route(app, 'GET /api/export/:file', {
    config: { access: 'admin', permission: 'exports.download' },
    tags: ['exports'],
    description:
      `A list as a file to download, \`{name}.csv\` or \`{name}.xlsx\`, name one of ${EXPORT_NAMES.join(', ')}; ` +
      "the query is the screen's list call's without paging: orders the order filter's (field, value, " +
      'from, to, type, status), products `q`, expenses, product-sale and daily-report `from` and `to` ' +
      '(shop days), the others none. Money as numbers, times in the shop time zone; CSV is UTF-8 with a ' +
      'byte order mark and CRLF lines. Streamed from one snapshot. Each file starts with a header row naming its ' +
      'columns; the orders workbook adds the sheets Lines and Payments (in the CSV they are two text columns).',
    handler: async (req, reply) => {
      const { name, format } = splitExportFile(req.params.file);
      // The trail is the owner's: downloading it needs what reading it needs.
      if (name === 'audit' && !can(currentUser(req), 'audit.view')) throw new MissingPermission('audit.view');
      await recordAudit(ctx.db, actorOf(req), {
        action: 'export_downloaded',
        entity: 'export',
        entityId: req.params.file,
        changes: { query: req.query },
      });
      const user = currentUser(req);
      // Buy prices, cost and profit stay out of the file for staff without them, as on the screens.
      const missing = (['products.buy_prices', 'reports.profit'] as const).filter((p) => !can(user, p));
      const file = exportFile(ctx, name, format, req.query, missing);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}
