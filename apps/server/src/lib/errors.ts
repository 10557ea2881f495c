/** Typed errors the HTTP layer maps to status codes in one place (app.ts). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** More fields of the answer, e.g. the short lines of a 409. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class Unauthenticated extends AppError {
  constructor() {
    super(401, 'Unauthenticated.');
  }
}

export class Forbidden extends AppError {
  constructor(message = 'Access Restricted') {
    super(403, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequests extends AppError {
  constructor(message = 'Too many attempts. Please try again later.') {
    super(429, message);
  }
}

/** 422 with field errors, the shape the spec's forms read. */
export class Invalid extends AppError {
  constructor(field: string, message: string) {
    super(422, message, { [field]: [message] });
  }
}
