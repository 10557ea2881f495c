import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@bazar/contracts/common';
import { say, type Message } from '@bazar/contracts/messages';
import {
  isCheckViolation,
  isConnectionError,
  isDataError,
  isDiskFull,
  isForeignKeyViolation,
  isUniqueViolation,
} from '../db/client';
import {
  AppError,
  Busy,
  Conflict,
  DbUnavailable,
  InvalidFields,
  StorageFull,
  TooManyRequests,
  type ErrorAnswer,
  type FieldErrors,
} from '../lib/errors';
import { answerIn, languageOf } from '../lib/language';

/** Fastify's own client errors (body too large, bad content type, bad JSON): status, code and a plain message. */
function fastifyClientError(err: FastifyError): { code: ErrorCode; message: Message } {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
    return { code: 'bad_request', message: say('http.notJson') };
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413)
    return { code: 'too_large', message: say('error.too_large') };
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415)
    return { code: 'unsupported_type', message: say('error.unsupported_type') };
  return { code: 'bad_request', message: say('error.bad_request') };
}

/** A file write that found the disk full (ENOSPC) or the user's quota spent (EDQUOT), however wrapped. */
function isNoSpace(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  return false;
}

/**
 * The database's own refusals that reach the HTTP layer: a value it could not take (class 22) or a
 * rule of the schema (check, foreign key, unique). Input should have been refused before; if it
 * was not, the answer is still a 4xx, never a 500 with the SQL in the log as the only trace.
 */
function fromDatabase(err: unknown): AppError | undefined {
  if (isConnectionError(err)) return new DbUnavailable();
  if (isDiskFull(err) || isNoSpace(err)) return new StorageFull();
  if (isDataError(err) || isCheckViolation(err)) return new InvalidFields({ body: [say('db.outOfRange')] });
  if (isForeignKeyViolation(err)) return new Conflict(say('db.foreignKey'));
  if (isUniqueViolation(err)) return new Conflict(say('db.unique'));
  return undefined;
}

let lastDbWarning = 0;
let lastFullWarning = 0;

/**
 * One place turns every error into an answer: 422 with field errors for bad input, the named
 * AppErrors with their code, 503 while the database is away or a disk is full, and a bare 500 for
 * bugs (logged with the stack; the answer never carries a stack trace or SQL).
 */
export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: FieldErrors = {};
    for (const issue of err.validation) {
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'body';
      // A route schema's message: the contracts' (said by key) or zod's own (contracts' zod-messages.ts).
      (errors[field] ??= []).push((issue.message as Message | undefined) ?? say('http.invalidValue'));
    }
    return sendError(req, reply, 422, new InvalidFields(errors).toAnswer());
  }
  const known = err instanceof AppError ? err : fromDatabase(err);
  if (known) {
    if (known instanceof DbUnavailable) {
      // Hundreds of requests fail in a few seconds of outage: one line every 5 s tells the story.
      const now = Date.now();
      if (now - lastDbWarning > 5000) {
        lastDbWarning = now;
        req.log.warn({ err }, 'database unavailable: answering 503 db_unavailable');
      }
      reply.header('retry-after', '2');
    }
    if (known instanceof StorageFull) {
      // The owner must act (free space): an error, once a minute however many requests fail.
      const now = Date.now();
      if (now - lastFullWarning > 60_000) {
        lastFullWarning = now;
        req.log.error({ err }, 'a disk is full: answering 503 storage_full until space is freed');
      }
      reply.header('retry-after', String(StorageFull.retryAfterSeconds));
    }
    if ((known instanceof TooManyRequests || known instanceof Busy) && known.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(known.retryAfterSeconds));
    if (!(err instanceof AppError) && !(known instanceof DbUnavailable) && !(known instanceof StorageFull))
      req.log.warn({ err }, 'the database refused a value the validation let through');
    return sendError(req, reply, known.statusCode, known.toAnswer());
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return sendError(req, reply, status, fastifyClientError(err));
  req.log.error({ err }, 'request failed');
  return sendError(req, reply, 500, { message: say('error.server_error'), code: 'server_error' });
}

/**
 * Sends an error answer written in the request's language (lib/language.ts): in Bangla when its
 * `Accept-Language` prefers Bangla, else in the spec's English. Either way it says `Vary:
 * Accept-Language` (RFC 9110 §12.5.5): the text depends on that header, and a 404 without
 * Cache-Control may be kept by a cache (heuristically cacheable, RFC 9111 §4.2.2), which must then
 * not hand one language's answer to a reader of the other.
 */
export function sendError(req: FastifyRequest, reply: FastifyReply, status: number, answer: ErrorAnswer) {
  const vary = reply.getHeader('vary');
  const named = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/(?:^|,)\s*(?:accept-language|\*)\s*(?:,|$)/i.test(named))
    reply.header('vary', named ? `${named}, Accept-Language` : 'Accept-Language');
  return reply.code(status).send(answerIn(languageOf(req), answer));
}

/** 404: the single-page app owns every other page path; unknown /api paths get a JSON 404. */
export function notFoundAnswer(url: string): ErrorAnswer {
  return {
    message: url.startsWith('/api') ? say('http.noRoute') : say('error.not_found'),
    code: 'not_found',
  };
}
