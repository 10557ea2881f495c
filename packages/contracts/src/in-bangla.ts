import { FIELD_LABELS, FIXED } from './bangla-messages';

/**
 * The shop's English messages in Bangla (বাংলা): the server's answers to a request that prefers
 * Bangla (apps/server/src/lib/bangla.ts) and, in the web app's Bangla mode, a schema's refusal
 * under a field (the same contracts' words, read before the request leaves). The English texts
 * stay the source (the spec's own words); this file only reads them: an exact table for the fixed
 * messages (bangla-messages.ts, with the field labels the contracts interpolate) and a list of
 * patterns here for the templated ones. Numbers are written in Bengali digits (১০০); what a person
 * types back (a barcode, a phone number, a product's title) stays as it was given.
 *
 * A message this file does not know is answered as it is, in English.
 * apps/server/test/bangla-complete.test.ts checks that every message the contracts and the server
 * can answer today is known.
 */

// ---- numbers ------------------------------------------------------------------------------

/** Every Latin digit written as its Bengali digit (০ U+09E6 to ৯ U+09EF): "125" → "১২৫". */
export const bengaliDigits = (text: string) =>
  text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));

/**
 * A number of a message in Bengali digits, grouped as Bangladesh writes money from five digits on
 * (lakh, crore): 100000 → ১,০০,০০০, 100000000 → ১০,০০,০০,০০০; years and smaller numbers as they are.
 */
export function bengaliNumber(text: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!m) return bengaliDigits(text);
  const [, sign = '', whole = '', fraction = ''] = m;
  let grouped = whole;
  if (whole.length >= 5) {
    const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
    grouped = `${head},${whole.slice(-3)}`;
  }
  return bengaliDigits(`${sign}${grouped}${fraction}`);
}

const n = bengaliNumber;

// ---- templated messages -------------------------------------------------------------------

type Rule = { re: RegExp; to: (parts: string[]) => string | undefined };

/** A message whose first part is a field label (unknown label: the rule does not apply). */
const about = (re: RegExp, bangla: (label: string, ...rest: string[]) => string): Rule => ({
  re,
  to: ([field = '', ...rest]) => {
    const label = FIELD_LABELS.get(field);
    return label === undefined ? undefined : bangla(label, ...rest);
  },
});

/** A message whose parts need no label. */
const plain = (re: RegExp, bangla: (...parts: string[]) => string | undefined): Rule => ({
  re,
  to: (parts) => bangla(...parts),
});

/** A word from a short closed list (a label's kind, a unit), or undefined. */
const oneOf = (words: Record<string, string>) => (word: string) =>
  Object.hasOwn(words, word) ? words[word] : undefined;
const labelKind = oneOf({ weight: 'ওজন', price: 'দাম' });
/** A unit as in "less than 0.01 kg": কেজির কম. */
const unitOf = oneOf({ pcs: 'পিসের', kg: 'কেজির', litre: 'লিটারের' });
const thing = oneOf({ brand: 'ব্র্যান্ড', category: 'ক্যাটাগরি' });

/** What zod's own messages expect ("Invalid input: expected string, received number"). */
const zodType = oneOf({
  string: 'লেখা',
  number: 'একটি সংখ্যা',
  int: 'একটি পূর্ণ সংখ্যা',
  boolean: 'true বা false',
  array: 'একটি তালিকা',
  object: 'একটি অবজেক্ট',
  record: 'একটি অবজেক্ট',
  null: 'null',
});
/** zod's bounds of a count: "<=100" → সর্বোচ্চ ১০০টি, "<100" → ১০০টির কম, ">=1" → কমপক্ষে ১টি … */
const zodAtMost = (adj: string, m: string) => (adj === '<' ? `${n(m)}টির কম` : `সর্বোচ্চ ${n(m)}টি`);
const zodAtLeast = (adj: string, m: string) => (adj === '>' ? `${n(m)}টির বেশি` : `কমপক্ষে ${n(m)}টি`);

const NUM = String.raw`(-?\d+(?:\.\d+)?)`;
const rx = (source: string) => new RegExp(`^${source}$`);

/** Templated messages, most specific first. */
const RULES: readonly Rule[] = [
  // contracts/numbers.ts and the other schemas: "The {field} …"
  about(rx(String.raw`The (.+) field is required\.`), (f) => `${f} দিতে হবে।`),
  about(rx(String.raw`The (.+) must be a number\.`), (f) => `${f} সংখ্যায় দিতে হবে।`),
  about(rx(String.raw`The (.+) must be text\.`), (f) => `${f} লেখায় দিতে হবে।`),
  about(
    rx(String.raw`The (.+) must be a whole number of taka\.`),
    (f) => `${f} পূর্ণ টাকায় দিতে হবে, পয়সা ছাড়া।`,
  ),
  about(rx(String.raw`The (.+) must be a whole number\.`), (f) => `${f} পূর্ণ সংখ্যায় দিতে হবে।`),
  about(rx(String.raw`The (.+) must not be negative\.`), (f) => `${f} ০-এর কম হতে পারবে না।`),
  about(
    rx(String.raw`The (.+) must be at least (\d+) characters\.`),
    (f, m = '') => `${f} কমপক্ষে ${n(m)} অক্ষরের হতে হবে।`,
  ),
  about(
    rx(String.raw`The (.+) may not be greater than (\d+) characters\.`),
    (f, m = '') => `${f} সর্বোচ্চ ${n(m)} অক্ষরের হতে পারে।`,
  ),
  about(
    rx(String.raw`The (.+) may not be greater than (\d+) MB\.`),
    (f, m = '') => `${f} সর্বোচ্চ ${n(m)} এমবি হতে পারে।`,
  ),
  about(rx(`The (.+) must be at least ${NUM}\\.`), (f, m = '') => `${f} কমপক্ষে ${n(m)} হতে হবে।`),
  about(rx(`The (.+) must be more than ${NUM}\\.`), (f, m = '') => `${f} ${n(m)}-এর বেশি হতে হবে।`),
  about(
    rx(`The (.+) may not be greater than ${NUM}\\.`),
    (f, m = '') => `${f} ${n(m)}-এর বেশি হতে পারবে না।`,
  ),
  about(rx(`The (.+) may not be less than ${NUM}\\.`), (f, m = '') => `${f} ${n(m)}-এর কম হতে পারবে না।`),
  about(rx(`The (.+) may not be ${NUM}\\.`), (f, m = '') => `${f} ${n(m)} হতে পারবে না।`),
  about(
    rx(String.raw`The (.+) may have at most two decimals\.`),
    (f) => `${f} দশমিকের পরে সর্বোচ্চ দুই ঘর পর্যন্ত হতে পারে।`,
  ),
  about(rx(String.raw`The (.+) must be a date \(YYYY-MM-DD\)\.`), (f) => `${f} YYYY-MM-DD ধাঁচে দিতে হবে।`),
  about(
    rx(String.raw`The (.+) must be a real date from (\d+) to (\d+) \(YYYY-MM-DD\)\.`),
    (f, from = '', to = '') =>
      `${f} ${n(from)} থেকে ${n(to)} সালের মধ্যের একটি সঠিক তারিখ হতে হবে (YYYY-MM-DD)।`,
  ),
  plain(rx(String.raw`At most (\d+) characters\.`), (m = '') => `সর্বোচ্চ ${n(m)} অক্ষর।`),
  plain(
    rx(String.raw`"(.*)" is not a Bangladeshi mobile number\.`),
    (p) => `"${p}" বাংলাদেশের মোবাইল নম্বর নয়।`,
  ),

  // the server's answers with a number or a name in them
  plain(
    rx(String.raw`Categories go at most (\d+) levels deep\.`),
    (m = '') => `একটির ভেতরে আরেকটি রেখে ক্যাটাগরি সর্বোচ্চ ${n(m)} ধাপ পর্যন্ত সাজানো যায়।`,
  ),
  plain(rx(String.raw`No product has the barcode (.+)\.`), (code) => `${code} বারকোডের কোনো পণ্য নেই।`),
  plain(
    rx(String.raw`No product has the scale item code (.+)\.`),
    (code) => `ওজন মেশিনের আইটেম কোড ${code}-এর কোনো পণ্য নেই।`,
  ),
  plain(rx(String.raw`The label shows a (\w+) of 0: it is not a sale\.`), (kind = '') => {
    const k = labelKind(kind);
    return k && `লেবেলে ${k} ০ দেখাচ্ছে: এটি বিক্রি নয়।`;
  }),
  plain(
    rx(String.raw`The label's (\w+) is less than 0\.01 (\w+): it is not a sale\.`),
    (kind = '', unit = '') => {
      const u = unitOf(unit);
      if (!u) return undefined;
      if (kind === 'weight') return `লেবেলের ওজন ০.০১ ${u} কম: এটি বিক্রি নয়।`;
      if (kind === 'price') return `লেবেলের দামে পরিমাণ ০.০১ ${u} কম হয়: এটি বিক্রি নয়।`;
      return undefined;
    },
  ),
  plain(
    rx(String.raw`(.+) has no price, so its price label cannot be read\.`),
    (title) => `${title}-এর কোনো দাম দেওয়া নেই, তাই এর দামের লেবেল পড়া যায় না।`,
  ),
  plain(rx(String.raw`A (\w+) with this title already exists\.`), (what = '') => {
    const t = thing(what);
    return t && `এই নামে একটি ${t} আগেই আছে।`;
  }),
  plain(
    rx(String.raw`This brand is used by (\d+) products?\.`),
    (m = '') => `এই ব্র্যান্ডটি ${n(m)}টি পণ্যে দেওয়া আছে।`,
  ),
  plain(
    rx(`The customer's advance balance is ${NUM} BDT\\.`),
    (m = '') => `কাস্টমারের অ্যাডভান্স ব্যালেন্স মাত্র ${n(m)} টাকা।`,
  ),
  plain(
    rx(`The order total may not be greater than ${NUM} BDT\\.`),
    (m = '') => `অর্ডারের মোট ${n(m)} টাকার বেশি হতে পারবে না।`,
  ),
  plain(
    rx(String.raw`(.+) is sold by the piece: order a whole number\.`),
    (title) => `${title} পিস হিসেবে বিক্রি হয়: পূর্ণ সংখ্যায় অর্ডার করুন।`,
  ),
  plain(
    rx(`The money back must be ${NUM} BDT: what was paid beyond the order's new total\\.`),
    (m = '') => `ফেরতের টাকা হতে হবে ${n(m)} টাকা: অর্ডারের নতুন মোটের চেয়ে যত বেশি দেওয়া হয়েছিল।`,
  ),
  plain(
    rx(
      String.raw`You have (\d+) orders waiting to be delivered and paid\. Please wait for them before ordering again, or call the shop\.`,
    ),
    (m = '') =>
      `আপনার ${n(m)}টি অর্ডার এখনো ডেলিভারি ও পরিশোধের অপেক্ষায় আছে। আবার অর্ডার করার আগে সেগুলোর জন্য অপেক্ষা করুন, অথবা দোকানে ফোন করুন।`,
  ),
  plain(
    rx(String.raw`You can place at most (\d+) orders an hour\. Please try again later or call the shop\.`),
    (m = '') =>
      `এক ঘণ্টায় সর্বোচ্চ ${n(m)}টি অর্ডার করা যায়। অনুগ্রহ করে একটু পরে আবার চেষ্টা করুন, অথবা দোকানে ফোন করুন।`,
  ),
  plain(
    rx(String.raw`Please wait (\d+) seconds before asking for a new code\.`),
    (m = '') => `নতুন কোড চাওয়ার আগে ${n(m)} সেকেন্ড অপেক্ষা করুন।`,
  ),
  plain(
    rx(String.raw`Too many wrong tries\. Please wait (\d+) seconds and try again\.`),
    (m = '') => `অনেকবার ভুল চেষ্টা হয়েছে। ${n(m)} সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।`,
  ),
  plain(
    rx(
      String.raw`Today's SMS budget is (\d+) messages and (\d+) are used: this would send (\d+) more\. Send it tomorrow, or raise the daily SMS budget in Setting\.`,
    ),
    (budget = '', used = '', more = '') =>
      `আজকের এসএমএস সীমা ${n(budget)}টি, এর মধ্যে ${n(used)}টি পাঠানো হয়ে গেছে: এটি পাঠালে আরও ${n(more)}টি যাবে। কাল পাঠান, অথবা সেটিং-এ দৈনিক এসএমএস সীমা বাড়ান।`,
  ),
  // imports (issue 13)
  plain(
    rx(String.raw`The file has more than (\d+) rows\. Split it into smaller files\.`),
    (m = '') => `ফাইলে ${n(m)}টির বেশি সারি আছে। ছোট ছোট কয়েকটি ফাইলে ভাগ করে দিন।`,
  ),
  plain(
    rx(String.raw`The pictures ZIP holds more than (\d+) files\. Split it into smaller ones\.`),
    (m = '') => `ছবির জিপ ফাইলে ${n(m)}টির বেশি ফাইল আছে। ছোট ছোট কয়েকটি জিপে ভাগ করে দিন।`,
  ),
  plain(
    rx(String.raw`This barcode is also in row (\d+)\.`),
    (m = '') => `এই বারকোড ${bengaliDigits(m)} নম্বর সারিতেও আছে।`,
  ),
  plain(
    rx(String.raw`This scale item code is also in row (\d+)\.`),
    (m = '') => `ওজন মেশিনের এই আইটেম কোড ${bengaliDigits(m)} নম্বর সারিতেও আছে।`,
  ),
  plain(
    rx(String.raw`This phone is also in row (\d+)\.`),
    (m = '') => `এই ফোন নম্বর ${bengaliDigits(m)} নম্বর সারিতেও আছে।`,
  ),
  plain(
    rx(String.raw`A list may hold at most (\d+) entries\.`),
    (m = '') => `একটি তালিকায় সর্বোচ্চ ${n(m)}টি থাকতে পারে।`,
  ),

  // zod's own messages, for the few rules the schemas leave to zod (a text's length, a type)
  plain(rx(String.raw`Invalid input: expected (\w+), received \w+`), (type = '') => {
    const t = zodType(type);
    return t && `ভুল ধরনের তথ্য: এখানে ${t} দিতে হবে।`;
  }),
  plain(
    rx(String.raw`Invalid input: expected ("[^"]*"|-?\d+(?:\.\d+)?|true|false|null)`),
    (value) => `ভুল তথ্য: এখানে ${value} দিতে হবে।`,
  ),
  plain(
    rx(String.raw`Invalid option: expected one of (.+)`),
    (values) => `ভুল তথ্য: এগুলোর একটি দিন: ${values}`,
  ),
  plain(
    rx(String.raw`Too big: expected string to have (<=|<)(\d+) characters`),
    (adj = '', m = '') => `${zodAtMost(adj, m)} অক্ষর লেখা যাবে।`,
  ),
  plain(
    rx(String.raw`Too small: expected string to have (>=|>)(\d+) characters`),
    (adj = '', m = '') => `${zodAtLeast(adj, m)} অক্ষর লিখুন।`,
  ),
  plain(
    rx(String.raw`Too big: expected array to have (<=|<)(\d+) items`),
    (adj = '', m = '') => `${zodAtMost(adj, m)} দেওয়া যাবে।`,
  ),
  plain(
    rx(String.raw`Too small: expected array to have (>=|>)(\d+) items`),
    (adj = '', m = '') => `${zodAtLeast(adj, m)} দিতে হবে।`,
  ),
  plain(
    rx(`Too big: expected (?:number|int) to be (<=|<)${NUM}`),
    (adj = '', m = '') => `সংখ্যাটি ${n(m)}-এর ${adj === '<' ? 'কম হতে হবে' : 'বেশি হতে পারবে না'}।`,
  ),
  plain(
    rx(`Too small: expected (?:number|int) to be (>=|>)${NUM}`),
    (adj = '', m = '') => `সংখ্যাটি ${n(m)}-এর ${adj === '>' ? 'বেশি হতে হবে' : 'কম হতে পারবে না'}।`,
  ),
  plain(rx(String.raw`Invalid string: must match pattern .+`), () => 'লেখাটি সঠিক ধাঁচে নেই।'),
  plain(rx('Invalid input'), () => 'ভুল তথ্য।'),
];

/** The Bengali text of an English message, or the message itself when it is not known. */
export function inBangla(message: string): string {
  const fixed = FIXED.get(message);
  if (fixed !== undefined) return fixed;
  for (const { re, to } of RULES) {
    const m = re.exec(message);
    const bangla = m ? to(m.slice(1)) : undefined;
    if (bangla) return bangla;
  }
  return message;
}
