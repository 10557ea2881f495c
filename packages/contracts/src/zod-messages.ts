import { z } from 'zod';
import { say, type Message, type MessageKey } from './messages';

/**
 * zod's own refusals as the shop's messages: where a schema gives no message of its own (a text's
 * length, a type, an unknown key), the issue's code and parameters choose a key of messages.ts, so
 * they are written in the reader's language like every other message. Their English is zod's own
 * English, word for word (messages.test.ts compares them with zod's).
 *
 * It is zod's global error map: this module sets it when it loads. numbers.ts imports it, and every
 * schema of the contracts is built from numbers.ts or next to a schema that is, so it is set before
 * any of them parses.
 */

const { parsedType, stringifyPrimitive, joinValues } = z.core.util;

/** The types zod names that the catalogue has words for; any other is named as zod names it. */
const TYPES = new Set(['string', 'number', 'int', 'boolean', 'array', 'object', 'record', 'null']);
const MORE_TYPES = new Set(['bigint', 'date', 'tuple', 'file']);

/** A type as zod's English names it (`nan` → `NaN`, an infinite number by its value). */
function typeName(type: string, input?: unknown): string {
  if (type === 'number' && typeof input === 'number' && !Number.isFinite(input)) return String(input);
  return type === 'nan' ? 'NaN' : type;
}

/** An expected type: the catalogue's word for it, or zod's name. */
const expectedType = (type: string): string =>
  TYPES.has(type) || MORE_TYPES.has(type) ? say(`zod.types.${type}` as `zod.types.string`) : typeName(type);

/** A bound as zod writes it: `5`, `100000`; a bigint without its `n`. */
const bound = (value: unknown): string | number => (typeof value === 'number' ? value : String(value));

/** How zod names a string format in English ("Invalid UUID"). */
const FORMATS: Record<string, string> = {
  regex: 'input',
  email: 'email address',
  url: 'URL',
  emoji: 'emoji',
  uuid: 'UUID',
  uuidv4: 'UUIDv4',
  uuidv6: 'UUIDv6',
  nanoid: 'nanoid',
  guid: 'GUID',
  cuid: 'cuid',
  cuid2: 'cuid2',
  ulid: 'ULID',
  xid: 'XID',
  ksuid: 'KSUID',
  datetime: 'ISO datetime',
  date: 'ISO date',
  time: 'ISO time',
  duration: 'ISO duration',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  mac: 'MAC address',
  cidrv4: 'IPv4 range',
  cidrv6: 'IPv6 range',
  base64: 'base64-encoded string',
  base64url: 'base64url-encoded string',
  json_string: 'JSON string',
  e164: 'E.164 number',
  currency_code: 'currency code',
  credit_card: 'credit card number',
  iban: 'IBAN',
  jwt: 'JWT',
  template_literal: 'input',
};

/** Units of the sizes zod counts, as its English says them. */
const SIZED: Record<string, string> = {
  string: 'characters',
  file: 'bytes',
  array: 'items',
  set: 'items',
  map: 'entries',
};

type Size = {
  origin?: string | undefined;
  inclusive?: boolean | undefined;
  exact?: boolean | undefined;
};

/** A text's, a list's or a number's bound ("at most 100 characters"), by its own key where it has one. */
function sizeMessage(big: boolean, issue: Size, limit: unknown): Message {
  const origin = issue.origin;
  const which = issue.exact ? 'exactly' : issue.inclusive ? 'inclusive' : 'exclusive';
  if ((origin === 'string' || origin === 'array') && typeof limit === 'number') {
    const keys: Record<typeof which, [MessageKey, MessageKey]> = {
      inclusive: [`zod.${origin}.atMost`, `zod.${origin}.atLeast`],
      exclusive: [`zod.${origin}.below`, `zod.${origin}.above`],
      exactly: [`zod.${origin}.exactlyMax`, `zod.${origin}.exactlyMin`],
    };
    const [tooBig, tooSmall] = keys[which];
    return big
      ? say(tooBig as 'zod.string.atMost', { max: limit })
      : say(tooSmall as 'zod.string.atLeast', { min: limit });
  }
  if (origin === 'number' && which !== 'exactly' && typeof limit === 'number') {
    if (big) return say(which === 'inclusive' ? 'zod.number.atMost' : 'zod.number.below', { max: limit });
    return say(which === 'inclusive' ? 'zod.number.atLeast' : 'zod.number.above', { min: limit });
  }
  const adj = issue.exact ? 'exactly ' : issue.inclusive ? (big ? '<=' : '>=') : big ? '<' : '>';
  const unit = origin === undefined ? undefined : SIZED[origin];
  const text = unit ? `have ${adj}${bound(limit)} ${unit}` : `be ${adj}${bound(limit)}`;
  return big
    ? say('zod.tooBig', { origin: origin ?? 'value', bound: text })
    : say('zod.tooSmall', { origin: String(origin), bound: text });
}

/** The message of an issue zod raised without one of the schema's own. */
export function zodMessage(issue: z.core.$ZodRawIssue): Message {
  switch (issue.code) {
    case 'invalid_type':
      return say('zod.type', {
        expected: expectedType(issue.expected),
        received: typeName(parsedType(issue.input), issue.input),
      });
    case 'invalid_value':
      return issue.values.length === 1
        ? say('zod.value', { value: stringifyPrimitive(issue.values[0]) })
        : say('zod.option', { values: joinValues(issue.values, '|') });
    case 'too_big':
      return sizeMessage(true, issue, issue.maximum);
    case 'too_small':
      return sizeMessage(false, issue, issue.minimum);
    case 'invalid_format':
      if (issue.format === 'starts_with') return say('zod.startsWith', { prefix: String(issue.prefix) });
      if (issue.format === 'ends_with') return say('zod.endsWith', { suffix: String(issue.suffix) });
      if (issue.format === 'includes') return say('zod.includes', { includes: String(issue.includes) });
      if (issue.format === 'regex') return say('zod.pattern', { pattern: String(issue.pattern) });
      return say('zod.format', { format: FORMATS[issue.format] ?? issue.format });
    case 'not_multiple_of':
      return say('zod.multipleOf', { divisor: bound(issue.divisor) });
    case 'unrecognized_keys':
      return say(issue.keys.length > 1 ? 'zod.unknownKeys' : 'zod.unknownKey', {
        keys: joinValues(issue.keys, ', '),
      });
    case 'invalid_key':
      return say('zod.invalidKey', { origin: issue.origin });
    case 'invalid_union': {
      const options = (issue as { options?: unknown }).options;
      if (Array.isArray(options) && options.length > 0)
        return say('zod.discriminator', { options: options.map((o) => `'${String(o)}'`).join(' | ') });
      if (issue.inclusive === false) return say('zod.manyMatched');
      return say('zod.invalid');
    }
    case 'invalid_element':
      return say('zod.invalidElement', { origin: issue.origin });
    default:
      return say('zod.invalid');
  }
}

z.config({ customError: zodMessage });
