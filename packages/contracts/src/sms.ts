import { z } from 'zod';
import { required, tooLong } from './messages';
import { phoneSchema } from './common';
import { id } from './numbers';

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
    .string({ error: required('title') })
    .trim()
    .min(1, required('title'))
    .max(100, tooLong('title', 100)),
});

export const smsItemAddBody = z.object({
  name: z.string().trim().max(100).default(''),
  phone: phoneSchema,
  list_id: id('json', 'list'),
});

/** `POST /api/sms-send/{listId}`: list 0 means every customer. */
export const smsSendParams = z.object({ listId: id('text', 'list', 0) });

/** The SMS drivers SMS_DRIVER may name: a demo's log, a custom HTTP hook, or a Bangladeshi gateway. */
export const SMS_DRIVERS = ['log', 'http', 'sslwireless', 'bulksmsbd', 'alpha'] as const;
export type SmsDriverName = (typeof SMS_DRIVERS)[number];

/** One message that failed: given up, or still `retrying`. Only the number's last 3 digits leave the server. */
export const smsFailure = z.object({
  id: z.number().int(),
  phone_end: z.string(),
  /** When it was queued (ISO, UTC). */
  queued_at: z.string(),
  /** The gateway's reason, as it gave it. */
  reason: z.string(),
  retrying: z.boolean(),
});
export type SmsFailure = z.infer<typeof smsFailure>;

/** Setting's SMS card (`GET /api/sms/status`): the gateway in use and today's messages. */
export const smsStatus = z.object({
  driver: z.enum(SMS_DRIVERS),
  /** Taken by the gateway since the shop's midnight. */
  sent_today: z.number().int(),
  /** Queued today, every kind: what counts against the daily budget. */
  queued_today: z.number().int(),
  budget: z.number().int(),
  /** Waiting to be sent, or to be tried again (any day). */
  waiting: z.number().int(),
  /** Queued today and given up. */
  failed_today: z.number().int(),
  /** The most recent failures, newest first. */
  failures: z.array(smsFailure),
});
export type SmsStatus = z.infer<typeof smsStatus>;

/** `POST /api/sms/test`: a test SMS to this number, through the outbox like any other. */
export const smsTestBody = z.object({ phone: phoneSchema });
export type SmsTestBody = z.infer<typeof smsTestBody>;
