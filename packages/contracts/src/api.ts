import type { z } from 'zod';
import { auditApi } from './audit.api';
import { authApi } from './auth.api';
import { backupApi } from './backup.api';
import { cashApi } from './cash.api';
import { catalogApi } from './catalog.api';
import { customersApi } from './customers.api';
import { deliveryApi } from './delivery.api';
import { expiryApi } from './expiry.api';
import { exportsApi } from './exports.api';
import { moneyApi } from './money.api';
import { monitoringApi } from './monitoring.api';
import { ordersApi } from './orders.api';
import { paymentsApi } from './payments.api';
import { purchasesApi } from './purchases.api';
import { reorderApi } from './reorder.api';
import { reportsApi } from './reports.api';
import { ridersApi } from './riders.api';
import { settingsApi } from './settings.api';
import { shiftsApi } from './shifts.api';
import { smsApi } from './sms.api';
import { staffApi } from './staff.api';
import { stockApi } from './stock.api';
import { stocktakesApi } from './stocktakes.api';
import { tillApi } from './till.api';
import type { Endpoint, Endpoints } from './endpoint';

/**
 * Every call of the API by "METHOD /path" (see endpoint.ts). The server registers each route from
 * its entry here; the web app imports only the types (`Api`), so none of these schemas reach a
 * browser that does not already use them.
 */
export const api = {
  ...auditApi,
  ...authApi,
  ...backupApi,
  ...cashApi,
  ...catalogApi,
  ...customersApi,
  ...deliveryApi,
  ...expiryApi,
  ...exportsApi,
  ...moneyApi,
  ...monitoringApi,
  ...ordersApi,
  ...paymentsApi,
  ...purchasesApi,
  ...reorderApi,
  ...reportsApi,
  ...ridersApi,
  ...settingsApi,
  ...shiftsApi,
  ...smsApi,
  ...staffApi,
  ...stockApi,
  ...stocktakesApi,
  ...tillApi,
} satisfies Endpoints;

export type Api = typeof api;
export type ApiKey = keyof Api;

type Parsed<S> = S extends z.ZodType ? z.output<S> : never;
type Sent<S> = S extends z.ZodType ? z.input<S> : never;

/** The path parameters of a call, as the server reads them (ids as numbers). */
export type ParamsOf<E extends Endpoint> = Parsed<E['params']>;
/** The query of a call as a screen sets it: any of its fields (the server fills in the defaults). */
export type QueryOf<E extends Endpoint> = Partial<Parsed<E['query']>>;
/** The query as the server reads it, defaults filled in. */
export type ParsedQueryOf<E extends Endpoint> = Parsed<E['query']>;
/** The body a client sends (a multipart form for `'form'`). */
export type BodyOf<E extends Endpoint> = E['body'] extends 'form' ? FormData : Sent<E['body']>;
/** The body as the server reads it, after its schema. */
export type ParsedBodyOf<E extends Endpoint> = Parsed<E['body']>;
/** The success answer as a client reads it. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : never;
/** What a handler may return for the success answer (before the answer's schema shapes it). */
export type AnswerInOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.input<E['answer']> : never;
/** One row of a paged list. */
export type RowOf<E extends Endpoint> = E extends { list: { row: infer R } } ? Parsed<R> : never;
/** The totals a paged list counts over every page. */
export type TotalsOf<E extends Endpoint> = E extends { list: { totals: infer T } } ? Parsed<T> : never;

/** The calls that answer a paged list. */
export type ListKey = { [K in ApiKey]: Api[K] extends { list: object } ? K : never }[ApiKey];
