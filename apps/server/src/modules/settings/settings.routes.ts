import { changed, recordAudit } from '../audit/audit.repository';
import { actorOf } from '../audit/audit.service';
import { asShopLanguage as shopLanguage, ROLE } from '@bazar/contracts/common';
import { statusSmsWithDefaults } from '@bazar/contracts/settings';
import type { FastifyInstance } from 'fastify';
import { say } from '@bazar/contracts/messages';
import { isUniqueViolation } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { Conflict, NotFound } from '../../lib/errors';
import { route } from '../../lib/route';
import * as repo from './settings.repository';
import { changeAreas, shopSettings, updateSettings } from './settings.service';

const toSettings = (row: repo.SettingsRow) => ({
  ship: row.ship,
  reg_point: row.regPoint,
  sms_numbers: row.smsNumbers,
  shop_address: row.shopAddress,
  shop_phone: row.shopPhone,
  payment_numbers: row.paymentNumbers,
  sms_budget: row.smsBudget,
  shop_name: row.shopName,
  scale_rules: row.scaleRules,
  till_ship: row.tillShip,
  receipt_footer: row.receiptFooter,
  language: shopLanguage(row.language),
  status_sms: statusSmsWithDefaults(row.statusSms),
  credit_limit: row.creditLimit,
  dues_reminder_over: row.duesReminderOver,
  quick_keys: row.quickKeys,
  expiry_days: row.expiryDays,
  expired_sale: row.expiredSale === 'never' ? ('never' as const) : ('approval' as const),
});

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['settings'];

  route(app, 'GET /api/settings', {
    config: { access: 'guest' },
    tags,
    handler: async (req) => {
      const row = await shopSettings(ctx);
      // Guests and customers see only the delivery charge.
      return { data: req.user?.role === ROLE.admin ? toSettings(row) : { ship: row.ship } };
    },
  });

  route(app, 'POST /api/settings', {
    config: { access: 'admin', permission: 'settings.edit' },
    tags,
    handler: async (req) => {
      const before = toSettings(await shopSettings(ctx));
      const after = toSettings(await updateSettings(ctx, req.body));
      const changes = changed(before, after);
      if (Object.keys(changes).length) {
        await recordAudit(ctx.db, actorOf(req), { action: 'settings_changed', entity: 'settings', changes });
      }
      return { data: after };
    },
  });

  route(app, 'GET /api/shop-info', {
    config: { access: 'guest' },
    tags,
    handler: async () => {
      const row = await shopSettings(ctx);
      return {
        data: {
          name: row.shopName,
          address: row.shopAddress,
          phone: row.shopPhone,
          payment_numbers: row.paymentNumbers,
          tz: ctx.config.shopTz,
          receipt_footer: row.receiptFooter,
          language: shopLanguage(row.language),
        },
      };
    },
  });

  route(app, 'GET /api/areas', {
    config: { access: 'guest' },
    tags,
    handler: async () => ({ data: await repo.listAreas(ctx.db) }),
  });

  route(app, 'POST /api/area/add', {
    config: { access: 'admin', permission: 'settings.edit' },
    tags,
    handler: async (req) => {
      try {
        const row = await changeAreas(ctx, (tx) => repo.insertArea(tx, req.body));
        if (!row) throw new Error('insert areas returned nothing');
        return { data: row };
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(say('areas.taken'));
        throw err;
      }
    },
  });

  // Not in the spec: names an area in Bangla (or renames it) without deleting it.
  route(app, 'POST /api/area/edit/:id', {
    config: { access: 'admin', permission: 'settings.edit' },
    tags,
    handler: async (req) => {
      try {
        const row = await changeAreas(ctx, (tx) => repo.updateArea(tx, req.params.id, req.body));
        if (!row) throw new NotFound(say('areas.notFound'));
        return { data: row };
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(say('areas.taken'));
        throw err;
      }
    },
  });

  route(app, 'DELETE /api/area/delete/:id', {
    config: { access: 'admin', permission: 'settings.edit' },
    tags,
    handler: async (req) => {
      if (!(await changeAreas(ctx, (tx) => repo.deleteArea(tx, req.params.id))))
        throw new NotFound(say('areas.notFound'));
      return { message: 'Area deleted' };
    },
  });
}
