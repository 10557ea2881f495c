import type { SmsStatus, SmsTestBody } from '@bazar/contracts/sms';
import { api } from '../../lib/api';

/** Setting's SMS card: the gateway's state today (GET /api/sms/status). */
export const smsStatusKey = ['admin', 'sms-status'] as const;

export const fetchSmsStatus = () =>
  api.get<{ data: SmsStatus }>('/api/sms/status').then((answer) => answer.data);

/** POST /api/sms/test: queues a test SMS to this number (422 for a number that is not a mobile). */
export const sendTestSms = (body: SmsTestBody) => api.post<{ message: string }>('/api/sms/test', body);
