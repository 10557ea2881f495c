import type { ShopLanguage } from '@bazar/contracts/common';

/**
 * Every text the shop writes to a customer, in the customer's language (users.lang): English, the
 * spec's texts byte for byte, and Bangla. Bangla goes as Unicode (70 characters in one SMS, 67 a
 * part), so its texts are short; amounts and counts are in Bengali digits with the Bangladeshi
 * grouping ("১,২৫০ টাকা"), while ids and codes stay in Latin digits (people read them back and
 * type them; the order's id is spliced in by SQL, see orders/checkout.service.ts).
 */

const bnNumber = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 0 });
/** A count as Bangla writes it: "১,২৫,০০০". */
const bn = (n: number) => bnNumber.format(n);
/** An amount of taka as Bangla writes it: "১,২৫০ টাকা". */
const taka = (amount: number) => `${bn(amount)} টাকা`;

/** The product a back-in-stock notice names (its Bangla names '' when it has none). */
type NoticeProduct = { title: string; attri: string; titleBn: string; attriBn: string };

export type SmsTexts = {
  verifyCode: (code: string) => string;
  resetCode: (code: string) => string;
  /** `id` as text: the order statement writes the text before the id exists. */
  orderPlaced: (o: { name: string; id: string; total: number }) => string;
  backInStock: (product: NoticeProduct) => string;
  duesReceived: (r: { shop: string; amount: number; due: number }) => string;
  /** The khata's summary, sent on request: what is owed, over how many sales, the last payment. */
  khataSummary: (r: {
    shop: string;
    owed: number;
    sales: number;
    lastPaid: { amount: number; on: string } | null;
  }) => string;
  /** The monthly reminder to a customer owing more than the owner's amount. */
  duesReminder: (r: { shop: string; owed: number; phone: string }) => string;
  passwordChanged: () => string;
};

const withAttri = (title: string, attri: string) => (attri ? `${title} (${attri})` : title);

const en: SmsTexts = {
  verifyCode: (code) => `Your verification code is ${code}. It is valid for 10 minutes.`,
  resetCode: (code) => `Your password reset code is ${code}. It is valid for 10 minutes.`,
  orderPlaced: (o) =>
    `Thank you, ${o.name}! Your order #${o.id} is placed: ${o.total} BDT including delivery. We will call you before delivery.`,
  backInStock: (p) =>
    `Good news! ${withAttri(p.title, p.attri)} is back in stock. Order now before it runs out.`,
  duesReceived: (r) =>
    `${r.shop}: received ${r.amount} BDT against your dues, thank you. Still due: ${r.due} BDT.`,
  khataSummary: (r) =>
    `${r.shop}: you owe ${r.owed} BDT for ${r.sales} ${r.sales === 1 ? 'purchase' : 'purchases'}.` +
    (r.lastPaid ? ` Last payment ${r.lastPaid.amount} BDT on ${r.lastPaid.on}.` : '') +
    ' Thank you.',
  duesReminder: (r) =>
    `${r.shop}: a friendly reminder that ${r.owed} BDT is due on your account.` +
    (r.phone ? ` Questions? Call ${r.phone}.` : '') +
    ' Thank you.',
  passwordChanged: () =>
    'Your password was just changed and your other sessions were signed out. If this was not you, ' +
    'reset your password now with "Forgot password" or call the shop.',
};

const bnTexts: SmsTexts = {
  verifyCode: (code) => `আপনার যাচাই কোড ${code}। কোডটি ১০ মিনিট কার্যকর থাকবে।`,
  resetCode: (code) => `আপনার পাসওয়ার্ড রিসেট কোড ${code}। কোডটি ১০ মিনিট কার্যকর থাকবে।`,
  orderPlaced: (o) =>
    `ধন্যবাদ, ${o.name}! আপনার অর্ডার #${o.id} নেওয়া হয়েছে, ডেলিভারিসহ ${taka(o.total)}। ডেলিভারির আগে আমরা ফোন করব।`,
  // The product's Bangla names, each falling back to the English one.
  backInStock: (p) =>
    `সুখবর! ${withAttri(p.titleBn || p.title, p.attriBn || p.attri)} আবার স্টকে এসেছে, এখনই অর্ডার করুন।`,
  duesReceived: (r) => `${r.shop}: বাকির ${taka(r.amount)} পেয়েছি, ধন্যবাদ। এখনো বাকি ${taka(r.due)}।`,
  khataSummary: (r) =>
    `${r.shop}: ${bn(r.sales)}টি কেনাকাটায় আপনার বাকি ${taka(r.owed)}।` +
    (r.lastPaid ? ` শেষ জমা ${taka(r.lastPaid.amount)}, ${r.lastPaid.on}।` : '') +
    ' ধন্যবাদ।',
  duesReminder: (r) =>
    `${r.shop}: আপনার হিসাবে ${taka(r.owed)} বাকি আছে, মনে করিয়ে দিচ্ছি।` +
    (r.phone ? ` প্রশ্ন থাকলে ফোন করুন ${r.phone}।` : '') +
    ' ধন্যবাদ।',
  passwordChanged: () =>
    'আপনার পাসওয়ার্ড বদলানো হয়েছে, অন্য সব ডিভাইসে লগআউট হয়েছে। আপনি না করে থাকলে এখনই পাসওয়ার্ড রিসেট করুন বা দোকানে ফোন করুন।',
};

const TEXTS: Record<ShopLanguage, SmsTexts> = { en, bn: bnTexts };

/** The customer texts in a language. */
export const smsTexts = (lang: ShopLanguage): SmsTexts => TEXTS[lang];

/** The alert to the shop's own numbers (Setting `sms_numbers`) of a new online order: always English. */
export const staffOrderText = (o: { id: string; total: number; name: string; phone: string; area: string }) =>
  `New online order #${o.id}: ${o.total} BDT, ${o.name} (${o.phone}), ${o.area}.`;

/**
 * A status-change text (Setting's, see contracts' DEFAULT_STATUS_SMS) for one order: `{order}` is
 * its number (Latin digits, as people type it back), `{amount}` what is due, in Bengali digits in Bangla.
 */
export const statusChangeText = (template: string, lang: ShopLanguage, o: { id: number; due: number }) =>
  template
    .replaceAll('{order}', String(o.id))
    .replaceAll('{amount}', lang === 'bn' ? bn(o.due) : String(o.due));
