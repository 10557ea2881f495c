import { z } from 'zod';
import { label, required, say, tooLong } from './messages';
import { id } from './numbers';

/** Role ids as the spec stores them. */
export const ROLE = { customer: 1, admin: 23314 } as const;

/** Who may call a route; the server enforces it, the browser only mirrors it. */
export const ACCESS = ['guest', 'customer', 'verified', 'admin'] as const;
export type Access = (typeof ACCESS)[number];

/**
 * Bangladeshi mobile numbers, normalised to 01XXXXXXXXX.
 * `+8801…`, `8801…`, spaces and dashes are accepted on input.
 */
export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const local = compact.replace(/^\+?880/, '0');
  return /^01[3-9]\d{8}$/.test(local) ? local : null;
}

export const phoneSchema = z
  .string({ error: required('phone') })
  .trim()
  .min(1, required('phone'))
  .transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: say('phone.invalid') });
      return z.NEVER;
    }
    return phone;
  });

/** New passwords (registration, reset, profile, admin): at least 8 characters. Older, shorter ones still log in. */
export const PASSWORD_MIN = 8;
export const passwordSchema = z
  .string({ error: required('password') })
  .min(PASSWORD_MIN, say('field.minLength', { field: label('password'), min: PASSWORD_MIN }))
  .max(200, tooLong('password', 200));

export const nameSchema = z
  .string({ error: required('name') })
  .trim()
  .min(1, required('name'))
  .max(100, tooLong('name', 100));

/**
 * The languages the shop speaks: English (the spec's texts) and Bangla. The shop's default
 * (Setting) and each customer's own (their SMS and printed invoices) are one of them.
 */
export const SHOP_LANGUAGES = ['en', 'bn'] as const;
export type ShopLanguage = (typeof SHOP_LANGUAGES)[number];
export const shopLanguage = z.enum(SHOP_LANGUAGES, { error: say('settings.language') });
/** A stored language, read strictly: anything else is English. */
export const asShopLanguage = (value: string): ShopLanguage => (value === 'bn' ? 'bn' : 'en');

export const idParamSchema = z.object({ id: id('text') });

export const messageSchema = z.object({ message: z.string() });

/**
 * Every error answer carries one of these machine-readable codes next to its message (the message
 * is for people and may be the spec's own text; the code is for programs and never changes).
 */
export const ERROR_CODES = [
  /** 422: the input broke a rule; `errors` names the fields. */
  'invalid',
  /** 422: more money than the order owes ("Amount is large"). */
  'amount_large',
  /** 400: the body is not JSON, or a form could not be read. */
  'bad_request',
  /** 401: no valid session, or a wrong phone or password. */
  'unauthenticated',
  /** 403: this account may not do this. */
  'forbidden',
  /** 403: the account must verify its phone first. */
  'unverified',
  /**
   * 403: this needs a manager's approval at the till (a discount above the role's limit, a return,
   * a void, opening the drawer with no sale): send it again with `approval: {phone, pin}`; `kind`
   * says which.
   */
  'approval_required',
  /** 403: too many wrong PINs in a row: the account's PIN is locked until a manager or the owner unlocks it. */
  'pin_locked',
  /** 404 */
  'not_found',
  /** 409: the change clashes with what is stored (a duplicate, a record in use). */
  'conflict',
  /** 409: the shop cannot fill these lines; `lines` says which. */
  'stock_short',
  // A till sale would take an expired batch and the shop never sells one (Setting).
  'expired_stock',
  /** 422: the shop has delivery slots and the order chose none. */
  'slot_required',
  /** 422: no such slot on that day, or the day is outside the days a shopper may book. */
  'slot_unknown',
  /** 409: the slot is past its cut-off. */
  'slot_closed',
  /** 409: the slot has no place left. */
  'slot_full',
  /** 429: too many tries; `retry_after` says when to try again (seconds). */
  'rate_limited',
  /** 429: this account has too many orders in the last hour, or too many unpaid ones. */
  'order_limit',
  /** 429: the shop's SMS budget for today is spent. */
  'sms_budget',
  /** 429: this phone has had as many SMS today as one phone may. */
  'sms_phone_limit',
  /** 413 */
  'too_large',
  /** 415 */
  'unsupported_type',
  /** 503: the database cannot be reached right now; try again in a moment. */
  'db_unavailable',
  /** 503: the shop is being restored from a backup (a minute or so); `retry_after` says when to try again. */
  'maintenance',
  /**
   * 503: the shop's disk (DATA_DIR) or its database's is full, so nothing was saved; `Retry-After`
   * says when to try again (it works again as soon as space is freed).
   */
  'storage_full',
  /**
   * 503: the server is checking as many passwords as it can (or as many as one client may): try
   * again after `retry_after` seconds (also the Retry-After header).
   */
  'busy',
  /** 502: a payment gateway refused or did not answer; nothing was recorded. */
  'payment_failed',
  /** 500: a bug on the server (logged); nothing about it is sent. */
  'server_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorSchema = z.object({ message: z.string(), code: z.enum(ERROR_CODES) });

export const validationErrorSchema = errorSchema.extend({
  errors: z.record(z.string(), z.array(z.string())),
});

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

export function one<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}
