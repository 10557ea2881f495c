import type { ErrorCode } from '@bazar/contracts/common';

/**
 * Every error answer's JSON: the message people read, the machine-readable code, the field errors
 * of a 422, and any more fields (a 409's lines, a 429's retry_after).
 */
export type ErrorAnswer = {
  message: string;
  code: ErrorCode;
  errors?: Record<string, string[]>;
  [more: string]: unknown;
};

/**
 * Typed errors the HTTP layer maps to answers in one place (app.ts): the status, a stable
 * machine-readable `code` (contracts' ERROR_CODES) and the message people read.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** More fields of the answer, e.g. the short lines of a 409. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The JSON answer: message, code, the field errors if any, and the extra fields. */
  toAnswer(): ErrorAnswer {
    return {
      message: this.message,
      code: this.code,
      ...(this.errors && { errors: this.errors }),
      ...this.extra,
    };
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export class Unauthenticated extends AppError {
  constructor(message = 'Unauthenticated.') {
    super(401, 'unauthenticated', message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'Access Restricted', code: 'forbidden' | 'unverified' = 'forbidden') {
    super(403, code, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

/** 429 with how many seconds to wait (also sent as the Retry-After header). */
export class TooManyRequests extends AppError {
  constructor(
    message = 'Too many attempts. Please try again later.',
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
  constructor(field: string, message: string) {
    super(422, 'invalid', message, { [field]: [message] });
  }
}

/** 422 on several fields at once (a parsed form). */
export class InvalidFields extends AppError {
  constructor(errors: Record<string, string[]>) {
    super(422, 'invalid', Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
  }
}

/** More money than the order owes: the spec's "Amount is large", on the amount field. */
export class AmountLarge extends AppError {
  constructor(field = 'paid') {
    super(422, 'amount_large', 'Amount is large', { [field]: ['Amount is large'] });
  }
}

/** 400: a request the server cannot read at all (not JSON, a broken form). */
export class BadRequest extends AppError {
  constructor(message: string) {
    super(400, 'bad_request', message);
  }
}

/** 503 while the database cannot be reached; the app reconnects by itself. */
export class DbUnavailable extends AppError {
  constructor() {
    super(
      503,
      'db_unavailable',
      'The shop cannot reach its database right now. Please try again in a moment.',
    );
  }
}

/** 502: a payment gateway refused or did not answer (online payment, refunds); nothing was recorded. */
export class PaymentFailed extends AppError {
  constructor(message: string) {
    super(502, 'payment_failed', message);
  }
}
