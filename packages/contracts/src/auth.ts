import { z } from 'zod';
import { required, say, tooLong } from './messages';
import { nameSchema, passwordSchema, phoneSchema, shopLanguage } from './common';
import { permissionSchema } from './staff';

export const otpCodeSchema = z
  .string({ error: required('code') })
  .trim()
  .regex(/^\d{6}$/, say('auth.codeDigits'));

export const loginBody = z.object({
  phone: phoneSchema,
  password: z
    .string({ error: required('password') })
    .min(1, required('password'))
    .max(200),
});

export const registerBody = z.object({
  name: nameSchema,
  phone: phoneSchema,
  password: passwordSchema,
  ref: z.string().trim().max(32).optional().nullable(),
  /** The language the storefront was in: the customer's SMS and invoices are written in it (en by default). */
  lang: shopLanguage.optional(),
});

export const verifyBody = z.object({ code: otpCodeSchema });

export const forgotBody = z.object({ phone: phoneSchema });

export const resetPasswordBody = z.object({
  phone: phoneSchema,
  code: otpCodeSchema,
  password: passwordSchema,
});

export const profileUpdateBody = z
  .object({
    name: nameSchema,
    // Empty means "keep the current password".
    password: z
      .union([z.literal(''), passwordSchema])
      .optional()
      .nullable(),
    /** The password in use now: needed with a new `password` (the server checks it), else ignored. */
    current_password: z.string().max(200, tooLong('currentPassword', 200)).optional().nullable(),
    /** Staff: a new till PIN (4–6 digits); needs `current_password` too. */
    pin: z.union([z.literal(''), z.string().regex(/^\d{4,6}$/, say('staff.pin'))]).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.password || body.pin) && !body.current_password)
      ctx.addIssue({
        code: 'custom',
        path: ['current_password'],
        message: say('auth.currentPasswordRequired'),
      });
  });

/**
 * A member of staff's role (its key) and permissions: on the login answer and the profile of
 * staff only (every account with the admin role is staff; the owner holds every permission).
 */
const staffFields = {
  staff_role: z.string().optional(),
  permissions: z.array(permissionSchema).optional(),
  /** The member of staff's account id (the till records who made an offline sale by it). */
  staff_id: z.number().int().optional(),
  /** The largest discount they may give at the till without a manager, in percent (null: any). */
  discount_limit: z.number().int().nullable().optional(),
};

export const sessionUser = z.object({
  name: z.string(),
  phone: z.string(),
  role: z.number().int(),
  ...staffFields,
});

export const authResponse = z.object({ token: z.string(), user: sessionUser });

export const profile = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  role: z.number().int(),
  status: z.number().int(),
  ref_code: z.string(),
  point: z.number().int(),
  /** The delivery area and address the shop has for the account ('' for none; absent from older servers). */
  area: z.string().optional(),
  address: z.string().optional(),
  ...staffFields,
});

export type LoginBody = z.input<typeof loginBody>;
export type RegisterBody = z.input<typeof registerBody>;
export type AuthResponse = z.infer<typeof authResponse>;
export type Profile = z.infer<typeof profile>;
