import { changed, recordAudit, type AuditActor } from '../audit/audit.repository';
import { randomBytes } from 'node:crypto';
import { ROLE, type ShopLanguage } from '@bazar/contracts/common';
import type { Customer } from '@bazar/contracts/customers';
import { say } from '@bazar/contracts/messages';
import { isUniqueViolation } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { hashPassword } from '../../lib/crypto';
import { Invalid, MissingPermission, NotFound } from '../../lib/errors';
import { insertUser } from '../auth/auth.repository';
import { uniqueRefCode } from '../auth/auth.service';
import { advancesSet } from '../money/money.repository';
import * as repo from './customers.repository';

const PHONE_TAKEN = say('auth.phoneTaken');

/**
 * A customer added at the till. The spec's fixed default password is not used: the account gets a
 * random one nobody knows, and the customer sets their own with "forgot password" (docs/adr/0017-till-sales-and-advance-balance.md).
 * The account stays unverified until the customer proves the phone by a code. Its language
 * (`lang`, the till's choice; English when left out) is what its SMS and invoices are written in.
 */
export async function addCustomer(
  ctx: Ctx,
  input: { phone: string; name: string; area: string; address: string; lang?: ShopLanguage | undefined },
): Promise<Customer> {
  if (await repo.findCustomerByPhone(ctx.db, input.phone)) throw new Invalid('phone', PHONE_TAKEN);
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  try {
    const user = await insertUser(ctx.db, {
      name: input.name,
      phone: input.phone,
      area: input.area,
      address: input.address,
      lang: input.lang ?? 'en',
      passwordHash,
      role: ROLE.customer,
      status: 0,
      refCode: await uniqueRefCode(ctx),
    });
    const created = await repo.findCustomer(ctx.db, user.id);
    if (!created) throw new Error('customer vanished after insert');
    return created;
  } catch (err) {
    // Also an admin's or staff member's phone: the unique index covers every account.
    if (isUniqueViolation(err)) throw new Invalid('phone', PHONE_TAKEN);
    throw err;
  }
}

export async function editCustomer(
  ctx: Ctx,
  id: number,
  input: {
    name: string;
    phone?: string | undefined;
    area?: string | undefined;
    address?: string | undefined;
    balance?: number | null | undefined;
    point?: number | undefined;
    lang?: ShopLanguage | undefined;
    credit_limit?: number | null | undefined;
    sms_opt_out?: boolean | undefined;
  },
  rights: { balance: boolean; actor?: AuditActor } = { balance: true },
): Promise<Customer> {
  const before = await repo.findCustomer(ctx.db, id);
  if (!before) throw new NotFound(say('customers.notFound'));
  // The advance and the points are money the shop owes, the credit limit money it trusts the
  // customer with: changing them by hand needs its own right, and the audit trail keeps it.
  const next = {
    ...(input.balance !== undefined && { balance: input.balance ?? 0 }),
    ...(input.point !== undefined && { point: input.point }),
    ...(input.credit_limit !== undefined && { credit_limit: input.credit_limit }),
  };
  const money = changed(before, next);
  if (Object.keys(money).length && !rights.balance) throw new MissingPermission('customers.balance');
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // The advance as it stands under the row's lock: the ledger takes the change from there.
      const held = next.balance !== undefined ? await repo.findCustomer(tx, id, true) : undefined;
      const updated = await repo.updateCustomer(tx, id, {
        name: input.name,
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(input.area !== undefined && { area: input.area }),
        ...(input.address !== undefined && { address: input.address }),
        // The spec treats a missing balance as 0.
        ...(input.balance !== undefined && { balance: input.balance ?? 0 }),
        ...(input.point !== undefined && { point: input.point }),
        ...(input.lang !== undefined && { lang: input.lang }),
        ...(input.credit_limit !== undefined && { creditLimit: input.credit_limit }),
        ...(input.sms_opt_out !== undefined && { smsOptOut: input.sms_opt_out }),
      });
      if (updated && held && next.balance !== undefined) {
        const change = { customerId: id, before: held.balance, after: next.balance };
        await advancesSet(tx, [change], { userId: rights.actor?.staffId ?? null }, 'edited');
      }
      if (updated && rights.actor && Object.keys(money).length) {
        await recordAudit(tx, rights.actor, {
          action: 'balance_changed',
          entity: 'customer',
          entityId: id,
          changes: { name: before.name, phone: before.phone, ...money },
        });
      }
      return updated;
    });
    if (!row) throw new NotFound(say('customers.notFound'));
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new Invalid('phone', PHONE_TAKEN);
    throw err;
  }
}
