import { z } from 'zod';

/** Role ids as the spec stores them. */
export const ROLE = { customer: 1, admin: 23314 } as const;

/** Who may call a route; the server enforces it, the browser only mirrors it. */
export const ACCESS = ['guest', 'customer', 'verified', 'admin'] as const;
export type Access = (typeof ACCESS)[number];

/**
 * Bangladeshi mobile numbers, normalised to 01XXXXXXXXX.
 * `+8801…`, `8801…`, spaces and dashes are accepted on input.
 */
export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const local = compact.replace(/^\+?880/, '0');
  return /^01[3-9]\d{8}$/.test(local) ? local : null;
}

export const phoneSchema = z
  .string({ error: 'The phone field is required.' })
  .trim()
  .min(1, 'The phone field is required.')
  .transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (!phone) {
      ctx.addIssue({
        code: 'custom',
        message: 'The phone must be a Bangladeshi mobile number (01XXXXXXXXX).',
      });
      return z.NEVER;
    }
    return phone;
  });

export const passwordSchema = z
  .string({ error: 'The password field is required.' })
  .min(6, 'The password must be at least 6 characters.')
  .max(200, 'The password may not be greater than 200 characters.');

export const nameSchema = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(100, 'The name may not be greater than 100 characters.');

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const messageSchema = z.object({ message: z.string() });

export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

export function one<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}
