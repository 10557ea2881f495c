import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { label, say } from '@bazar/contracts/messages';
import { AppError, BadRequest, Invalid, InvalidFields, issueErrors } from './errors';

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Longest text field (a description in Bangla is ~3 bytes a character: 20,000 of them fit). */
const MAX_FIELD_BYTES = 100 * 1024;
/** Longest field name, e.g. `variations[12][buyprice]`. */
const MAX_NAME_BYTES = 100;
/** `a`, `a[]`, `a[0][b]`: at most three levels. */
const MAX_DEPTH = 3;
/** Indexed lists (`variations[i]`) hold at most this many entries. */
const MAX_INDEX = 199;

/** Names that would reach an object's prototype if used as keys. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

type Fields = Record<string, unknown>;

/** Objects without a prototype: no key, whatever its name, can reach Object.prototype. */
const bare = (): Fields => Object.create(null) as Fields;

/**
 * The segments of a form name (`a`, `a[]`, `a[0][b]`), or a 422 naming the field when the name is
 * malformed, too deep, or uses a prototype key (`__proto__[x]` once polluted every object).
 */
function nameSegments(name: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!m?.[1]) throw new Invalid(name.slice(0, MAX_NAME_BYTES) || 'body', say('form.nameInvalid'));
  const segments = [m[1], ...[...(m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((s) => s[1] ?? '')];
  if (segments.length > MAX_DEPTH) throw new Invalid(name, say('form.nameTooDeep'));
  for (const [i, segment] of segments.entries()) {
    if (FORBIDDEN_SEGMENTS.has(segment)) throw new Invalid(name, say('form.nameForbidden'));
    if (segment === '' && i !== segments.length - 1) throw new Invalid(name, say('form.emptyIndex'));
    if (/^\d+$/.test(segment) && Number(segment) > MAX_INDEX)
      throw new Invalid(name, say('form.listTooLong', { max: MAX_INDEX + 1 }));
  }
  return segments;
}

/** Puts `a[]`, `a[0][b]` and `a` form names into nested prototype-free objects and arrays. */
function assign(target: Fields, name: string, value: string): void {
  const parts = nameSegments(name);
  let node: Fields = target;
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i] as string;
    const last = i === parts.length - 1;
    const next = parts[i + 1];
    const current = Object.hasOwn(node, key) ? node[key] : undefined;
    if (last) {
      node[key] = value;
    } else if (next === '') {
      // name[] → a list of values
      const list = Array.isArray(current) ? current : (node[key] = []);
      if (!Array.isArray(list)) throw new Invalid(name, say('form.twoShapes'));
      if (list.length > MAX_INDEX) throw new Invalid(name, say('form.listTooLong', { max: MAX_INDEX + 1 }));
      list.push(value);
      return;
    } else {
      if (current !== undefined && (typeof current !== 'object' || Array.isArray(current)))
        throw new Invalid(name, say('form.twoShapes'));
      node = (current ?? (node[key] = bare())) as Fields;
    }
  }
}

/** `{0: {...}, 1: {...}}` from `variations[0][x]` → arrays, in index order. */
function arraysFromIndexedObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(arraysFromIndexedObjects);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Fields);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => arraysFromIndexedObjects(v));
  }
  const out = bare();
  for (const [k, v] of entries) out[k] = arraysFromIndexedObjects(v);
  return out;
}

/**
 * Reads a multipart form: text fields validated by `schema` (422 with field errors, like JSON
 * routes), files kept in memory up to 5 MB each (larger: 422 on that field).
 */
export async function readMultipart<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  fileFields: string[],
): Promise<{ fields: z.infer<S>; files: Record<string, Buffer> }> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_type', say('form.multipart'));
  const raw = bare();
  const files: Record<string, Buffer> = bare() as Record<string, Buffer>;
  for await (const part of req.parts({
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: fileFields.length,
      fields: 500,
      fieldSize: MAX_FIELD_BYTES,
      fieldNameSize: MAX_NAME_BYTES,
    },
  })) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      // Past the size limit toBuffer throws; any other error (a body cut short) goes on as it is.
      const body = await part.toBuffer().catch((error: unknown) => {
        if (isFileTooLarge(error)) return null;
        throw error;
      });
      if (!body || part.file.truncated)
        throw new Invalid(
          part.fieldname,
          say('field.maxMegabytes', { field: label('image'), max: MAX_UPLOAD_BYTES / (1024 * 1024) }),
        );
      if (body.length > 0) files[part.fieldname] = body;
    } else {
      if (part.valueTruncated || part.fieldnameTruncated)
        throw new Invalid(part.fieldname.slice(0, MAX_NAME_BYTES), say('form.fieldTooLong'));
      assign(raw, part.fieldname, typeof part.value === 'string' ? part.value : String(part.value ?? ''));
    }
  }
  const parsed = schema.safeParse(arraysFromIndexedObjects(raw));
  if (!parsed.success) throw new InvalidFields(issueErrors(parsed.error.issues, 'body'));
  return { fields: parsed.data as z.infer<S>, files };
}

/** @fastify/multipart's refusal of a file past its size limit. */
const isFileTooLarge = (error: unknown) =>
  error instanceof Error && (error as Error & { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The multipart parser's (busboy's) own errors for a body that is not a whole form: it ends before
 * its closing boundary (the connection dropped mid-file, or the boundary is missing), a part ends
 * early, or the boundary is missing or unusable. Plain `Error`s known only by their text.
 */
const MALFORMED_FORM =
  /^(Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Multipart: Boundary not found|Boundary required|The needle cannot)/;

/** True for an error of a multipart body that could not be read as a whole form. */
function isMalformedForm(error: unknown): boolean {
  return (
    error instanceof Error &&
    !(error instanceof AppError) &&
    (error as Error & { statusCode?: unknown }).statusCode === undefined &&
    MALFORMED_FORM.test(error.message)
  );
}

/**
 * Registers the routes that take an upload (`register` adds them to `app`'s scope) inside a scope
 * of their own that parses multipart bodies. @fastify/multipart adds three hooks to every request
 * of the scope it is registered in (one puts a listener on every response); kept here, they run
 * for these few admin routes only, not for every read of the shop. Other routes refuse a multipart
 * body (415). A body that is no whole form answers 400 `bad_request` (isMalformedForm).
 */
export async function uploadRoutes(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 500, parts: 520 },
    });
    // A body cut short is the client's (400 bad_request), not a bug of ours (500): thrown on, the
    // app's own error handler answers it.
    scope.setErrorHandler((error) => {
      throw isMalformedForm(error) ? new BadRequest(say('form.cutShort')) : error;
    });
    await register(scope);
  });
}
