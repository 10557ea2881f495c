import { z } from 'zod';
import { label, say, type FieldName } from './messages';
import './zod-messages';

/**
 * The one rule for numbers and dates that arrive from outside, shared by the server and the forms.
 *
 * A JSON body carries numbers as JSON numbers: `[]`, `[7]`, `""`, `" "`, `null`, `true` or `"0x10"`
 * are refused, never turned into 0, 7, 1 or 16 (which `z.coerce.number()` would do). Multipart
 * fields, query strings and path parameters carry text: there a string that is wholly a plain
 * decimal (`12`, `-3`, `0.25`) is read as that number, and anything else is refused.
 */
export type Source = 'json' | 'text';

/** Whole taka: every amount of money the shop stores or takes. */
export const MONEY_MAX = 100_000_000;
/** Quantities (kg, litre, pieces): at most this many, in 0.01 steps. */
export const QTY_MAX = 100_000;
/** Database ids are PostgreSQL integers. */
export const ID_MAX = 2_147_483_647;
/** Page numbers of paginated lists. */
export const PAGE_MAX = 1_000_000;

const PLAIN_DECIMAL = /^-?\d{1,20}(\.\d{1,20})?$/;

/** Bengali digits (০ U+09E6 to ৯ U+09EF): a cashier in Bangla mode types ১২৫ for 125. */
const BENGALI_DIGITS = /[\u09E6-\u09EF]/g;

/** `text` with every Bengali digit written as its Latin digit ("১২৫.৫০" → "125.50"); the rest as it is. */
export const latinDigits = (text: string) =>
  text.replace(BENGALI_DIGITS, (digit) => String(digit.charCodeAt(0) - 0x09e6));

/**
 * The number a string wholly spells as a plain decimal ("12", "-3", "0.25", in Latin or Bengali
 * digits: "১২", "০.২৫"), or undefined.
 */
export function plainDecimal(text: string): number | undefined {
  const latin = latinDigits(text);
  return PLAIN_DECIMAL.test(latin) ? Number(latin) : undefined;
}

/** True when `n` has at most two decimals (0.01 steps), judged on its hundredths. */
export const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A text source's plain decimal becomes a number; every other value reaches the schema as it came. */
const readText = (value: unknown) => (typeof value === 'string' ? (plainDecimal(value) ?? value) : value);

/** Reads text sources through `readText`; JSON sources take the schema as it is. */
export function fromSource<T extends z.ZodType>(source: Source, schema: T) {
  return source === 'json' ? schema : z.preprocess(readText, schema);
}

/** A finite number with the field's own messages for a missing and a non-number value. */
function baseNumber(field: FieldName) {
  const named = { field: label(field) };
  return z.number({
    error: (issue) => say(issue.input === undefined ? 'field.required' : 'field.number', named),
  });
}

/** Whole taka, 0 to 100,000,000 (or from `min`). */
export function money(source: Source, field: FieldName = 'amount', min = 0) {
  const named = { field: label(field) };
  return fromSource(
    source,
    baseNumber(field)
      .int(say('field.wholeTaka', named))
      .min(min, min > 0 ? say('field.atLeast', { ...named, min }) : say('field.negative', named))
      .max(MONEY_MAX, say('field.atMost', { ...named, max: MONEY_MAX })),
  );
}

/** A quantity sold or bought: more than 0, at most two decimals, at most 100,000. */
export function quantity(source: Source, field: FieldName = 'quantity') {
  const named = { field: label(field) };
  return fromSource(
    source,
    baseNumber(field)
      .gt(0, say('field.moreThan', { ...named, min: 0 }))
      .max(QTY_MAX, say('field.atMost', { ...named, max: QTY_MAX }))
      .refine(twoDecimals, say('field.twoDecimals', named)),
  );
}

/** A stock level set by hand: the till may have sold below zero, so -100,000 to 100,000, two decimals. */
export function stockLevel(source: Source, field: FieldName = 'qty') {
  const named = { field: label(field) };
  return fromSource(
    source,
    baseNumber(field)
      .min(-QTY_MAX, say('field.notBelow', { ...named, min: -QTY_MAX }))
      .max(QTY_MAX, say('field.atMost', { ...named, max: QTY_MAX }))
      .refine(twoDecimals, say('field.twoDecimals', named)),
  );
}

/** A whole number from `min` to `max` (statuses, list types, points). */
export function wholeNumber(source: Source, field: FieldName, min: number, max: number) {
  const named = { field: label(field) };
  return fromSource(
    source,
    baseNumber(field)
      .int(say('field.whole', named))
      .min(min, say('field.atLeast', { ...named, min }))
      .max(max, say('field.atMost', { ...named, max })),
  );
}

/** How text writes an id: plain Latin digits, no sign, point, exponent, space or leading zero. */
const CANONICAL_ID = /^(0|[1-9]\d{0,9})$/;

/**
 * A database id: a whole number from `min` (1; 0 where 0 has a meaning of its own, such as "every
 * customer") in PostgreSQL's integer range. From text (a path, a query string, a form field) only
 * the id's one spelling is read: `12`, never `012`, `+12`, `12.0`, `1e1`, ` 12` or `-0`, which
 * would name the same row (or list 0) by another spelling and slip past a check made on the text.
 */
export function id(source: Source, field: FieldName = 'id', min = 1) {
  const named = { field: label(field) };
  const number = baseNumber(field)
    .int(say('field.whole', named))
    .min(min, say('field.atLeast', { ...named, min }))
    .max(ID_MAX, say('field.atMost', { ...named, max: ID_MAX }));
  if (source === 'json') return number;
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (CANONICAL_ID.test(value)) return Number(value);
    ctx.addIssue({ code: 'custom', message: say('field.plainDigits', named) });
    return value;
  }, number);
}

/** A page number of a paginated list (text: query strings). */
export const pageNumber = () => wholeNumber('text', 'page', 1, PAGE_MAX).default(1);
/** Rows per page, 1 to 100 (text: query strings). */
export const perPage = () => wholeNumber('text', 'perPage', 1, 100).default(20);

// ---- dates --------------------------------------------------------------------------------

export const YEAR_MIN = 2000;
export const YEAR_MAX = 2100;

/** True for a real calendar day YYYY-MM-DD from 2000-01-01 to 2100-12-31. */
export function isCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC: no time zone can shift it).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** "The {{field}} must be a date …" and "… a real date from 2000 to 2100 …" of a date field. */
const dateMessages = (field: FieldName) => {
  const named = { field: label(field) };
  return {
    notText: say('field.date', named),
    notDay: say('field.realDate', { ...named, from: YEAR_MIN, to: YEAR_MAX }),
  };
};

/** A shop day, YYYY-MM-DD, that exists on the calendar (years 2000 to 2100). */
export const calendarDay = (field: FieldName = 'date') => {
  const { notText, notDay } = dateMessages(field);
  return z.string({ error: notText }).refine(isCalendarDay, notDay);
};

/** A date filter: a calendar day, or empty for an open end. */
export const dayFilter = (field: FieldName = 'date') => {
  const { notText, notDay } = dateMessages(field);
  return z
    .string({ error: notText })
    .refine((v) => v === '' || isCalendarDay(v), notDay)
    .optional();
};
