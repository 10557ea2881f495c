import type { FastifyInstance } from 'fastify';
import { say } from '@bazar/contracts/messages';
import { inSnapshot, isUniqueViolation } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { Invalid, NotFound } from '../../lib/errors';
import { pageAnswer, pageLinks, pageWindow } from '../../lib/paginate';
import { route } from '../../lib/route';
import * as repo from './sms-lists.repository';
import { countDistinctPhones } from './sms.repository';

/** SMS marketing: lists of names and phones, and one message to a list or to every customer. */
export async function smsListRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const tags = ['sms'];

  route(app, 'GET /api/sms-lists', {
    config: { access: 'admin', permission: 'sms.marketing' },
    tags,
    handler: async () => ({ data: await repo.listLists(ctx.db) }),
  });

  route(app, 'POST /api/sms-list/add', {
    config: { access: 'admin', permission: 'sms.marketing' },
    tags,
    handler: async (req) => ({ data: { ...(await repo.insertList(ctx.db, req.body.title)), count: 0 } }),
  });

  // A record with a paged inner list, not a list of rows: listRoute does not fit, the page is built here.
  route(app, 'GET /api/sms-list/:id', {
    config: { access: 'admin', permission: 'sms.marketing' },
    tags,
    description: 'The list with one page of its numbers (by name); `meta` and `links` page the numbers.',
    handler: async (req) => {
      const { page, per_page } = req.query;
      const found = await inSnapshot(ctx.db, async (tx) => {
        const list = await repo.findList(tx, req.params.id);
        if (!list) return null;
        return {
          list,
          items: await repo.listItems(tx, list.id, pageWindow(page, per_page)),
          count: await repo.itemCount(tx, list.id),
        };
      });
      if (!found) throw new NotFound(say('sms.listNotFound'));
      const { data, meta, links } = pageAnswer({
        data: found.items,
        total: found.count,
        page,
        perPage: per_page,
        link: pageLinks(`/api/sms-list/${found.list.id}`, {}, per_page),
      });
      return { data: { ...found.list, items: data }, meta, links };
    },
  });

  route(app, 'DELETE /api/sms-list/delete/:id', {
    config: { access: 'admin', permission: 'sms.marketing' },
    tags,
    handler: async (req) => {
      if (!(await repo.deleteList(ctx.db, req.params.id))) throw new NotFound(say('sms.listNotFound'));
      return { message: 'SMS list deleted' };
    },
  });

  route(app, 'POST /api/sms-item/add', {
    config: { access: 'admin', permission: 'sms.marketing' },
    tags,
    handler: async (req) => {
      if (!(await repo.findList(ctx.db, req.body.list_id))) throw new NotFound(say('sms.listNotFound'));
      try {
        const row = await repo.insertItem(ctx.db, {
          listId: req.body.list_id,
          name: req.body.name,
          phone: req.body.phone,
        });
        return { data: row };
      } catch (err) {
        if (isUniqueViolation(err)) throw new Invalid('phone', say('sms.phoneInList'));
        throw err;
      }
    },
  });

  route(app, 'DELETE /api/sms-item/delete/:id', {
    config: { access: 'admin', permission: 'sms.marketing' },
    tags,
    handler: async (req) => {
      if (!(await repo.deleteItem(ctx.db, req.params.id))) throw new NotFound(say('sms.notInList'));
      return { message: 'Removed from the list' };
    },
  });

  route(app, 'GET /api/sms-send/:listId', {
    config: { access: 'admin', permission: 'sms.marketing' },
    tags,
    description:
      'How many phones POST /api/sms-send/{listId} would send to now (list 0: every customer with a ' +
      'verified phone), counted the same way, de-duplicated: the composer shows it with the SMS a send costs.',
    handler: async (req) => {
      const { listId } = req.params;
      if (listId !== 0 && !(await repo.listExists(ctx.db, listId)))
        throw new NotFound(say('sms.listNotFound'));
      return { data: { recipients: await countDistinctPhones(ctx.db, repo.recipients(listId)) } };
    },
  });

  route(app, 'POST /api/sms-send/:listId', {
    config: { access: 'admin', permission: 'sms.marketing' },
    tags,
    description:
      'One SMS per phone of the list (list 0: every customer with a verified phone), de-duplicated, ' +
      "through the outbox; refused (429 sms_budget) when it would take the day over the shop's SMS budget.",
    handler: async (req) => {
      const { listId } = req.params;
      if (listId !== 0 && !(await repo.listExists(ctx.db, listId)))
        throw new NotFound(say('sms.listNotFound'));
      const queued = await ctx.db.transaction((tx) =>
        ctx.sms.enqueueToAll(tx, repo.recipients(listId), req.body.text),
      );
      return { message: 'SMS queued', queued };
    },
  });
}
