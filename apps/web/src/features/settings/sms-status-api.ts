import type { SmsTestBody } from '@bazar/contracts/sms';
import { call } from '../../lib/api';

/** Setting's SMS card: the gateway's state today (GET /api/sms/status). */
export const smsStatusKey = ['admin', 'sms-status'] as const;

export const fetchSmsStatus = () => call('GET /api/sms/status').then((answer) => answer.data);

/** POST /api/sms/test: queues a test SMS to this number (422 for a number that is not a mobile). */
export const sendTestSms = (body: SmsTestBody) => call('POST /api/sms/test', { body });
