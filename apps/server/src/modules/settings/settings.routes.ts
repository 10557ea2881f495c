import { ROLE } from '@bazar/contracts/common';
import {
  asShopLanguage as shopLanguage,
  idParamSchema,
  listOf,
  messageSchema,
  one,
} from '@bazar/contracts/common';
import {
  adminSettings,
  area,
  areaBody,
  settingsBody,
  settingsResponse,
  shopInfo,
  statusSmsWithDefaults,
} from '@bazar/contracts/settings';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { Conflict, NotFound } from '../../lib/errors';
import { typed } from '../../lib/route';
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
});

export async function settingsRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['settings'];

  app.get('/api/settings', {
    config: { access: 'guest' },
    schema: { tags, response: { 200: settingsResponse } },
    handler: async (req) => {
      const row = await shopSettings(ctx);
      // Guests and customers see only the delivery charge.
      return { data: req.user?.role === ROLE.admin ? toSettings(row) : { ship: row.ship } };
    },
  });

  app.post('/api/settings', {
    config: { access: 'admin' },
    schema: { tags, body: settingsBody, response: { 200: one(adminSettings) } },
    handler: async (req) => ({ data: toSettings(await updateSettings(ctx, req.body)) }),
  });

  app.get('/api/shop-info', {
    config: { access: 'guest' },
    schema: { tags, response: { 200: one(shopInfo) } },
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

  app.get('/api/areas', {
    config: { access: 'guest' },
    schema: { tags, response: { 200: listOf(area) } },
    handler: async () => ({ data: await repo.listAreas(ctx.db) }),
  });

  app.post('/api/area/add', {
    config: { access: 'admin' },
    schema: { tags, body: areaBody, response: { 201: one(area) } },
    handler: async (req, reply) => {
      try {
        const row = await changeAreas(ctx, (tx) => repo.insertArea(tx, req.body));
        if (!row) throw new Error('insert areas returned nothing');
        return reply.code(201).send({ data: row });
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict('This area already exists.');
        throw err;
      }
    },
  });

  // Not in the spec: names an area in Bangla (or renames it) without deleting it.
  app.post('/api/area/edit/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, body: areaBody, response: { 200: one(area) } },
    handler: async (req) => {
      try {
        const row = await changeAreas(ctx, (tx) => repo.updateArea(tx, req.params.id, req.body));
        if (!row) throw new NotFound('Area not found.');
        return { data: row };
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict('This area already exists.');
        throw err;
      }
    },
  });

  app.delete('/api/area/delete/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      if (!(await changeAreas(ctx, (tx) => repo.deleteArea(tx, req.params.id))))
        throw new NotFound('Area not found.');
      return { message: 'Area deleted' };
    },
  });
}
