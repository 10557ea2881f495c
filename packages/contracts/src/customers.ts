import { z } from 'zod';
import { say, tooLong } from './messages';
import { nameSchema, phoneSchema, shopLanguage } from './common';
import { MONEY_MAX, money, pageNumber, perPage, wholeNumber } from './numbers';
import { paymentMethodSchema, referenceSchema } from './orders';

/** A customer as the back office sees it (never the password). Balance is the customer's advance, in taka. */
export const customer = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  area: z.string(),
  address: z.string(),
  balance: z.number().int(),
  point: z.number().int(),
  status: z.number().int(),
  /** What the customer owes: the dues of their orders that are not cancelled (baki khata). */
  due: z.number().int(),
  /** The language the customer reads: their SMS and printed invoices are written in it. */
  lang: shopLanguage,
  /** How much they may owe before a sale on credit needs a manager; null: the shop's default. */
  credit_limit: z.number().int().nullable().default(null),
  /** They asked for no reminder or marketing SMS. */
  sms_opt_out: z.boolean().default(false),
});
export type Customer = z.infer<typeof customer>;

const areaField = z.string().trim().max(100, tooLong('area', 100));
const addressField = z.string().trim().max(500, tooLong('address', 500));
export const customerListQuery = z.object({
  page: pageNumber(),
  per_page: perPage(),
});

/** `POST /api/customer/add` from the till. A password the client sends is ignored (docs/adr/0017-till-sales-and-advance-balance.md). */
export const customerAddBody = z.object({
  phone: phoneSchema,
  name: z
    .string({ error: say('customers.nameMissing') })
    .trim()
    .min(1, say('customers.nameMissing'))
    .max(100, tooLong('name', 100)),
  area: areaField.default(''),
  address: addressField.default(''),
  password: z.unknown().optional(),
  /** The customer's language (the till's form; en when left out). */
  lang: shopLanguage.optional(),
});

/**
 * `POST /api/customer/edit/{id}`: the Quick Edit modal sends name, area, address, balance, point;
 * the till sends phone, name, area, balance, address, status. Fields left out are not changed.
 */
export const customerEditBody = z.object({
  name: nameSchema,
  phone: phoneSchema.optional(),
  area: areaField.optional(),
  address: addressField.optional(),
  balance: money('json', 'balance').nullable().optional(),
  point: wholeNumber('json', 'point', 0, MONEY_MAX).optional(),
  // Sent by the till; an account's verification is not changed by staff.
  status: z.unknown().optional(),
  lang: shopLanguage.optional(),
  /** Quick Edit: the customer's own credit limit (null: the shop's default); left out keeps it. */
  credit_limit: money('json', 'creditLimit').nullable().optional(),
  sms_opt_out: z.boolean().optional(),
});

/**
 * One row of a customer import (`POST /api/customer/import`), read from text cells: the till's and
 * Quick Edit's rules. A blank balance or point is 0 for a new customer (and kept on an update).
 */
export const customerImportFields = z.object({
  name: nameSchema,
  phone: phoneSchema,
  area: areaField.default(''),
  address: addressField.default(''),
  balance: money('text', 'balance').default(0),
  point: wholeNumber('text', 'point', 0, MONEY_MAX).default(0),
});
export type CustomerImportFields = z.infer<typeof customerImportFields>;

export const customerSearchParams = z.object({
  text: z.string().trim().min(1, say('customers.searchText')).max(100),
});

/** An order of the customer with money still due, oldest first. */
export const customerDue = z.object({
  id: z.number().int(),
  created: z.string(),
  total: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
});
export const customerDues = z.object({ customer, orders: z.array(customerDue) });
export type CustomerDues = z.infer<typeof customerDues>;

/** `POST /api/customer/pay/{id}`: money against the customer's dues, oldest order first. */
export const customerPayBody = z.object({
  amount: money('json', 'amount', 1),
  method: paymentMethodSchema.refine((m) => m !== 'balance', say('customers.duesMethod')),
  reference: referenceSchema,
  /** Text the customer a receipt (the shop pays for it). */
  sms: z.boolean().default(false),
});
export const customerPayResult = z.object({
  paid: z.array(z.object({ order_id: z.number().int(), amount: z.number().int() })),
  due: z.number().int(),
});

/** A payment against dues: cash, bKash, Nagad or card (the advance is not money coming in). */
export const duePayment = z.object({
  method: paymentMethodSchema.refine((m) => m !== 'balance', say('customers.duesMethod')),
  amount: money('json', 'amount', 1),
  reference: referenceSchema,
});

/**
 * `POST /api/till/due/{customer id}`: "Receive due" at the till, split across methods, settling the
 * oldest dues first. `client_id` (a UUID the till makes) makes a resent receipt count once.
 */
export const dueReceiptBody = z.object({
  client_id: z.uuid({ error: say('till.clientId') }),
  payments: z.array(duePayment).min(1, say('orders.paymentsEmpty')).max(5),
  /** Text the customer a receipt (the shop pays for it). */
  sms: z.boolean().default(false),
});

/** A due receipt as its 80 mm slip prints it: what was owed, paid (how) and is still owed. */
export const dueReceipt = z.object({
  id: z.number().int(),
  created: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string(), lang: shopLanguage }),
  cashier: z.string().nullable(),
  owed_before: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
  payments: z.array(
    z.object({ method: z.string(), amount: z.number().int(), reference: z.string().nullable() }),
  ),
  orders: z.array(z.object({ order_id: z.number().int(), amount: z.number().int() })),
});
export type DueReceipt = z.infer<typeof dueReceipt>;

/**
 * One line of a customer's khata (statement): a sale on credit (what it left owing), a payment
 * against it, money given back, or a return that lowered what is owed. `amount` is signed: more
 * owed is positive; `balance` is what the customer owes after the line.
 */
export const khataEntry = z.object({
  at: z.string(),
  kind: z.enum(['sale', 'payment', 'refund', 'return']),
  order_id: z.number().int(),
  method: z.string().nullable(),
  amount: z.number().int(),
  balance: z.number().int(),
});
export type KhataEntry = z.infer<typeof khataEntry>;
export const khata = z.object({
  customer,
  /** Their credit limit as it applies (their own, else the shop's; null: none). */
  credit_limit: z.number().int().nullable(),
  entries: z.array(khataEntry),
  owed: z.number().int(),
});
export type Khata = z.infer<typeof khata>;
