import type { FastifyRequest } from 'fastify';
import { english, render, type MessageLanguage } from '@bazar/contracts/messages';
import { bangla } from '@bazar/contracts/messages.bn';
import type { ErrorAnswer } from './errors';

/**
 * The language the server writes its messages in for a request: Bangla (বাংলা) when its
 * `Accept-Language` prefers it, else English. The words are the contracts' catalogues
 * (`@bazar/contracts/messages`, `messages.bn`), shared with the web app's field messages; this file
 * decides which one a request reads and writes an error answer in it.
 */

// ---- Accept-Language (RFC 9110 §12.5.4) ---------------------------------------------------

/** `*` or a language tag's subtags: `bn`, `bn-BD`, `en-US`. */
const LANGUAGE_RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i;
/** 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * True when the request ranks Bangla (`bn`, `bn-BD` …) above English (`en`, `en-US` …). Each
 * language weighs what its best range says; one no range names weighs what `*` says (or nothing).
 * A range with a broken tag or weight is left out; a tie is English, as is no header at all.
 */
export function prefersBangla(acceptLanguage: string | string[] | undefined): boolean {
  if (acceptLanguage === undefined) return false;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  const named = new Map<string, number>();
  let anyOther: number | undefined;
  for (const element of header.split(',')) {
    const [range = '', ...params] = element.split(';').map((part) => part.trim());
    if (!LANGUAGE_RANGE.test(range)) continue;
    let weight: number | undefined = 1;
    for (const param of params) {
      const q = /^q=(.*)$/i.exec(param);
      if (q) weight = QVALUE.test(q[1] ?? '') ? Number(q[1]) : undefined;
    }
    if (weight === undefined) continue;
    if (range === '*') anyOther = Math.max(anyOther ?? 0, weight);
    else {
      const primary = range.toLowerCase().split('-')[0] ?? '';
      named.set(primary, Math.max(named.get(primary) ?? 0, weight));
    }
  }
  const weightOf = (language: string) => named.get(language) ?? anyOther ?? 0;
  return weightOf('bn') > weightOf('en');
}

/** The catalogue a request's messages are written in. */
export const languageOf = (req: FastifyRequest): MessageLanguage =>
  prefersBangla(req.headers['accept-language']) ? bangla : english;

/** An error answer as sent: its texts written out. */
export type WrittenAnswer = Omit<ErrorAnswer, 'message' | 'errors'> & {
  message: string;
  errors?: Record<string, string[]>;
};

/**
 * An error answer with its message and field messages written in `language`; everything else (the
 * code, the field names, a 409's lines, a 429's retry_after) as it is, in the same order.
 */
export function answerIn(language: MessageLanguage, answer: ErrorAnswer): WrittenAnswer {
  const written: WrittenAnswer = { ...answer, message: render(language, answer.message) };
  if (answer.errors) {
    written.errors = Object.fromEntries(
      Object.entries(answer.errors).map(([field, messages]) => [
        field,
        messages.map((m) => render(language, m)),
      ]),
    );
  }
  return written;
}
