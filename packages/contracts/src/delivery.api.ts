import { one } from './common';
import { slotDays, slotSettings, slotSettingsAnswer } from './delivery';
import type { Endpoints } from './endpoint';

/** Delivery slots: what shoppers may book, and the owner's settings of them. */
export const deliveryApi = {
  'GET /api/delivery-slots': { answer: one(slotDays) },
  'GET /api/delivery-slots/settings': { answer: one(slotSettingsAnswer) },
  'POST /api/delivery-slots/settings': { body: slotSettings, answer: one(slotSettingsAnswer) },
} satisfies Endpoints;
