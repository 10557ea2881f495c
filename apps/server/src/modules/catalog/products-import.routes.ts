import { PRODUCT_IMPORT_COLUMNS } from '@bazar/contracts/imports';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { answerImport, readImportUpload, sendTemplate } from '../../lib/import-upload';
import { uploadRoutes } from '../../lib/multipart';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/access';
import { importProducts } from './products-import.service';

/** The template's example rows, in PRODUCT_IMPORT_COLUMNS' order. */
const EXAMPLES = [
  [
    'Miniket Rice',
    'মিনিকেট চাল',
    '5 kg',
    '৫ কেজি',
    'pcs',
    '420',
    '399',
    '370',
    '25',
    '8941100500125',
    '',
    'Food > Rice > Miniket',
    'Fresh',
    'rice, chal',
    'offer, popular',
    'miniket-rice.jpg',
    'Polished miniket rice',
    'পলিশ করা মিনিকেট চাল',
  ],
  [
    'Potato',
    'আলু',
    '',
    '',
    'kg',
    '40',
    '',
    '32',
    '120.5',
    '',
    '00042',
    'Food > Vegetables',
    'Local',
    'potato, alu',
    'food',
    '',
    '',
    '',
  ],
];

/** Product import (issue 13): the file's dry run and its import, and the template CSV. */
export async function productImportRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['catalog'];

  route(app, 'GET /api/product/import/template', {
    config: { access: 'admin', permission: 'products.edit' },
    tags,
    description: 'The template CSV of a product import (UTF-8 with a BOM).',
    handler: (_req, reply) => sendTemplate(reply, 'products-template.csv', PRODUCT_IMPORT_COLUMNS, EXAMPLES),
  });

  await uploadRoutes(app, (scope) => {
    route(scope, 'POST /api/product/import', {
      config: { access: 'admin', permission: 'products.edit' },
      tags,
      description:
        'multipart/form-data: `file` (CSV or XLSX), optional `images` (ZIP of pictures), `create_categories`, `map_categories`, `dry_run`, `skip_errors` (these two also in the query string). ' +
        'Products are matched by barcode (a row without one adds a product); a column left out keeps what the product has. ' +
        '`tags` may be left out or blank for a new product (it then has none). ' +
        'A category path the shop does not have is listed once in `unknown_categories` with at most 3 nearest existing categories (`suggestions`), and beside each row that names it; ' +
        'the import makes it only when the form field `create_categories` (a JSON array of paths, or `*` for every one, as imports did before) names it, ' +
        'or uses an existing category instead when `map_categories` (a JSON object of path to category id) maps it; a row naming a path that is neither is refused with a row error (a dry run only lists it). ' +
        'A file with row errors imports nothing (422 with the whole report under `data`) unless `skip_errors` is 1; a wrong header row (an unknown or repeated column) never goes in. ' +
        'Limits: the file 20 MB and 20,000 rows (413), the ZIP 100 MB, 5,000 files, 1 GB unpacked.',
      handler: (req) =>
        answerImport(req, async () =>
          importProducts(
            ctx,
            await readImportUpload(req, { pictures: true, query: req.query }),
            currentUser(req).id,
          ),
        ),
    });
  });
}
