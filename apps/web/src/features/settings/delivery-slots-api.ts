import type { SlotSettingsBody } from '@bazar/contracts/delivery';
import { call } from '../../lib/api';

export const SLOT_SETTINGS_KEY = ['admin', 'delivery-slots'] as const;

/** GET /api/delivery-slots/settings (admin): the slots, days ahead and cut-off. */
export const fetchSlotSettings = () => call('GET /api/delivery-slots/settings').then((answer) => answer.data);

/** POST /api/delivery-slots/settings: the whole set at once (no slots turns them off). */
export const saveSlotSettings = (body: SlotSettingsBody) =>
  call('POST /api/delivery-slots/settings', { body }).then((answer) => answer.data);
