import { z } from 'zod';
import { idParamSchema, listOf, messageSchema, one } from './common';
import type { Endpoints } from './endpoint';
import { smsTextBody } from './orders';
import { listPageQuery, pagedRecord } from './paging';
import {
  smsItemAddBody,
  smsList,
  smsListAddBody,
  smsListDetail,
  smsListItem,
  smsSendParams,
  smsStatus,
  smsTestBody,
} from './sms';

/** SMS marketing lists, sends to them, and the gateway's state (apps/server/src/modules/sms). */
export const smsApi = {
  'GET /api/sms-lists': { answer: listOf(smsList) },
  'POST /api/sms-list/add': { body: smsListAddBody, status: 201, answer: one(smsList) },
  // One record (the list) whose numbers are paged: not a `pagedList`, whose `data` is the rows.
  'GET /api/sms-list/:id': {
    params: idParamSchema,
    query: listPageQuery,
    answer: pagedRecord(smsListDetail),
  },
  'DELETE /api/sms-list/delete/:id': { params: idParamSchema, answer: messageSchema },
  'POST /api/sms-item/add': { body: smsItemAddBody, status: 201, answer: one(smsListItem) },
  'DELETE /api/sms-item/delete/:id': { params: idParamSchema, answer: messageSchema },
  'GET /api/sms-send/:listId': {
    params: smsSendParams,
    answer: one(z.object({ recipients: z.number().int() })),
  },
  'POST /api/sms-send/:listId': {
    params: smsSendParams,
    body: smsTextBody,
    answer: z.object({ message: z.string(), queued: z.number().int() }),
  },
  'GET /api/sms/status': { answer: one(smsStatus) },
  'POST /api/sms/test': { body: smsTestBody, status: 202, answer: messageSchema },
} satisfies Endpoints;
