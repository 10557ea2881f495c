import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import {
  categoryChoices,
  IMPORT_LIMITS,
  importOptions,
  type CategoryChoices,
  type ImportOptions,
  type ImportReport,
} from '@bazar/contracts/imports';
import { label, render, say, type MessageLanguage } from '@bazar/contracts/messages';
import { AppError, Invalid, InvalidFields, issueErrors, type FieldErrors } from './errors';
import type { SaidReport } from './import-rows';
import { languageOf } from './language';

/**
 * What an import request sends: the table file, the pictures ZIP and the owner's decisions about
 * unknown category paths (products only), and its options.
 */
export type ImportUpload = {
  file: Buffer;
  images?: Buffer | undefined;
  categories?: CategoryChoices | undefined;
  options: ImportOptions;
};

/** The form fields of a product import that carry the owner's category decisions (JSON). */
const CHOICE_FIELDS = new Set(['create_categories', 'map_categories']);
/** One of those fields at most: a long list of paths, in UTF-8. */
const CHOICE_FIELD_BYTES = 1024 * 1024;

const MB = 1024 * 1024;
const CAPS = { file: IMPORT_LIMITS.fileBytes, images: IMPORT_LIMITS.zipBytes } as const;
type FilePart = keyof typeof CAPS;

const tooLarge = (field: FilePart) =>
  new AppError(
    413,
    'too_large',
    field === 'file'
      ? say('field.maxMegabytes', { field: label('file'), max: IMPORT_LIMITS.fileBytes / MB })
      : say('field.maxMegabytes', { field: label('picturesZip'), max: IMPORT_LIMITS.zipBytes / MB }),
  );

/** Reads a file part into memory, refusing it (413) as soon as it passes its cap. */
async function readCapped(stream: AsyncIterable<Buffer>, field: FilePart): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > CAPS[field]) throw tooLarge(field);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Reads an import's multipart body: `file` (the CSV or XLSX), `images` (a ZIP, when `pictures`),
 * `create_categories` / `map_categories` (JSON, when `pictures`: contracts' categoryChoices), and
 * `dry_run` / `skip_errors` as form fields or in the query string. Each file is held in memory
 * up to its own limit (IMPORT_LIMITS); beyond it the request is refused with 413 at once.
 */
export async function readImportUpload(
  req: FastifyRequest,
  opts: { pictures: boolean; query: ImportOptions },
): Promise<ImportUpload> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_type', say('form.multipart'));
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: Partial<Record<FilePart, Buffer>> = {};
  const choices: Record<string, string> = Object.create(null) as Record<string, string>;
  for await (const part of req.parts({
    limits: {
      fileSize: Math.max(CAPS.file, CAPS.images) + 1,
      files: opts.pictures ? 2 : 1,
      fields: 10,
      fieldSize: opts.pictures ? CHOICE_FIELD_BYTES : 100,
      fieldNameSize: 100,
    },
  })) {
    if (part.type === 'file') {
      const field = part.fieldname === 'file' || (opts.pictures && part.fieldname === 'images');
      if (!field || files[part.fieldname as FilePart]) {
        part.file.resume();
        continue;
      }
      const name = part.fieldname as FilePart;
      const body = await readCapped(part.file, name);
      if (part.file.truncated) throw tooLarge(name);
      if (body.length > 0) files[name] = body;
    } else if (part.fieldname === 'dry_run' || part.fieldname === 'skip_errors') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value.slice(0, 100) : '';
    } else if (opts.pictures && CHOICE_FIELDS.has(part.fieldname)) {
      if (part.valueTruncated)
        throw new AppError(413, 'too_large', say('field.maxMegabytes', { field: part.fieldname, max: 1 }));
      choices[part.fieldname] = typeof part.value === 'string' ? part.value : '';
    }
  }
  const parsed = importOptions.safeParse({ ...fields });
  if (!parsed.success) throw new InvalidFields(issueErrors(parsed.error.issues, ''));
  const chosen = opts.pictures ? categoryChoices.safeParse({ ...choices }) : undefined;
  if (chosen && !chosen.success) throw new InvalidFields(issueErrors(chosen.error.issues, ''));
  if (!files.file) throw new Invalid('file', say('import.chooseFile'));
  // Either place may say yes: the form's fields or the query string (checked by the route).
  const options = {
    dry_run: parsed.data.dry_run || opts.query.dry_run,
    skip_errors: parsed.data.skip_errors || opts.query.skip_errors,
  };
  return { file: files.file, images: files.images, categories: chosen?.data, options };
}

/** The first errors of a report as a 422's field errors ("row 3: price"); the whole list is in `data`. */
function errorsOf(report: SaidReport): FieldErrors {
  const errors: FieldErrors = {};
  for (const e of report.errors.slice(0, 100)) (errors[`row ${e.row}: ${e.field}`] ??= []).push(e.message);
  return errors;
}

/**
 * 422 for an import whose file has errors and was not told to skip them: nothing was saved.
 * `answerImport` answers it with the report, written in the request's language, under `data`.
 */
export class ImportRefused extends AppError {
  constructor(readonly report: SaidReport) {
    super(
      422,
      'invalid',
      report.errors.some((e) => e.row === 1) ? say('import.badHeader') : say('import.refused'),
      errorsOf(report),
    );
  }
}

/** The report with its messages written in `language`; the rows, fields and counts as they are. */
function reportIn(language: MessageLanguage, report: SaidReport): ImportReport {
  return { ...report, errors: report.errors.map((e) => ({ ...e, message: render(language, e.message) })) };
}

/**
 * Runs an import and answers its report in the request's language: a refused import (a file with
 * errors) answers 422 with the report under `data`.
 */
export async function answerImport(
  req: FastifyRequest,
  work: () => Promise<SaidReport>,
): Promise<{ data: ImportReport }> {
  const language = languageOf(req);
  try {
    return { data: reportIn(language, await work()) };
  } catch (err) {
    if (err instanceof ImportRefused)
      throw new AppError(err.statusCode, err.code, err.said, err.errors, {
        data: reportIn(language, err.report),
      });
    throw err;
  }
}

/** Sends a template CSV: UTF-8 with a BOM (spreadsheet programs then read Bangla right), a header and examples. */
export function sendTemplate(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  examples: string[][],
) {
  const body = stringify([[...header], ...examples], { bom: true, record_delimiter: 'windows' });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
