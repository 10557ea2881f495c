import { z } from 'zod';
import { nameSchema, phoneSchema } from './common';

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
});
export type Customer = z.infer<typeof customer>;

const areaField = z.string().trim().max(100, 'The area may not be greater than 100 characters.');
const addressField = z.string().trim().max(500, 'The address may not be greater than 500 characters.');
const takaField = (what: string) =>
  z.coerce
    .number({ error: `The ${what} must be a number.` })
    .int('Whole taka only.')
    .min(0, `The ${what} must not be negative.`)
    .max(100_000_000, `The ${what} is too large.`);

export const customerListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** `POST /api/customer/add` from the till. A password the client sends is ignored (design §3). */
export const customerAddBody = z.object({
  phone: phoneSchema,
  name: z
    .string({ error: 'Please enter the name' })
    .trim()
    .min(1, 'Please enter the name')
    .max(100, 'The name may not be greater than 100 characters.'),
  area: areaField.default(''),
  address: addressField.default(''),
  password: z.unknown().optional(),
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
  balance: takaField('balance').nullable().optional(),
  point: z.coerce
    .number({ error: 'The point must be a number.' })
    .int('Whole points only.')
    .min(0, 'The point must not be negative.')
    .max(100_000_000)
    .optional(),
  // Sent by the till; an account's verification is not changed by staff.
  status: z.unknown().optional(),
});

export const customerSearchParams = z.object({
  text: z.string().trim().min(1, 'Type a name or phone.').max(100),
});
