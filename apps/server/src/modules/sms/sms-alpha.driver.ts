import { z } from 'zod';
import {
  codeError,
  gatewayUrl,
  msisdn,
  postToGateway,
  unreadable,
  type GatewayOptions,
  type SmsDriver,
  type GatewayCodes,
} from './sms-gateway';

/*
 * Alpha SMS (sms.net.bd, Alpha Net), what we found (2026-11-27):
 *
 * - Request: POST https://api.sms.net.bd/sendsms with api_key, msg, to and optional sender_id (and
 *   schedule, content_id we do not use). github.com/smsnetbd/sms-net-bd-php SMSNETBD.class.php
 *   (Alpha Net's own client: apiUrl https://api.sms.net.bd, path /sendsms, POST fields; `to` takes
 *   "01800000000,8801700000000", the readme). We send a urlencoded form with 8801XXXXXXXXX.
 * - Unicode: no parameter. The text goes as UTF-8 and the gateway picks the encoding (Alpha Net's
 *   clients send Bangla the same way as English).
 * - Answer: JSON {"error":0,"msg":"Request successfully submitted","data":{"request_id":…}}; a
 *   failure is {"error":<code>,"msg":"…"}. The Laravel package (github.com/smsnetbd/sms-net-bd-laravel
 *   readme): "If the API response has an error (error != 0), an exception is thrown with the error
 *   message".
 * - Codes (sms.net.bd/api's table, as copied in Alpha Net's NuGet readme and many integrations):
 *   400 missing or invalid parameter; 403 no permission; 404 not found; 405 authorization required
 *   (bad API key); 409 unknown server error; 410 account expired; 411 reseller account expired or
 *   suspended; 412 invalid schedule; 413 invalid sender id; 414 message empty; 415 message too
 *   long; 416 no valid number found; 417 insufficient balance; 420 content blocked; 421 only to the
 *   registered number until the first recharge.
 * - No client message id: a lost answer cannot be deduplicated, so a timeout is not sent again.
 */

export const ALPHA_SMS_URL = 'https://api.sms.net.bd';

const GATEWAY = 'Alpha SMS';

const CODES: GatewayCodes = {
  400: ['retry', 'missing or invalid parameter'],
  403: ['config', 'no permission for this request'],
  404: ['config', 'not found (check SMS_BASE_URL)'],
  405: ['config', 'authorization required (check the API key)'],
  409: ['retry', 'unknown error at the gateway'],
  410: ['config', 'account expired'],
  411: ['config', 'reseller account expired or suspended'],
  412: ['retry', 'invalid schedule'],
  413: ['config', 'invalid sender id'],
  414: ['permanent', 'message is empty'],
  415: ['permanent', 'message is too long'],
  416: ['permanent', 'no valid number found'],
  417: ['config', 'insufficient balance'],
  420: ['permanent', 'content blocked'],
  421: ['config', 'only the registered number until the first recharge'],
};

const answerSchema = z.object({ error: z.coerce.number(), msg: z.string().nullish() });

/** Alpha SMS: one form POST per message; see the notes at the top of this file. */
export function alphaSmsDriver(opts: GatewayOptions): SmsDriver {
  const url = gatewayUrl(opts.baseUrl, '/sendsms');
  return {
    async send({ to, message }) {
      const answer = await postToGateway({
        gateway: GATEWAY,
        url,
        body: new URLSearchParams({
          api_key: opts.apiKey,
          msg: message,
          to: msisdn(to, GATEWAY),
          ...(opts.senderId && { sender_id: opts.senderId }),
        }),
        timeoutMs: opts.timeoutMs ?? 10_000,
        idempotent: false,
      });
      const parsed = answerSchema.safeParse(answer.json);
      if (!parsed.success) throw unreadable(GATEWAY, answer);
      const { error: code, msg } = parsed.data;
      if (code === 0) return;
      throw codeError(GATEWAY, CODES, code, msg);
    },
  };
}
