import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

type Fields = Record<string, unknown>;

/** Puts `a[]`, `a[0][b]` and `a` form names into nested objects and arrays. */
function assign(target: Fields, name: string, value: string): void {
  const parts = name.replace(/\]/g, '').split('[');
  let node: Fields = target;
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i] ?? '';
    const last = i === parts.length - 1;
    const next = parts[i + 1];
    if (last) {
      if (key === '') continue;
      node[key] = value;
    } else if (next === '') {
      // name[] → array of values
      const list = (Array.isArray(node[key]) ? node[key] : (node[key] = [])) as unknown[];
      list.push(value);
      return;
    } else {
      const child = node[key];
      node = (typeof child === 'object' && child !== null ? child : (node[key] = {})) as Fields;
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
  return Object.fromEntries(entries.map(([k, v]) => [k, arraysFromIndexedObjects(v)]));
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
  if (!req.isMultipart()) throw new AppError(415, 'Send this form as multipart/form-data.');
  const raw: Fields = {};
  const files: Record<string, Buffer> = {};
  for await (const part of req.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES, files: fileFields.length, fields: 500 },
  })) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const body = await part.toBuffer().catch(() => null);
      if (!body || part.file.truncated) {
        throw new AppError(422, 'The image may not be greater than 5 MB.', {
          [part.fieldname]: ['The image may not be greater than 5 MB.'],
        });
      }
      if (body.length > 0) files[part.fieldname] = body;
    } else {
      assign(raw, part.fieldname, String(part.value ?? ''));
    }
  }
  const parsed = schema.safeParse(arraysFromIndexedObjects(raw));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
    throw new AppError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
  }
  return { fields: parsed.data as z.infer<S>, files };
}
