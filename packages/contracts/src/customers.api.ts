import { z } from 'zod';
import { idParamSchema, listOf, messageSchema, one } from './common';
import {
  customer,
  customerAddBody,
  customerDues,
  customerEditBody,
  customerListQuery,
  customerPayBody,
  customerPayResult,
  customerSearchParams,
  dueReceipt,
  dueReceiptBody,
  khata,
} from './customers';
import { pagedList, type Endpoints } from './endpoint';
import { importOptions, importReport } from './imports';

/** A customer as saved (added by the till, edited by the back office). */
const saved = z.object({ message: z.string(), data: customer });

/** The calls of the customers module (apps/server/src/modules/customers). */
export const customersApi = {
  'GET /api/customers': pagedList({ query: customerListQuery, row: customer }),
  'GET /api/customer/search/:text': { params: customerSearchParams, answer: listOf(customer) },
  'POST /api/customer/add': { body: customerAddBody, status: 201, answer: saved },
  'POST /api/customer/edit/:id': { params: idParamSchema, body: customerEditBody, answer: saved },
  'GET /api/customer/dues/:id': { params: idParamSchema, answer: one(customerDues) },
  'POST /api/customer/pay/:id': {
    params: idParamSchema,
    body: customerPayBody,
    answer: one(customerPayResult),
  },
  'GET /api/customer/khata/:id': { params: idParamSchema, answer: one(khata) },
  'POST /api/customer/khata/:id/sms': { params: idParamSchema, answer: messageSchema },
  'POST /api/till/due/:id': {
    params: idParamSchema,
    body: dueReceiptBody,
    status: 201,
    answer: one(dueReceipt),
  },
  'GET /api/till/due-receipt/:id': { params: idParamSchema, answer: one(dueReceipt) },
  'DELETE /api/customer/delete/:id': { params: idParamSchema, answer: messageSchema },
  'GET /api/customer/import/template': { answer: 'file' },
  'POST /api/customer/import': { query: importOptions, body: 'form', answer: one(importReport) },
} satisfies Endpoints;
