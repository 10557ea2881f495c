import { asc, eq, sql } from 'drizzle-orm';
import type { Settings, SettingsInput } from '@bazar/contracts/settings';
import type { DbOrTx } from '../../db/client';
import { areas, settings } from '../../db/schema';

export type SettingsRow = typeof settings.$inferSelect;

export async function getSettings(db: DbOrTx): Promise<SettingsRow> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error('settings row is missing (migration 0002 creates it)');
  return row;
}

export async function saveSettings(db: DbOrTx, values: Settings | SettingsInput): Promise<SettingsRow> {
  const [row] = await db
    .update(settings)
    .set({
      ship: values.ship,
      regPoint: values.reg_point,
      smsNumbers: values.sms_numbers,
      shopAddress: values.shop_address,
      shopPhone: values.shop_phone,
      paymentNumbers: values.payment_numbers,
      ...(values.sms_budget !== undefined && { smsBudget: values.sms_budget }),
      ...(values.shop_name !== undefined && { shopName: values.shop_name }),
      ...(values.scale_rules !== undefined && { scaleRules: values.scale_rules }),
      ...(values.till_ship !== undefined && { tillShip: values.till_ship }),
      ...(values.receipt_footer !== undefined && { receiptFooter: values.receipt_footer }),
      ...(values.language !== undefined && { language: values.language }),
      ...(values.status_sms !== undefined && { statusSms: values.status_sms }),
      ...(values.credit_limit !== undefined && { creditLimit: values.credit_limit }),
      ...(values.dues_reminder_over !== undefined && { duesReminderOver: values.dues_reminder_over }),
      ...(values.quick_keys !== undefined && { quickKeys: values.quick_keys }),
      ...(values.expiry_days !== undefined && { expiryDays: values.expiry_days }),
      ...(values.expired_sale !== undefined && { expiredSale: values.expired_sale }),
      updatedAt: sql`now()`,
    })
    .where(eq(settings.id, 1))
    .returning();
  if (!row) throw new Error('settings row is missing');
  return row;
}

const areaCols = { id: areas.id, title: areas.title, title_bn: areas.titleBn, charge: areas.charge };

/**
 * An area's names: English, and Bangla ('' for none; left out on edit keeps it); its delivery
 * charge (null: the settings'; left out on edit keeps it).
 */
type AreaNames = { title: string; title_bn?: string | undefined; charge?: number | null | undefined };

export async function listAreas(db: DbOrTx) {
  return db.select(areaCols).from(areas).orderBy(asc(areas.title));
}

export async function insertArea(db: DbOrTx, names: AreaNames) {
  const [row] = await db
    .insert(areas)
    .values({ title: names.title, titleBn: names.title_bn ?? '', charge: names.charge ?? null })
    .returning(areaCols);
  return row;
}

export async function updateArea(db: DbOrTx, id: number, names: AreaNames) {
  const [row] = await db
    .update(areas)
    .set({
      title: names.title,
      ...(names.title_bn !== undefined && { titleBn: names.title_bn }),
      ...(names.charge !== undefined && { charge: names.charge }),
    })
    .where(eq(areas.id, id))
    .returning(areaCols);
  return row;
}

export async function deleteArea(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(areas).where(eq(areas.id, id)).returning({ id: areas.id });
  return rows.length > 0;
}
