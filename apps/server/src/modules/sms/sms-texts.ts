import type { ShopLanguage } from '@bazar/contracts/common';
import type { FailReason } from '@bazar/contracts/riders';

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
/** Latin digits written as Bengali ones ("10:00" → "১০:০০"). */
const bnDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
/** A shop day as Bangla writes it: "১০-০৩-২০২৬" (day, month, year). */
const bnDay = (day: string) => bnDigits(day.split('-').reverse().join('-'));
/** An amount of taka as Bangla writes it: "১,২৫০ টাকা". */
const taka = (amount: number) => `${bn(amount)} টাকা`;

/** The product a back-in-stock notice names (its Bangla names '' when it has none). */
type NoticeProduct = { title: string; attri: string; titleBn: string; attriBn: string };

export type SmsTexts = {
  verifyCode: (code: string) => string;
  resetCode: (code: string) => string;
  /** `id` as text: the order statement writes the text before the id exists. */
  orderPlaced: (o: { name: string; id: string; total: number }) => string;
  /** An order paid online is placed when its payment is confirmed: what was paid and what is left. */
  orderPaid: (o: { name: string; id: number; paid: number; due: number }) => string;
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
  /** The rider picked the order up: who brings it, their phone, what to keep ready (0: paid). */
  riderOnTheWay: (r: { id: number; rider: string; phone: string; due: number }) => string;
  /** The rider could not deliver: why, and the new slot when one was set. */
  deliveryFailed: (r: {
    id: number;
    reason: FailReason;
    slot: { date: string; start: string; end: string } | null;
  }) => string;
  /** A product the shelf was short of, taken off the order, and the order's new total. */
  itemShort: (r: { id: number; product: string; total: number }) => string;
};

const FAILED_EN: Record<FailReason, string> = {
  not_home: 'nobody was at home',
  refused: 'it was refused',
  wrong_address: 'the address could not be found',
  other: 'the rider could not hand it over',
};
const FAILED_BN: Record<FailReason, string> = {
  not_home: 'বাসায় কেউ ছিলেন না',
  refused: 'অর্ডারটি নেওয়া হয়নি',
  wrong_address: 'ঠিকানা পাওয়া যায়নি',
  other: 'রাইডার হাতে দিতে পারেননি',
};

const withAttri = (title: string, attri: string) => (attri ? `${title} (${attri})` : title);

const en: SmsTexts = {
  verifyCode: (code) => `Your verification code is ${code}. It is valid for 10 minutes.`,
  resetCode: (code) => `Your password reset code is ${code}. It is valid for 10 minutes.`,
  orderPlaced: (o) =>
    `Thank you, ${o.name}! Your order #${o.id} is placed: ${o.total} BDT including delivery. We will call you before delivery.`,
  orderPaid: (o) =>
    `Thank you, ${o.name}! Your order #${o.id} is placed and ${o.paid} BDT is paid.` +
    (o.due > 0 ? ` Still to pay: ${o.due} BDT.` : ' Nothing to pay at the door.'),
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
  riderOnTheWay: (r) =>
    `Your order #${r.id} is on its way with ${r.rider} (${r.phone}).` +
    (r.due > 0 ? ` Please keep ${r.due} BDT ready.` : ' It is paid: nothing to pay at the door.'),
  deliveryFailed: (r) =>
    `We could not deliver your order #${r.id}: ${FAILED_EN[r.reason]}.` +
    (r.slot ? ` We will come again on ${r.slot.date}, ${r.slot.start}-${r.slot.end}.` : ' We will call you.'),
  itemShort: (r) =>
    `Sorry, ${r.product} of your order #${r.id} is out of stock and was taken off. New total: ${r.total} BDT.`,
  passwordChanged: () =>
    'Your password was just changed and your other sessions were signed out. If this was not you, ' +
    'reset your password now with "Forgot password" or call the shop.',
};

const bnTexts: SmsTexts = {
  verifyCode: (code) => `আপনার যাচাই কোড ${code}। কোডটি ১০ মিনিট কার্যকর থাকবে।`,
  resetCode: (code) => `আপনার পাসওয়ার্ড রিসেট কোড ${code}। কোডটি ১০ মিনিট কার্যকর থাকবে।`,
  orderPlaced: (o) =>
    `ধন্যবাদ, ${o.name}! আপনার অর্ডার #${o.id} নেওয়া হয়েছে, ডেলিভারিসহ ${taka(o.total)}। ডেলিভারির আগে আমরা ফোন করব।`,
  orderPaid: (o) =>
    `ধন্যবাদ, ${o.name}! আপনার অর্ডার #${o.id} নেওয়া হয়েছে, ${taka(o.paid)} পরিশোধ হয়েছে।` +
    (o.due > 0 ? ` বাকি ${taka(o.due)}।` : ' দরজায় কিছু দিতে হবে না।'),
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
  riderOnTheWay: (r) =>
    `আপনার অর্ডার #${r.id} নিয়ে আসছেন ${r.rider} (${r.phone})।` +
    (r.due > 0 ? ` ${taka(r.due)} প্রস্তুত রাখুন।` : ' পরিশোধিত: দরজায় কিছু দিতে হবে না।'),
  deliveryFailed: (r) =>
    `অর্ডার #${r.id} পৌঁছানো যায়নি: ${FAILED_BN[r.reason]}।` +
    (r.slot
      ? ` আবার আসব ${bnDay(r.slot.date)}, ${bnDigits(r.slot.start)}-${bnDigits(r.slot.end)}।`
      : ' আমরা ফোন করব।'),
  itemShort: (r) =>
    `দুঃখিত, অর্ডার #${r.id} এর ${r.product} স্টকে নেই, বাদ দেওয়া হয়েছে। নতুন মোট ${taka(r.total)}।`,
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
