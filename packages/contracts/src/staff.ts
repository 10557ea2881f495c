import { z } from 'zod';
import { nameSchema, passwordSchema, phoneSchema } from './common';
import { say } from './messages';
import { pageNumber, perPage, wholeNumber } from './numbers';
import { PERMISSIONS } from './permissions';

export const permissionSchema = z.enum(PERMISSIONS);

/** A role's key: what staff answers and bodies name it by (`owner`, `cashier`, or one the owner made). */
export const roleKey = z
  .string({ error: say('staff.roleKey') })
  .trim()
  .regex(/^[a-z][a-z0-9_]{1,29}$/, say('staff.roleKey'));

/** A till PIN: 4 to 6 digits. */
export const pinSchema = z.string({ error: say('staff.pin') }).regex(/^\d{4,6}$/, say('staff.pin'));

/** The largest discount a role's people may give at the till without a manager, in percent. */
const discountLimit = wholeNumber('json', 'discountLimit', 0, 100).nullable();

/** An edit must change something: a body of none of its fields is refused. */
const somethingToChange = (body: object) => Object.values(body).some((v) => v !== undefined);

export const role = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  permissions: z.array(permissionSchema),
  discount_limit: z.number().int().nullable(),
  built_in: z.boolean(),
  /** How many active staff have it. */
  staff: z.number().int(),
});
export type Role = z.infer<typeof role>;

const permissionList = z.array(permissionSchema, { error: say('staff.permissions') }).max(100);

/** `POST /api/roles`: a new role (copy one by sending its permissions). Without a key, one is made from the name. */
export const roleCreateBody = z.object({
  key: roleKey.optional(),
  name: nameSchema,
  permissions: permissionList,
  discount_limit: discountLimit.default(0),
});

/** `POST /api/roles/{id}`: what changes (the owner's role cannot change). */
export const roleUpdateBody = z
  .object({
    name: nameSchema.optional(),
    permissions: permissionList.optional(),
    discount_limit: discountLimit.optional(),
  })
  .refine(somethingToChange, { message: say('staff.nothingToChange') });

export const staffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  role: z.string(),
  role_name: z.string(),
  active: z.boolean(),
  /** Locked after too many wrong PINs, until a manager or the owner unlocks it. */
  locked: z.boolean(),
  has_pin: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffListQuery = z.object({
  page: pageNumber(),
  per_page: perPage(),
});

/** `POST /api/staff`. */
export const staffCreateBody = z.object({
  name: nameSchema,
  phone: phoneSchema,
  password: passwordSchema,
  pin: pinSchema,
  role: roleKey,
});

/** `POST /api/staff/{id}`: edit, deactivate or reactivate, reset the password or the PIN, unlock. */
export const staffUpdateBody = z
  .object({
    name: nameSchema.optional(),
    phone: phoneSchema.optional(),
    role: roleKey.optional(),
    active: z.boolean({ error: say('staff.active') }).optional(),
    password: passwordSchema.optional(),
    pin: pinSchema.optional(),
    unlock: z.literal(true, { error: say('staff.unlock') }).optional(),
  })
  .refine(somethingToChange, { message: say('staff.nothingToChange') });
