import { PRODUCT_IMPORT_COLUMNS } from '@bazar/contracts/imports';
import type { Message } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { checkImage, storeImage } from '../../lib/images';
import { eachLimited, type Columns, type ReportBuilder } from '../../lib/import-rows';
import type { ZipEntry } from '../../lib/zip';
import { PICTURE_PROBLEMS, type PictureZip } from '../../lib/zip-pictures';
import type { ProductRow } from './products-import.rows';

type Col = (typeof PRODUCT_IMPORT_COLUMNS)[number];

/**
 * The pictures the rows name, taken from the ZIP: checked as an upload is (a real JPEG, PNG, WebP
 * or GIF) and, unless `store` is false (a dry run), stored through the same pipeline as an upload.
 * Returns each row's picture key; a picture that cannot be had is an error of its row.
 */
export async function readPictures(
  ctx: Ctx,
  rows: ProductRow[],
  zip: PictureZip | undefined,
  report: ReportBuilder,
  columns: Columns<Col>,
  store: boolean,
): Promise<Map<number, string>> {
  const field = columns.names.get('picture') ?? 'picture';
  const keys = new Map<number, string>();
  const wanted = new Map<string, { entry: ZipEntry; rows: number[] }>();
  for (const r of rows) {
    if (!r.picture || report.hasErrors(r.row)) continue;
    const found = zip ? zip.find(r.picture) : 'noZip';
    if (typeof found === 'string') {
      report.error({ row: r.row, field, message: PICTURE_PROBLEMS[found].message });
      continue;
    }
    const use = wanted.get(found.name) ?? { entry: found, rows: [] };
    use.rows.push(r.row);
    wanted.set(found.name, use);
  }
  if (!zip || wanted.size === 0) return keys;
  await zip.batches(
    [...wanted.values()].map((w) => w.entry),
    (files) =>
      // Two at a time: sharp's own threads keep both cores busy.
      eachLimited(files, 2, async ({ entry, body }) => {
        const at = wanted.get(entry.name)?.rows ?? [];
        const fail = (problem: { message: Message }) => {
          for (const row of at) report.error({ row, field, message: problem.message });
        };
        if (body === 'unreadable') return fail(PICTURE_PROBLEMS.unreadable);
        let key: string;
        try {
          key = store ? await storeImage(ctx.storage, body, field) : await checkImage(body, field);
        } catch (err) {
          // Not a picture the shop takes (lib/images.ts): an error of its rows.
          if (!(err instanceof AppError)) throw err;
          return fail({ message: err.said });
        }
        for (const row of at) keys.set(row, key);
      }),
  );
  return keys;
}
