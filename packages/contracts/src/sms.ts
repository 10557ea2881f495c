import { z } from 'zod';
import { phoneSchema } from './common';
import { ID_MAX, id, wholeNumber } from './numbers';

export const smsListItem = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });
export const smsList = z.object({
  id: z.number().int(),
  title: z.string(),
  /** How many numbers the list holds. */
  count: z.number().int(),
});
export const smsListDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  items: z.array(smsListItem),
});
export type SmsList = z.infer<typeof smsList>;
export type SmsListDetail = z.infer<typeof smsListDetail>;

export const smsListAddBody = z.object({
  title: z
    .string({ error: 'The title field is required.' })
    .trim()
    .min(1, 'The title field is required.')
    .max(100, 'The title may not be greater than 100 characters.'),
});

export const smsItemAddBody = z.object({
  name: z.string().trim().max(100).default(''),
  phone: phoneSchema,
  list_id: id('json', 'list'),
});

/** `POST /api/sms-send/{listId}`: list 0 means every customer. */
export const smsSendParams = z.object({ listId: wholeNumber('text', 'list', 0, ID_MAX) });
