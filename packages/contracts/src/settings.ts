import { z } from 'zod';
import { required, say } from './messages';
import { normalisePhone, shopLanguage } from './common';
import { money, wholeNumber } from './numbers';

/** The smallest daily SMS budget: enough for a morning's verification codes. */
export const SMS_BUDGET_MIN = 10;

/** Comma separated list of phones that receive new-order SMS; stored normalised. */
export const smsNumbersSchema = z
  .string()
  .max(500)
  .transform((value, ctx) => {
    const parts = value
      .split(/[,\s]+/)
      .map((p) => p.trim())
      .filter(Boolean);
    const phones: string[] = [];
    for (const part of parts) {
      const phone = normalisePhone(part);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: say('phone.notMobile', { phone: part }) });
        return z.NEVER;
      }
      if (!phones.includes(phone)) phones.push(phone);
    }
    return phones.join(',');
  });

const infoText = z
  .string()
  .trim()
  .max(200, say('text.atMost', { max: 200 }))
  .nullish()
  .transform((v) => v ?? '');

/**
 * How the shop's scales print labels (EAN-13): a 2-digit prefix, a 5-digit item code (the product's
 * PLU), 5 digits of weight in grams (`weight`) or price in poisha (`price`), a check digit. Prefix
 * 20 is the shop's own generated barcodes, so no rule may take it.
 */
export const scaleRule = z.object({
  prefix: z.string({ error: say('settings.prefixDigits') }).regex(/^2[1-9]$/, say('settings.prefixRange')),
  kind: z.enum(['weight', 'price'], { error: say('settings.labelKind') }),
});
export type ScaleRule = z.infer<typeof scaleRule>;
export const scaleRulesSchema = z
  .array(scaleRule)
  .max(9)
  .refine((rules) => new Set(rules.map((r) => r.prefix)).size === rules.length, say('settings.prefixTwice'));

/** The statuses whose change sends the customer an SMS, by code (contracts' ORDER_STATUS). */
export const STATUS_SMS_KEYS = [
  'processing',
  'collecting',
  'out_for_delivery',
  'delivered',
  'canceled',
] as const;
export type StatusSmsKey = (typeof STATUS_SMS_KEYS)[number];

/** Every status text Setting edits: one per status, and out for delivery when nothing is due. */
export const STATUS_SMS_TEXTS = [...STATUS_SMS_KEYS, 'out_for_delivery_paid'] as const;
export type StatusSmsText = (typeof STATUS_SMS_TEXTS)[number];

/** The text a change to `status` sends: out for delivery with nothing due says it is paid. */
export function statusSmsKeyOf(status: number, due: number): StatusSmsText | undefined {
  const key = STATUS_SMS_KEYS[status];
  return key === 'out_for_delivery' && due <= 0 ? 'out_for_delivery_paid' : key;
}

/**
 * What a status change tells the customer, per language, until the shop writes its own (Setting):
 * `{order}` is the order's number, `{amount}` what is still due (in Bengali digits in Bangla).
 * Bangla goes as Unicode (70 characters one SMS), so its texts stay short.
 */
export const DEFAULT_STATUS_SMS: Record<'en' | 'bn', Record<StatusSmsText, string>> = {
  en: {
    processing: 'Your order #{order} is being processed again. Due: {amount} BDT.',
    collecting: 'We are collecting the products of your order #{order}.',
    out_for_delivery: 'Your order #{order} is out for delivery. Please keep {amount} BDT ready.',
    out_for_delivery_paid: 'Your order #{order} is out for delivery. It is paid: nothing to pay at the door.',
    delivered: 'Your order #{order} is delivered. Thank you for shopping with us!',
    canceled: 'Your order #{order} is canceled. If this is a mistake, please call the shop.',
  },
  bn: {
    processing: 'আপনার অর্ডার #{order} আবার চালু হয়েছে। বাকি {amount} টাকা।',
    collecting: 'আপনার অর্ডার #{order}-এর পণ্য গোছানো হচ্ছে।',
    out_for_delivery: 'আপনার অর্ডার #{order} ডেলিভারিতে বের হয়েছে। {amount} টাকা রেডি রাখুন।',
    out_for_delivery_paid:
      'আপনার অর্ডার #{order} ডেলিভারিতে বের হয়েছে। টাকা দেওয়া আছে, দরজায় কিছু দিতে হবে না।',
    delivered: 'আপনার অর্ডার #{order} পৌঁছে গেছে। আমাদের সাথে কেনাকাটার জন্য ধন্যবাদ!',
    canceled: 'আপনার অর্ডার #{order} বাতিল হয়েছে। ভুল হলে দোকানে ফোন করুন।',
  },
};

const statusSmsText = z
  .string({ error: required('text') })
  .trim()
  .min(1, required('text'))
  .max(300, say('text.atMost', { max: 300 }));
const statusSmsOfLanguage = z.object({
  processing: statusSmsText,
  collecting: statusSmsText,
  out_for_delivery: statusSmsText,
  delivered: statusSmsText,
  canceled: statusSmsText,
  // Newer than the others: a form from before it leaves it out (what is stored is kept).
  out_for_delivery_paid: statusSmsText.optional(),
});
/** The status-change SMS of both languages, as Setting edits and answers them. */
export const statusSmsSchema = z.object({ en: statusSmsOfLanguage, bn: statusSmsOfLanguage });
export type StatusSms = z.infer<typeof statusSmsSchema>;

/**
 * The till's quick keys for goods without a barcode (eggs by the piece, vegetables by weight, loose
 * rice): groups of tiles, each a name and the products in the order the owner put them.
 */
export const quickKeysSchema = z
  .array(
    z.object({
      group: z
        .string()
        .trim()
        .min(1, required('group'))
        .max(40, say('text.atMost', { max: 40 })),
      product_ids: z.array(z.number().int().positive()).max(48),
    }),
  )
  .max(12);
export type QuickKeys = z.infer<typeof quickKeysSchema>;

/** What the till does with a sale that would take an expired batch. */
export const EXPIRED_SALE = ['approval', 'never'] as const;

export const settingsBody = z.object({
  ship: money('json', 'deliveryCharge'),
  reg_point: wholeNumber('json', 'registrationPoint', 0, 1_000_000),
  sms_numbers: z.union([smsNumbersSchema, z.null().transform(() => '')]).default(''),
  shop_address: infoText,
  shop_phone: infoText,
  payment_numbers: infoText,
  /** SMS the shop may send in a day before codes and marketing are held back; left out keeps it. */
  sms_budget: wholeNumber('json', 'dailySmsBudget', SMS_BUDGET_MIN, 1_000_000).optional(),
  // The fields below are new with the till: left out, each keeps what is stored.
  shop_name: z.string().trim().min(1, required('shopName')).max(100).optional(),
  scale_rules: scaleRulesSchema.optional(),
  till_ship: z.boolean({ error: say('settings.tillShip') }).optional(),
  receipt_footer: z
    .string()
    .trim()
    .max(200, say('text.atMost', { max: 200 }))
    .optional(),
  /** The language a first visit opens in, unless the browser prefers Bangla; left out keeps it. */
  language: shopLanguage.optional(),
  /** The SMS each status change sends the customer, per language; left out keeps them. */
  status_sms: statusSmsSchema.optional(),
  /** A customer's credit limit unless they have their own (null: no limit); left out keeps it. */
  credit_limit: money('json', 'creditLimit').nullable().optional(),
  /** The monthly SMS to customers owing more than this (null: none); left out keeps it. */
  dues_reminder_over: money('json', 'duesReminderOver', 1).nullable().optional(),
  /** The till's quick keys; left out keeps them. */
  quick_keys: quickKeysSchema.optional(),
  /** "Expiring soon" looks this many days ahead (1 to 90); left out keeps it. */
  expiry_days: z
    .number({ error: say('expiry.days') })
    .int(say('expiry.days'))
    .min(1, say('expiry.days'))
    .max(90, say('expiry.days'))
    .optional(),
  /** A till sale taking an expired batch: a manager approves it, or it is never made; left out keeps it. */
  expired_sale: z.enum(EXPIRED_SALE, { error: say('expiry.expiredSale') }).optional(),
});

export const publicSettings = z.object({ ship: z.number().int() });
export const adminSettings = z.object({
  ship: z.number().int(),
  reg_point: z.number().int(),
  sms_numbers: z.string(),
  shop_address: z.string(),
  shop_phone: z.string(),
  payment_numbers: z.string(),
  sms_budget: z.number().int(),
  shop_name: z.string(),
  scale_rules: z.array(scaleRule),
  till_ship: z.boolean(),
  receipt_footer: z.string(),
  // A server from before the language setting answers without it: English, and the rest still reads.
  language: shopLanguage.default('en'),
  /** The status-change SMS texts (the defaults where the shop wrote none); absent from older servers. */
  status_sms: statusSmsSchema.optional(),
  credit_limit: z.number().int().nullable().default(null),
  dues_reminder_over: z.number().int().nullable().default(null),
  quick_keys: quickKeysSchema.default([]),
  // Absent from servers from before expiry dates: their defaults.
  expiry_days: z.number().int().default(7),
  expired_sale: z.enum(EXPIRED_SALE).default('approval'),
});
/**
 * What invoices print about the shop (public: a customer's invoice shows it), and the shop's time
 * zone (SHOP_TZ): every screen shows times and "today" on the shop's clock, whatever the browser's.
 */
export const shopInfo = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  payment_numbers: z.string(),
  tz: z.string(),
  /** The closing line of every receipt. */
  receipt_footer: z.string(),
  /** The language a first visit opens in (Setting), unless the browser prefers Bangla. */
  language: shopLanguage.default('en'),
});
export const settingsResponse = z.object({ data: z.union([adminSettings, publicSettings]) });

export const area = z.object({
  id: z.number().int(),
  title: z.string(),
  // The Bangla name ('' for none); a till's stored copy from before Bangla names reads as none.
  title_bn: z.string().default(''),
  /** The area's own delivery charge; null (or absent from older servers): the settings' ship. */
  charge: z.number().int().nullable().optional(),
});
export const areaBody = z.object({
  title: z
    .string({ error: required('title') })
    .trim()
    .min(1, required('title'))
    .max(100),
  /** The area's name in Bangla: left out on add is none, on edit keeps it. */
  title_bn: z
    .string()
    .trim()
    .max(100, say('text.atMost', { max: 100 }))
    .optional(),
  /** The area's delivery charge: null for the settings' charge; left out on add is none, on edit keeps it. */
  charge: money('json', 'deliveryCharge').nullable().optional(),
});

export type Settings = z.infer<typeof adminSettings>;
export type ShopInfo = z.infer<typeof shopInfo>;
export type SettingsBody = z.input<typeof settingsBody>;
export type SettingsInput = z.output<typeof settingsBody>;
export type Area = z.infer<typeof area>;

/** What delivery to an area costs: its own charge, else the settings' `ship`. */
export const areaCharge = (
  areas: ReadonlyArray<Pick<Area, 'title' | 'charge'>>,
  title: string,
  ship: number,
) => areas.find((a) => a.title.toLowerCase() === title.trim().toLowerCase())?.charge ?? ship;

/** The stored status-change texts with the defaults filled in where the shop wrote none. */
export function statusSmsWithDefaults(
  stored: Partial<Record<string, Partial<Record<string, string>>>>,
): Record<'en' | 'bn', Record<StatusSmsText, string>> {
  const of = (lang: 'en' | 'bn') => {
    const own = stored[lang] ?? {};
    const out = { ...DEFAULT_STATUS_SMS[lang] };
    for (const key of STATUS_SMS_TEXTS) {
      const text = own[key];
      if (typeof text === 'string' && text.trim()) out[key] = text;
    }
    return out;
  };
  return { en: of('en'), bn: of('bn') };
}
