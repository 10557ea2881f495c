import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { en, english, isMessage, label, placeholders, render, say, type MessageKey } from './messages';
import { LEFT_OUT, bangla, bengaliNumber, bn } from './messages.bn';
import { zodMessage } from './zod-messages';

/**
 * The catalogues of messages.ts and messages.bn.ts: the same keys and placeholders (the compiler
 * checks them too), a Bangla text for every message, and every message a schema can answer made by
 * `say` (so it has a key, and so its Bangla). Their English is the spec's, byte for byte.
 */

const keys = Object.keys(en) as MessageKey[];
const bnTexts: Record<string, string> = bn;
const BENGALI_LETTER = /[\u0980-\u09FF]/;
/** Bangla texts with no Bengali letter, each with its reason. */
const NO_BENGALI: Record<string, string> = { 'zod.types.null': 'the JSON value null, as it is typed' };

describe('the catalogues', () => {
  it('have the same keys', () => {
    expect(Object.keys(bn).sort()).toEqual([...keys].sort());
    expect(keys.length).toBeGreaterThan(300);
  });

  it('have a non-empty text for every key', () => {
    const empty = keys.filter((key) => !en[key].trim() || !bnTexts[key]?.trim());
    expect(empty).toEqual([]);
  });

  it('have the same {{placeholders}}, less what the Bangla leaves out on purpose', () => {
    const leftOut: Record<string, readonly string[]> = LEFT_OUT;
    const differ = keys
      .map((key) => ({
        key,
        en: placeholders(en[key]).filter((name) => !leftOut[key]?.includes(name)),
        bn: placeholders(bnTexts[key] ?? ''),
      }))
      .filter((p) => p.en.join() !== p.bn.join());
    expect(differ).toEqual([]);
    for (const [key, names] of Object.entries(leftOut)) {
      for (const name of names) {
        expect(placeholders(en[key as MessageKey]), key).toContain(name);
        expect(placeholders(bnTexts[key] ?? ''), key).not.toContain(name);
      }
    }
  });

  it('write every Bangla text in Bengali, but for the allow-list', () => {
    const latin = keys.filter((key) => !(key in NO_BENGALI) && !BENGALI_LETTER.test(bnTexts[key] ?? ''));
    expect(latin).toEqual([]);
    for (const key of Object.keys(NO_BENGALI))
      expect(BENGALI_LETTER.test(bnTexts[key] ?? ''), key).toBe(false);
  });
});

describe('say and render', () => {
  it('write a message in each language, a field rule with its label', () => {
    const m = say('field.atMost', { field: label('amount'), max: 100_000_000 });
    expect(render(english, m)).toBe('The amount may not be greater than 100000000.');
    expect(render(bangla, m)).toBe('টাকার পরিমাণ ১০,০০,০০,০০০-এর বেশি হতে পারবে না।');
  });

  it('write numbers in Bengali digits, a row number ungrouped, a typed text as it is', () => {
    expect(render(bangla, say('import.barcodeTwice', { row: 12345 }))).toBe(
      'এই বারকোড ১২৩৪৫ নম্বর সারিতেও আছে।',
    );
    expect(render(bangla, say('scan.noBarcode', { code: '8941100500125' }))).toBe(
      '8941100500125 বারকোডের কোনো পণ্য নেই।',
    );
    expect(render(bangla, say('orders.wholePieces', { title: 'Egg 12 pcs' }))).toBe(
      'Egg 12 pcs পিস হিসেবে বিক্রি হয়: পূর্ণ সংখ্যায় অর্ডার করুন।',
    );
  });

  it('say the SMS budget, the scale label and the order total the way the shop says them', () => {
    const budget = say('sms.budget', { budget: 500, used: 480, more: 120 });
    expect(render(english, budget)).toBe(
      "Today's SMS budget is 500 messages and 480 are used: this would send 120 more. Send it tomorrow, or raise the daily SMS budget in Setting.",
    );
    expect(render(bangla, budget)).toBe(
      'আজকের এসএমএস সীমা ৫০০টি, এর মধ্যে ৪৮০টি পাঠানো হয়ে গেছে: এটি পাঠালে আরও ১২০টি যাবে। কাল পাঠান, অথবা সেটিং-এ দৈনিক এসএমএস সীমা বাড়ান।',
    );
    const label = say('scan.tinyWeight', { unit: say('scan.units.kg') });
    expect(render(english, label)).toBe("The label's weight is less than 0.01 kg: it is not a sale.");
    expect(render(bangla, label)).toBe('লেবেলের ওজন ০.০১ কেজির কম: এটি বিক্রি নয়।');
    expect(render(bangla, say('orders.totalTooLarge', { max: 100_000_000 }))).toBe(
      'অর্ডারের মোট ১০,০০,০০,০০০ টাকার বেশি হতে পারবে না।',
    );
    expect(render(english, say('catalog.brandUsedOnce', { count: 1 }))).toBe(
      'This brand is used by 1 product.',
    );
  });

  it('leave a text that is not a said message as it is', () => {
    for (const text of [
      'Something new.',
      'ফোন নম্বর',
      '',
      '\uE000not json',
      '\uE000["no.such.key"]',
      '\uE000[1]',
    ])
      expect([render(english, text), render(bangla, text), isMessage(text)]).toEqual([text, text, false]);
  });

  it('refuses a key the catalogue does not have, made at run time', () => {
    expect(() => say('no.such.key' as MessageKey as 'orders.cartEmpty')).toThrow('no.such.key');
  });
});

describe('bengaliNumber', () => {
  it.each([
    ['0', '০'],
    ['8', '৮'],
    ['200', '২০০'],
    ['2026', '২০২৬'],
    ['9999', '৯৯৯৯'],
    ['10000', '১০,০০০'],
    ['100000', '১,০০,০০০'],
    ['2147483647', '২,১৪,৭৪,৮৩,৬৪৭'],
    ['100000000', '১০,০০,০০,০০০'],
    ['-100000', '-১,০০,০০০'],
    ['0.01', '০.০১'],
    ['123456.75', '১,২৩,৪৫৬.৭৫'],
    ['01XXXXXXXXX', '০১XXXXXXXXX'],
  ])('%s → %s', (latin, bengali) => {
    expect(bengaliNumber(latin)).toBe(bengali);
  });
});

// ---- the contracts' schemas, run ----------------------------------------------------------

/** Odd values a form or a client might send: missing, wrong types, too long, too big, too small. */
// prettier-ignore
const PROBES: unknown[] = [
  undefined, null, true, false, 0, 1, -1, 0.5, 0.001, 1.5, 1e12, -1e12, 100_000_001, 100_001, -100_001,
  2_147_483_648, 1_000_001, 201, 1001, '', ' ', 'x', '12', '1.234', '0x10', 'x'.repeat(300),
  'x'.repeat(1100), 'x'.repeat(20_001), 'balance', '2026-13-45', '01700000000', 'ab c', [], [1], [{}],
  Array(300).fill({}), {}, { unknown: 1 }, { unknown: 1, other: 2 }, NaN, Infinity,
];

type Schema = z.core.$ZodType;
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value;
const zodEnglish = z.locales.en().localeError;

/**
 * Every issue the schemas the contracts export raise on the probes, their parts' too (an object's
 * fields, an array's items, a union's options …), with what zod's own English says for it. A
 * transform is not run (it may assume what came before it checked).
 */
async function probedIssues(): Promise<Array<{ message: string; zod: string | undefined }>> {
  const found: Array<{ message: string; zod: string | undefined }> = [];
  const seen = new Set<Schema>();
  const walk = (schema: unknown) => {
    if (!isSchema(schema) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown>;
    if (def.type !== 'transform') {
      for (const probe of PROBES) {
        let ours: ReturnType<z.ZodType['safeParse']>;
        let theirs: ReturnType<z.ZodType['safeParse']>;
        try {
          ours = (schema as z.ZodType).safeParse(probe);
          theirs = (schema as z.ZodType).safeParse(probe, { error: (issue) => zodEnglish?.(issue) });
        } catch {
          continue; // a refinement that assumes a shape the probe has not got
        }
        const zods = theirs.success ? [] : theirs.error.issues;
        (ours.success ? [] : ours.error.issues).forEach((issue, i) =>
          found.push({ message: issue.message, zod: zods[i]?.message }),
        );
      }
    }
    const parts: unknown[] = [];
    if (typeof def.shape === 'object' && def.shape) parts.push(...Object.values(def.shape));
    for (const key of ['element', 'innerType', 'in', 'out', 'left', 'right', 'keyType', 'valueType'])
      parts.push(def[key]);
    for (const key of ['options', 'items']) if (Array.isArray(def[key])) parts.push(...def[key]);
    if (typeof def.getter === 'function') parts.push((def.getter as () => unknown)());
    parts.forEach(walk);
  };
  const dir = import.meta.dirname;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files) {
    const exported = (await import(path.join(dir, file))) as Record<string, unknown>;
    Object.values(exported).forEach(walk);
  }
  return found;
}

describe("the schemas' messages", () => {
  let issues: Awaited<ReturnType<typeof probedIssues>> = [];

  it('are all said by key: a message written in English would have no Bangla', async () => {
    issues = await probedIssues();
    expect(new Set(issues.map((i) => i.message)).size).toBeGreaterThan(300);
    expect([...new Set(issues.filter((i) => !isMessage(i.message)).map((i) => i.message))]).toEqual([]);
  }, 60_000);

  it("say zod's own refusals in zod's own English, word for word", () => {
    const zods = issues.filter((i) => i.message.includes('"zod.'));
    expect(zods.length).toBeGreaterThan(50);
    const differ = zods
      .map((i) => ({ ours: render(english, i.message), zod: i.zod }))
      .filter((i) => i.ours !== i.zod);
    expect(differ).toEqual([]);
  });
});

describe("zod's own refusals", () => {
  const issueOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a refusal');
    const issue = result.error.issues[0];
    const zod = schema.safeParse(value, { error: (i) => zodEnglish?.(i) });
    return {
      en: render(english, issue?.message ?? ''),
      bn: render(bangla, issue?.message ?? ''),
      zod: zod.success ? undefined : zod.error.issues[0]?.message,
    };
  };

  it.each([
    ['a type', z.string(), 5, 'ভুল ধরনের তথ্য: এখানে লেখা দিতে হবে।'],
    ['an int', z.int(), 'x', 'ভুল ধরনের তথ্য: এখানে একটি সংখ্যা দিতে হবে।'],
    ['NaN', z.number(), NaN, 'ভুল ধরনের তথ্য: এখানে একটি সংখ্যা দিতে হবে।'],
    ['a literal', z.literal('on'), 'off', 'ভুল তথ্য: এখানে "on" দিতে হবে।'],
    ['an option', z.enum(['a', 'b']), 'c', 'ভুল তথ্য: এগুলোর একটি দিন: "a"|"b"'],
    ['a long text', z.string().max(100), 'x'.repeat(101), 'সর্বোচ্চ ১০০টি অক্ষর লেখা যাবে।'],
    ['a short text', z.string().min(3), 'x', 'কমপক্ষে ৩টি অক্ষর লিখুন।'],
    ['an exact length', z.string().length(6), 'x', 'ঠিক ৬টি অক্ষর লিখুন।'],
    ['a long list', z.array(z.number()).max(50), Array(51).fill(1), 'সর্বোচ্চ ৫০টি দেওয়া যাবে।'],
    ['an empty list', z.array(z.number()).min(1), [], 'কমপক্ষে ১টি দিতে হবে।'],
    ['a large number', z.number().max(100_000), 100_001, 'সংখ্যাটি ১,০০,০০০-এর বেশি হতে পারবে না।'],
    ['a bound not reached', z.number().lt(5), 5, 'সংখ্যাটি ৫-এর কম হতে হবে।'],
    ['a positive number', z.number().positive(), 0, 'সংখ্যাটি ০-এর বেশি হতে হবে।'],
    ['a pattern', z.string().regex(/^\d+$/), 'x', 'লেখাটি সঠিক ধাঁচে নেই।'],
    ['a format', z.uuid(), 'x', 'এটি সঠিক UUID নয়।'],
    ['a prefix', z.string().startsWith('T-'), 'x', 'লেখাটি "T-" দিয়ে শুরু হতে হবে।'],
    ['a multiple', z.number().multipleOf(5), 3, 'সংখ্যাটি ৫-এর গুণিতক হতে হবে।'],
    ['an unknown key', z.strictObject({}), { a: 1 }, 'এই ঘরটি নেওয়া হয় না: "a"'],
    ['a set (any bound)', z.set(z.string()).max(1), new Set(['a', 'b']), 'মানটি সীমার চেয়ে বড়।'],
    ['a bigint (any bound)', z.bigint().min(5n), 1n, 'মানটি সীমার চেয়ে ছোট।'],
    ['a refinement', z.string().refine(() => false), 'x', 'ভুল তথ্য।'],
  ] as [string, z.ZodType, unknown, string][])(
    '%s: in English as zod says it, and in Bangla',
    (_, schema, value, bangla) => {
      const { en: english, bn: inBangla, zod } = issueOf(schema, value);
      expect(english).toBe(zod);
      expect(inBangla).toBe(bangla);
    },
  );

  it('name a type the catalogue has no word for as zod names it', () => {
    const m = zodMessage({ code: 'invalid_type', expected: 'symbol', input: 1 } as z.core.$ZodRawIssue);
    expect(render(english, m)).toBe('Invalid input: expected symbol, received number');
    expect(render(bangla, m)).toBe('ভুল ধরনের তথ্য: এখানে symbol দিতে হবে।');
  });
});
