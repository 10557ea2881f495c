import { idParamSchema, one } from './common';
import type { Endpoints } from './endpoint';
import { reorderLevels, reorderLevelsBody, reorderSuggestions } from './reorder';

/** What to order next (apps/server/src/modules/purchases/reorder.*). */
export const reorderApi = {
  'GET /api/reorder-suggestions': { answer: one(reorderSuggestions) },
  'POST /api/product/:id/reorder': {
    params: idParamSchema,
    body: reorderLevelsBody,
    answer: one(reorderLevels),
  },
} satisfies Endpoints;
