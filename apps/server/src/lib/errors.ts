import type { z } from 'zod';
import type { ErrorCode } from '@bazar/contracts/common';
import type { ApprovalKind } from '@bazar/contracts/approvals';
import type { Permission } from '@bazar/contracts/permissions';
import { english, render, say, type Message } from '@bazar/contracts/messages';

/** Field errors: each field's messages, by key (contracts' messages.ts). */
export type FieldErrors = Record<string, Message[]>;

/**
 * A schema's issues as field errors, each under its dotted path (`blank` for the value itself).
 * Their messages are said by key: the contracts' own, or zod's (contracts' zod-messages.ts).
 */
export function issueErrors(issues: readonly z.core.$ZodIssue[], blank: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[issue.path.join('.') || blank] ??= []).push(issue.message as Message);
  return errors;
}

/**
 * Every error answer's JSON: the message people read, the machine-readable code, the field errors
 * of a 422, and any more fields (a 409's lines, a 429's retry_after). Its messages are said by key;
 * `sendError` (plugins/errors.ts) writes them in the request's language.
 */
export type ErrorAnswer = {
  message: Message;
  code: ErrorCode;
  errors?: FieldErrors;
  [more: string]: unknown;
};

/**
 * Typed errors the HTTP layer maps to answers in one place (app.ts): the status, a stable
 * machine-readable `code` (contracts' ERROR_CODES) and the message people read, by key. The
 * error's own `message` (logs, stack traces) is its English.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly said: Message,
    readonly errors?: FieldErrors,
    /** More fields of the answer, e.g. the short lines of a 409. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(render(english, said));
  }

  /** The JSON answer: message, code, the field errors if any, and the extra fields. */
  toAnswer(): ErrorAnswer {
    return {
      message: this.said,
      code: this.code,
      ...(this.errors && { errors: this.errors }),
      ...this.extra,
    };
  }
}

export class NotFound extends AppError {
  constructor(message = say('error.not_found')) {
    super(404, 'not_found', message);
  }
}

export class Unauthenticated extends AppError {
  constructor(message = say('error.unauthenticated')) {
    super(401, 'unauthenticated', message);
  }
}

export class Forbidden extends AppError {
  constructor(code: 'forbidden' | 'unverified' = 'forbidden', message: Message = say(`error.${code}`)) {
    super(403, code, message);
  }
}

/** 403 for a member of staff whose role lacks the permission: the answer names it (`permission`). */
export class MissingPermission extends AppError {
  constructor(readonly permission: Permission) {
    super(403, 'forbidden', say('error.permission', { permission }), undefined, { permission });
  }
}

/** 403: a manager must approve this at the till (`kind` says what); send it again with `approval`. */
export class ApprovalRequired extends AppError {
  constructor(
    readonly kind: ApprovalKind,
    message: Message,
    /** What it is about, for the screen to name it (expired stock: the product, quantity and date). */
    detail?: Record<string, unknown>,
  ) {
    super(403, 'approval_required', message, undefined, { kind, ...(detail && { detail }) });
  }
}

/** 403: too many wrong PINs in a row; a manager or the owner unlocks the account (Staff). */
export class PinLocked extends AppError {
  constructor() {
    super(403, 'pin_locked', say('staff.pinLocked'));
  }
}

export class Conflict extends AppError {
  constructor(message: Message) {
    super(409, 'conflict', message);
  }
}

/** 429 with how many seconds to wait (also sent as the Retry-After header). */
export class TooManyRequests extends AppError {
  constructor(
    message = say('error.rate_limited'),
    readonly retryAfterSeconds?: number,
    code: 'rate_limited' | 'order_limit' | 'sms_budget' | 'sms_phone_limit' = 'rate_limited',
  ) {
    super(
      429,
      code,
      message,
      undefined,
      retryAfterSeconds === undefined ? undefined : { retry_after: retryAfterSeconds },
    );
  }
}

/** 422 with field errors, the shape the spec's forms read. */
export class Invalid extends AppError {
  constructor(field: string, message: Message) {
    super(422, 'invalid', message, { [field]: [message] });
  }
}

/** 422 on several fields at once (a parsed form). */
export class InvalidFields extends AppError {
  constructor(errors: FieldErrors) {
    super(422, 'invalid', Object.values(errors)[0]?.[0] ?? say('error.invalid'), errors);
  }
}

/** More money than the order owes: the spec's "Amount is large", on the amount field. */
export class AmountLarge extends AppError {
  constructor(field = 'paid') {
    const message = say('error.amount_large');
    super(422, 'amount_large', message, { [field]: [message] });
  }
}

/** 400: a request the server cannot read at all (not JSON, a broken form). */
export class BadRequest extends AppError {
  constructor(message: Message) {
    super(400, 'bad_request', message);
  }
}

/**
 * 503: the server's password hashing is full (its queue, or this client's share of it): try again
 * in `retryAfterSeconds` (the answer's `retry_after` and its Retry-After header).
 */
export class Busy extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'busy', say('error.busy'), undefined, { retry_after: retryAfterSeconds });
  }
}

/** 503 while the database cannot be reached; the app reconnects by itself. */
export class DbUnavailable extends AppError {
  constructor() {
    super(503, 'db_unavailable', say('error.db_unavailable'));
  }
}

/**
 * 503 while the disk the shop writes to is full (DATA_DIR, or the database's: PostgreSQL's
 * `disk_full`, a file write's ENOSPC). The failed write's transaction is rolled back, so nothing
 * half-made stays; the next request after space is freed succeeds (nothing here remembers).
 */
export class StorageFull extends AppError {
  /** What the answer's Retry-After says: a person freeing space takes minutes, not seconds. */
  static readonly retryAfterSeconds = 60;

  constructor() {
    super(503, 'storage_full', say('error.storage_full'));
  }
}

/** 502: a payment gateway refused or did not answer (online payment, refunds); nothing was recorded. */
export class PaymentFailed extends AppError {
  constructor(message: Message) {
    super(502, 'payment_failed', message);
  }
}
