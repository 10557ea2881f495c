import { z } from 'zod';
import { dateRangeQuery } from './cash';
import { idParamSchema, listOf, one } from './common';
import type { Endpoints } from './endpoint';
import { closeShiftBody, openShiftBody, shift, shiftMoveBody, zReport } from './shifts';

/** Cashiers' shifts (apps/server/src/modules/shifts). */
export const shiftsApi = {
  'POST /api/shift/open': { body: openShiftBody, status: 201, answer: one(shift) },
  'GET /api/shift/current': { answer: z.object({ data: shift.nullable() }) },
  'POST /api/shift/move': { body: shiftMoveBody, answer: one(shift) },
  'POST /api/shift/close': { body: closeShiftBody, answer: one(shift) },
  'GET /api/shifts': { query: dateRangeQuery, answer: listOf(shift) },
  'GET /api/shift/:id/report': { params: idParamSchema, answer: one(zReport) },
} satisfies Endpoints;
