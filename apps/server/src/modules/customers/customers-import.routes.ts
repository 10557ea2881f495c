import { CUSTOMER_IMPORT_COLUMNS } from '@bazar/contracts/imports';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { answerImport, readImportUpload, sendTemplate } from '../../lib/import-upload';
import { uploadRoutes } from '../../lib/multipart';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { importCustomers } from './customers-import.service';

/** The template's example rows, in CUSTOMER_IMPORT_COLUMNS' order. */
const EXAMPLES = [
  ['Rahim Uddin', '01712345678', 'Mirpur', 'House 12, Road 3', '0', '0'],
  ['করিম মিয়া', '01812345678', 'Dhanmondi', 'বাড়ি ৫, রোড ৭', '500', '20'],
];

/** Customer import (issue 13): the file's dry run and its import, and the template CSV. */
export async function customerImportRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['customers'];

  route(app, 'GET /api/customer/import/template', {
    config: { access: 'admin', permission: 'customers.import' },
    tags,
    description: 'The template CSV of a customer import (UTF-8 with a BOM).',
    handler: (_req, reply) =>
      sendTemplate(reply, 'customers-template.csv', CUSTOMER_IMPORT_COLUMNS, EXAMPLES),
  });

  await uploadRoutes(app, (scope) => {
    route(scope, 'POST /api/customer/import', {
      config: { access: 'admin', permission: 'customers.import' },
      tags,
      description:
        'multipart/form-data: `file` (CSV or XLSX), `dry_run`, `skip_errors` (also in the query string). Customers are matched by phone.',
      handler: (req) =>
        answerImport(req, async () =>
          importCustomers(
            ctx,
            await readImportUpload(req, { pictures: false, query: req.query }),
            currentUser(req).id,
          ),
        ),
    });
  });
}
