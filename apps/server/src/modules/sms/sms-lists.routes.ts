import { asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE, idParamSchema, listOf, messageSchema, one } from '@bazar/contracts/common';
import { smsTextBody } from '@bazar/contracts/orders';
import {
  smsItemAddBody,
  smsList,
  smsListAddBody,
  smsListDetail,
  smsListItem,
  smsSendParams,
} from '@bazar/contracts/sms';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/client';
import { smsListItems, smsLists } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { Invalid, NotFound } from '../../lib/errors';
import { typed } from '../../lib/route';

/** SMS marketing: lists of names and phones, and one message to a list or to every customer. */
export async function smsListRoutes(fastify: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const app = typed(fastify);
  const tags = ['sms'];

  app.get('/api/sms-lists', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: listOf(smsList) } },
    handler: async () => ({
      data: await ctx.db
        .select({
          id: smsLists.id,
          title: smsLists.title,
          count: sql<number>`count(${smsListItems.id})::int`,
        })
        .from(smsLists)
        .leftJoin(smsListItems, eq(smsListItems.listId, smsLists.id))
        .groupBy(smsLists.id)
        .orderBy(asc(smsLists.title), asc(smsLists.id)),
    }),
  });

  app.post('/api/sms-list/add', {
    config: { access: 'admin' },
    schema: { tags, body: smsListAddBody, response: { 201: one(smsList) } },
    handler: async (req, reply) => {
      const [row] = await ctx.db.insert(smsLists).values({ title: req.body.title }).returning();
      if (!row) throw new Error('insert sms_lists returned nothing');
      return reply.code(201).send({ data: { id: row.id, title: row.title, count: 0 } });
    },
  });

  app.get('/api/sms-list/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, response: { 200: one(smsListDetail) } },
    handler: async (req) => {
      const [list] = await ctx.db.select().from(smsLists).where(eq(smsLists.id, req.params.id));
      if (!list) throw new NotFound('SMS list not found.');
      const items = await ctx.db
        .select({ id: smsListItems.id, name: smsListItems.name, phone: smsListItems.phone })
        .from(smsListItems)
        .where(eq(smsListItems.listId, list.id))
        .orderBy(asc(smsListItems.name), asc(smsListItems.id));
      return { data: { id: list.id, title: list.title, items } };
    },
  });

  app.delete('/api/sms-list/delete/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      const gone = await ctx.db
        .delete(smsLists)
        .where(eq(smsLists.id, req.params.id))
        .returning({ id: smsLists.id });
      if (gone.length === 0) throw new NotFound('SMS list not found.');
      return { message: 'SMS list deleted' };
    },
  });

  app.post('/api/sms-item/add', {
    config: { access: 'admin' },
    schema: { tags, body: smsItemAddBody, response: { 201: one(smsListItem) } },
    handler: async (req, reply) => {
      const [list] = await ctx.db
        .select({ id: smsLists.id })
        .from(smsLists)
        .where(eq(smsLists.id, req.body.list_id));
      if (!list) throw new NotFound('SMS list not found.');
      try {
        const [row] = await ctx.db
          .insert(smsListItems)
          .values({ listId: list.id, name: req.body.name, phone: req.body.phone })
          .returning({ id: smsListItems.id, name: smsListItems.name, phone: smsListItems.phone });
        if (!row) throw new Error('insert sms_list_items returned nothing');
        return reply.code(201).send({ data: row });
      } catch (err) {
        if (isUniqueViolation(err)) throw new Invalid('phone', 'This phone is already in the list.');
        throw err;
      }
    },
  });

  app.delete('/api/sms-item/delete/:id', {
    config: { access: 'admin' },
    schema: { tags, params: idParamSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      const gone = await ctx.db
        .delete(smsListItems)
        .where(eq(smsListItems.id, req.params.id))
        .returning({ id: smsListItems.id });
      if (gone.length === 0) throw new NotFound('Not in any list.');
      return { message: 'Removed from the list' };
    },
  });

  app.post('/api/sms-send/:listId', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'One SMS per phone of the list (list 0: every customer), de-duplicated, through the outbox.',
      params: smsSendParams,
      body: smsTextBody,
      response: { 200: z.object({ message: z.string(), queued: z.number().int() }) },
    },
    handler: async (req) => {
      const { listId } = req.params;
      if (listId !== 0) {
        const [list] = await ctx.db.select({ n: count() }).from(smsLists).where(eq(smsLists.id, listId));
        if (!list?.n) throw new NotFound('SMS list not found.');
      }
      const phones =
        listId === 0
          ? sql`SELECT phone FROM users WHERE role = ${ROLE.customer}`
          : sql`SELECT phone FROM sms_list_items WHERE list_id = ${listId}`;
      const queued = await ctx.db.transaction((tx) => ctx.sms.enqueueToAll(tx, phones, req.body.text));
      return { message: 'SMS queued', queued };
    },
  });
}
