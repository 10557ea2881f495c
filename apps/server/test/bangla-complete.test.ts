import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LABELS } from '@bazar/contracts/bangla-messages';
import { answerInBangla, bengaliNumber, inBangla, prefersBangla } from '../src/lib/bangla';
import type { ErrorAnswer } from '../src/lib/errors';
import {
  CONTRACTS,
  SERVER,
  contractMessages,
  factoryLabels,
  probedMessages,
  serverMessages,
  sourceFiles,
  type Written,
} from './message-sources';

/**
 * Every message an error answer can carry has its Bangla (lib/bangla.ts): the contracts' messages
 * (read from their source, and answered by their schemas to odd values) and the server's own (read
 * from its source). A new English message without its Bangla fails here.
 */

/** Messages that stay English in a Bangla answer, each with its reason. None today. */
const KEEP_ENGLISH: ReadonlyMap<string, string> = new Map();

const unknown = (messages: Iterable<string>) =>
  [...messages].filter((m) => inBangla(m) === m && !KEEP_ENGLISH.has(m)).sort();

/**
 * Messages the server can only pass on, and where their texts are read instead. A new one fails
 * the test until it is understood and listed here.
 */
const INDIRECT: Record<string, string> = {
  'apps/server/src/lib/errors.ts: Object.values(errors)[0]?.[0]':
    "InvalidFields' message is its first field message, read where each InvalidFields is made",
  'apps/server/src/lib/multipart.ts: issue.message': "a form schema's messages: the contracts' (read below)",
  'apps/server/src/modules/exports/exports.service.ts: issue.message':
    "an export's query schema's messages: the contracts' (read below)",
  'apps/server/src/plugins/errors.ts: issue.message':
    "a route schema's messages: the contracts' and zod's own (read below)",
  'apps/server/src/lib/rate-limit.ts: limit.message':
    'the `message:` of each limit in `limits`, read as an answer',
  'apps/server/src/lib/import-upload.ts: errorsOf(report)':
    "an import report's row messages, each read where it is written (lib/import-rows.ts, the *-import services)",
  'apps/server/src/lib/import-upload.ts: issue.message':
    "a form schema's messages: contracts' importOptions (read below)",
  'apps/server/src/modules/catalog/products.service.ts: taken.message':
    'the `message:` of UNIQUE_FIELDS, read as an answer',
};

/**
 * The server's templated messages (`{}`: what is filled in), each with examples of what it
 * answers: a closed list (a label's kind, a unit) with every value it can take.
 */
const TEMPLATE_EXAMPLES: Record<string, string[]> = {
  'A list may hold at most {} entries.': ['A list may hold at most 200 entries.'],
  'Too many wrong tries. Please wait {} seconds and try again.': [
    'Too many wrong tries. Please wait 16 seconds and try again.',
  ],
  'You can place at most {} orders an hour. Please try again later or call the shop.': [
    'You can place at most 5 orders an hour. Please try again later or call the shop.',
  ],
  'Please wait {} seconds before asking for a new code.': [
    'Please wait 45 seconds before asking for a new code.',
  ],
  'No product has the barcode {}.': ['No product has the barcode 8941100500125.'],
  'The label shows a {} of 0: it is not a sale.': [
    'The label shows a weight of 0: it is not a sale.',
    'The label shows a price of 0: it is not a sale.',
  ],
  'No product has the scale item code {}.': ['No product has the scale item code 00042.'],
  '{} has no price, so its price label cannot be read.': [
    'Miniket Rice 5 kg has no price, so its price label cannot be read.',
  ],
  "The label's {} is less than 0.01 {}: it is not a sale.": ['weight', 'price'].flatMap((kind) =>
    ['pcs', 'kg', 'litre'].map((unit) => `The label's ${kind} is less than 0.01 ${unit}: it is not a sale.`),
  ),
  'A {} with this title already exists.': [
    'A brand with this title already exists.',
    'A category with this title already exists.',
  ],
  'This brand is used by {} product{}.': [
    'This brand is used by 1 product.',
    'This brand is used by 12 products.',
  ],
  'Categories go at most {} levels deep.': ['Categories go at most 3 levels deep.'],
  'The order total may not be greater than {} BDT.': [
    'The order total may not be greater than 100000000 BDT.',
  ],
  '{} is sold by the piece: order a whole number.': [
    'Egg 12 pcs is sold by the piece: order a whole number.',
  ],
  'You have {} orders waiting to be delivered and paid. Please wait for them before ordering again, or call the shop.':
    [
      'You have 3 orders waiting to be delivered and paid. Please wait for them before ordering again, or call the shop.',
    ],
  "The customer's advance balance is {} BDT.": ["The customer's advance balance is 250 BDT."],
  'The file has more than {} rows. Split it into smaller files.': [
    'The file has more than 20000 rows. Split it into smaller files.',
  ],
  'The file may not be greater than {} MB.': ['The file may not be greater than 20 MB.'],
  'The pictures ZIP may not be greater than {} MB.': ['The pictures ZIP may not be greater than 100 MB.'],
  'The pictures ZIP holds more than {} files. Split it into smaller ones.': [
    'The pictures ZIP holds more than 5000 files. Split it into smaller ones.',
  ],
  'This barcode is also in row {}.': ['This barcode is also in row 12.'],
  'This scale item code is also in row {}.': ['This scale item code is also in row 3.'],
  'This phone is also in row {}.': ['This phone is also in row 250.'],
  "The money back must be {} BDT: what was paid beyond the order's new total.": [
    "The money back must be 150 BDT: what was paid beyond the order's new total.",
  ],
  "Today's SMS budget is {} messages and {} are used: this would send {} more. Send it tomorrow, or raise the daily SMS budget in Setting.":
    [
      "Today's SMS budget is 500 messages and 480 are used: this would send 120 more. Send it tomorrow, or raise the daily SMS budget in Setting.",
    ],
};
/** Examples whose filled-in part is what a person typed (a barcode, a title): it stays as written. */
const TYPED = new Set([
  'No product has the barcode 8941100500125.',
  'No product has the scale item code 00042.',
  'Miniket Rice 5 kg has no price, so its price label cannot be read.',
  'Egg 12 pcs is sold by the piece: order a whole number.',
]);

const where = (written: Written[]) => (text: string) =>
  written
    .filter((w) => w.text === text)
    .map((w) => w.at)
    .join(', ');

describe('the contracts: every message has its Bangla', () => {
  const scan = contractMessages();
  let probed: Set<string>;
  beforeAll(async () => {
    probed = await probedMessages();
  }, 60_000);

  it('reads every message the contracts write (nothing it cannot follow)', () => {
    expect(scan.unresolved).toEqual([]);
    expect(scan.written.length).toBeGreaterThan(90);
  });

  it('knows every plain message written in the contracts', () => {
    const plain = scan.written.filter((w) => !w.holes).map((w) => w.text);
    expect(unknown(plain).map((m) => `${m} (${where(scan.written)(m)})`)).toEqual([]);
  });

  it('knows every message the schemas answer to odd values', () => {
    expect(probed.size).toBeGreaterThan(200);
    expect(unknown(probed)).toEqual([]);
  });

  it('reaches every templated message of the contracts with the probes (so the one above reads it)', () => {
    const templates = scan.written.filter((w) => w.holes);
    const unreached = templates.filter((w) => ![...probed].some((m) => w.re.test(m)));
    expect(unreached.map((w) => `${w.text} (${w.at})`)).toEqual([]);
  });

  it('has a Bangla label for every field label the number and date factories are given', () => {
    const files = [...sourceFiles(CONTRACTS), ...sourceFiles(SERVER).filter((f) => !f.endsWith('config.ts'))];
    const labels = factoryLabels(files);
    expect(labels.length).toBeGreaterThan(40);
    expect(labels.filter((l) => !FIELD_LABELS.has(l.label)).map((l) => `${l.label} (${l.at})`)).toEqual([]);
  });
});

describe('the server: every message of an error answer has its Bangla', () => {
  const scan = serverMessages();

  it('passes on only the messages listed in INDIRECT, each read where it is written', () => {
    const passed = scan.unresolved.map((u) => `${u.at.replace(/:\d+$/, '')}: ${u.source}`);
    expect([...new Set(passed)].sort()).toEqual(Object.keys(INDIRECT).sort());
  });

  it('knows every plain message', () => {
    const plain = scan.written.filter((w) => !w.holes).map((w) => w.text);
    expect(plain.length).toBeGreaterThan(100);
    expect(unknown(plain).map((m) => `${m} (${where(scan.written)(m)})`)).toEqual([]);
  });

  it('has examples for every templated message, each known, with its numbers in Bengali digits', () => {
    const templates = scan.written.filter((w) => w.holes);
    expect([...new Set(templates.map((w) => w.text))].sort()).toEqual(Object.keys(TEMPLATE_EXAMPLES).sort());
    for (const w of templates) {
      for (const example of TEMPLATE_EXAMPLES[w.text] ?? []) {
        expect(example, w.text).toMatch(w.re);
        const bangla = inBangla(example);
        expect(bangla, example).not.toBe(example);
        if (!TYPED.has(example)) expect(bangla, example).not.toMatch(/[0-9]/);
      }
    }
  });

  it('says the SMS budget, the piece rule and the scale label the way the shop says them', () => {
    const say = (english: string) => inBangla(english);
    expect(
      say(
        TEMPLATE_EXAMPLES[
          "Today's SMS budget is {} messages and {} are used: this would send {} more. Send it tomorrow, or raise the daily SMS budget in Setting."
        ]?.[0] ?? '',
      ),
    ).toBe(
      'আজকের এসএমএস সীমা ৫০০টি, এর মধ্যে ৪৮০টি পাঠানো হয়ে গেছে: এটি পাঠালে আরও ১২০টি যাবে। কাল পাঠান, অথবা সেটিং-এ দৈনিক এসএমএস সীমা বাড়ান।',
    );
    expect(say('Egg 12 pcs is sold by the piece: order a whole number.')).toBe(
      'Egg 12 pcs পিস হিসেবে বিক্রি হয়: পূর্ণ সংখ্যায় অর্ডার করুন।',
    );
    expect(say("The label's weight is less than 0.01 kg: it is not a sale.")).toBe(
      'লেবেলের ওজন ০.০১ কেজির কম: এটি বিক্রি নয়।',
    );
    expect(say('The order total may not be greater than 100000000 BDT.')).toBe(
      'অর্ডারের মোট ১০,০০,০০,০০০ টাকার বেশি হতে পারবে না।',
    );
  });
});

describe('the scan fails on a new English message without its Bangla', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bangla-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it('in the server: a new error, a field error, a templated message, an answer with a code', () => {
    const file = write(
      'new.service.ts',
      [
        "const GONE = 'The basket was emptied.';",
        "export const a = () => { throw new Conflict('The delivery van is full.'); };",
        'export const b = (n: number) => new Invalid(`slot`, `Only ${n} slots are left.`);',
        "export const c = () => new InvalidFields({ note: ['The note is rude.', GONE] });",
        "export const d = () => ({ message: 'The shop is closed.', code: 'conflict' });",
        'export const e = (why: string) => new NotFound(why);',
      ].join('\n'),
    );
    const scan = serverMessages([...sourceFiles(SERVER), file]);
    const found = scan.written.filter((w) => w.at.includes('new.service.ts')).map((w) => w.text);
    expect(found.sort()).toEqual([
      'Only {} slots are left.',
      'The basket was emptied.',
      'The delivery van is full.',
      'The note is rude.',
      'The shop is closed.',
    ]);
    expect(unknown(found.filter((m) => !m.includes('{}')))).toHaveLength(4);
    expect(scan.unresolved.filter((u) => u.at.includes('new.service.ts')).map((u) => u.source)).toEqual([
      'why',
    ]);
  });

  it('in the contracts: a check, an error, a refinement', () => {
    const file = write(
      'new.ts',
      [
        "import { z } from 'zod';",
        "export const s = z.string({ error: 'The colour field is required.' }).min(2, 'Colours have names.');",
        "export const t = z.number().refine((v) => v > 1, 'Too few mangoes.');",
      ].join('\n'),
    );
    const found = contractMessages([file]).written.map((w) => w.text);
    expect(unknown(found)).toEqual([
      'Colours have names.',
      'The colour field is required.',
      'Too few mangoes.',
    ]);
  });
});

describe('prefersBangla (Accept-Language, RFC 9110 q-values)', () => {
  it.each([
    ['bn', true],
    ['bn-BD', true],
    ['BN-bd', true],
    ['bn-BD,bn;q=0.9,en-US;q=0.8,en;q=0.7', true],
    ['en;q=0.5, bn;q=0.6', true],
    ['bn ; q=0.9 , en ; q=0.8', true],
    ['fr, bn;q=0.3', true],
    ['en;q=0, *', true],
    ['en', false],
    ['en-US,en;q=0.9,bn;q=0.8', false],
    ['bn;q=0.5, en;q=0.5', false], // a tie is English
    ['bn;q=0.500, en-GB;q=0.5', false],
    ['*', false], // both languages weigh 1
    ['bn;q=0.5, *;q=0.9', false], // English is weighed by *
    ['bn;q=0', false],
    ['fr, de;q=0.8', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, bangla) => {
    expect(prefersBangla(header)).toBe(bangla);
  });

  it.each([
    'bn;q=2',
    'bn;q=1.5',
    'bn;q=0.1234',
    'bn;q=abc',
    'bn;q=',
    'b@n',
    'bn-',
    'banglabhasha',
    ';q=1',
    ',,,',
  ])('a malformed range is left out: %j is English', (header) => {
    expect(prefersBangla(header)).toBe(false);
  });

  it('reads a header sent twice', () => {
    expect(prefersBangla(['en;q=0.2', 'bn'])).toBe(true);
    expect(prefersBangla(['bn;q=0.2', 'en'])).toBe(false);
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

describe('answerInBangla', () => {
  it('changes the texts only: the code, the field names and the data stay, in their order', () => {
    const answer: ErrorAnswer = {
      message: 'The price must be a number.',
      code: 'invalid',
      errors: {
        price: ['The price must be a number.'],
        'carts.0.quantity': ['The quantity must be more than 0.'],
      },
      lines: [{ product_id: 7, title: 'Rice', attri: '', available: 1 }],
    };
    const copy = structuredClone(answer);
    expect(JSON.stringify(answerInBangla(answer))).toBe(
      JSON.stringify({
        message: 'দাম সংখ্যায় দিতে হবে।',
        code: 'invalid',
        errors: { price: ['দাম সংখ্যায় দিতে হবে।'], 'carts.0.quantity': ['পরিমাণ ০-এর বেশি হতে হবে।'] },
        lines: [{ product_id: 7, title: 'Rice', attri: '', available: 1 }],
      }),
    );
    expect(answer).toEqual(copy);
  });

  it('leaves a message it does not know in English', () => {
    expect(answerInBangla({ message: 'Something new.', code: 'conflict' })).toEqual({
      message: 'Something new.',
      code: 'conflict',
    });
  });
});
