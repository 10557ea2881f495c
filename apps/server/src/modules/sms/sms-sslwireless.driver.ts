import { z } from 'zod';
import {
  codeError,
  gatewayUrl,
  msisdn,
  postToGateway,
  SmsSendError,
  unreadable,
  type SmsDriver,
  type GatewayOptions,
  type GatewayCodes,
} from './sms-gateway';

/*
 * SSL Wireless ISMS Plus, API v3 (what we found, 2026-11-27; SSL's full PDF is given to customers,
 * so these come from SSL's own client and copies of its tables):
 *
 * - Request: POST {domain}/api/v3/send-sms, JSON {api_token, sid, msisdn, sms, csms_id}.
 *   github.com/sslw/ismsplus_api (SSL's PHP client: src/lib/SmsAbstract.php builds that JSON and
 *   posts it with content-type application/json). The domain is given by SSL; the one in use is
 *   https://smsplus.sslwireless.com (several integrations, e.g. github.com/Atiqul-Imon/scarlet-backend
 *   SSLWIRELESS_EXACT_CREDENTIALS.md).
 * - Fields: api_token up to 50 characters, sid (sender id / "stakeholder id") up to 20, msisdn up to
 *   16 digits as 8801XXXXXXXXX, sms up to 1000 characters, csms_id up to 20 characters and "unique
 *   for the same day only" (the v3.0.0 field table, copied in a public API catalogue found by the
 *   code search).
 * - Unicode: no flag. The text goes as UTF-8 and the gateway tells Bangla by itself: the answer's
 *   smsinfo[].sms_type is "EN" or "BN" (SSL's answer example; its client sends no type either).
 * - Answer: {status: "SUCCESS", status_code: 200, error_message: "", smsinfo: [{sms_status:
 *   "SUCCESS", status_message, msisdn, sms_type, sms_body, csms_id, reference_id}]}; a failure is
 *   {status: "FAILED", status_code: 4xxx, error_message} (github.com/ahsan-sami-turzo/bd_sms_microservice
 *   readme shows a real one: {"status":"FAILED","status_code":4003,"error_message":"IP Blacklisted"}).
 * - Codes: 4001 invalid token, 4002 sid not permitted, 4003 IP blacklisted, 4004 endpoint not
 *   found, 4005 invalid request format, 4020 invalid csms id, 4022 a required field missing,
 *   4023 duplicate csms id (same day), 4025 invalid MSISDN, 4026 blocked MSISDN, 4027 message too
 *   long, 4028 no SMS successful, 4029 too many requests, 4030 too many MSISDNs, 4031 TPS exceeded,
 *   5000 unknown error; per SMS: SUCCESS, INVALID (MSISDN | Length | CSMS ID), DUPLICATE (CSMS ID).
 *
 * Our use: csms_id is made from the outbox row (see csmsId), so a retry after a lost answer is
 * refused by SSL as a duplicate (4023) instead of sent and charged again; that refusal means SSL
 * already took the message, so it counts as sent. Hence a timeout here is safe to retry.
 */

export const SSL_WIRELESS_URL = 'https://smsplus.sslwireless.com';

const GATEWAY = 'SSL Wireless';

/** The codes' meaning, and what each does to the message. */
const CODES: GatewayCodes = {
  4001: ['config', 'invalid API token'],
  4002: ['config', 'this SID may not send SMS'],
  4003: ['config', "this server's IP address is blacklisted"],
  4004: ['config', 'API endpoint not found (check SMS_BASE_URL)'],
  4005: ['retry', 'invalid request format'],
  4020: ['retry', 'invalid CSMS ID'],
  4022: ['retry', 'a required field is missing'],
  4025: ['permanent', 'invalid mobile number'],
  4026: ['permanent', 'the mobile number is blocked'],
  4027: ['permanent', 'the message is too long'],
  4028: ['retry', 'no SMS was successful'],
  4029: ['throttled', 'too many requests'],
  4030: ['retry', 'too many numbers in one request'],
  4031: ['throttled', 'too many requests per second'],
  5000: ['retry', 'unknown error'],
};

const DUPLICATE_CSMS_ID = 4023;

const answerSchema = z.object({
  status: z.string().optional(),
  status_code: z.coerce.number().optional(),
  error_message: z.string().nullish(),
  smsinfo: z
    .array(z.object({ sms_status: z.string().optional(), status_message: z.string().nullish() }))
    .nullish(),
});

/**
 * The client message id of an outbox row: its id and the second it was queued, in at most 20
 * letters and digits ("bz" 10 + "t" + 6). The time keeps it unique even if ids start again (a
 * database restored from a backup) or two shops share one SSL account.
 */
export function csmsId(id: number, queuedAt: Date): string {
  return `bz${id}t${Math.floor(queuedAt.getTime() / 1000).toString(36)}`;
}

/** SSL Wireless: one POST per message with its csms_id; see the notes at the top of this file. */
export function sslWirelessDriver(opts: GatewayOptions): SmsDriver {
  const url = gatewayUrl(opts.baseUrl, '/api/v3/send-sms');
  return {
    async send({ id, to, message, queuedAt }) {
      const answer = await postToGateway({
        gateway: GATEWAY,
        url,
        contentType: 'application/json',
        body: JSON.stringify({
          api_token: opts.apiKey,
          sid: opts.senderId ?? '',
          msisdn: msisdn(to, GATEWAY),
          sms: message,
          csms_id: csmsId(id, queuedAt),
        }),
        timeoutMs: opts.timeoutMs ?? 10_000,
        idempotent: true,
      });
      const parsed = answerSchema.safeParse(answer.json);
      if (!parsed.success) throw unreadable(GATEWAY, answer);
      const { status, status_code: code, error_message: error, smsinfo } = parsed.data;
      const sms = smsinfo?.[0];
      const smsStatus = `${sms?.sms_status ?? ''} ${sms?.status_message ?? ''}`;
      // Sent before: the answer to that request was lost, and SSL kept the message.
      if (code === DUPLICATE_CSMS_ID || (/^DUPLICATE/i.test(smsStatus) && !/MSISDN/i.test(smsStatus))) return;
      if (status?.toUpperCase() === 'SUCCESS') {
        if (!sms || sms.sms_status?.toUpperCase() === 'SUCCESS') return;
        // The request was fine but this SMS was refused (INVALID MSISDN, Length, CSMS ID).
        throw new SmsSendError(`${GATEWAY} refused the SMS: ${smsStatus.trim()}`, 'permanent');
      }
      if (code === undefined && !error) throw unreadable(GATEWAY, answer);
      throw codeError(GATEWAY, CODES, code, error, code ?? answer.status);
    },
  };
}
