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
 * BulkSMSBD (bulksmsbd.net), what we found (2026-11-27):
 *
 * - Request: GET or POST http://bulksmsbd.net/api/smsapi with api_key, type, number, senderid,
 *   message (https://bulksmsbd.com/bulksms-api-bangladesh.php: "api_key=(APIKEY)&type=text&number=
 *   (NUMBER)&senderid=(Approved Sender ID)&message=(Message Content)"; number as 88017XXXXXXXX,
 *   several separated by commas). We POST a form over https (the key stays out of URLs and logs;
 *   https://bulksmsbd.net/api/smsapi is used by other integrations too).
 * - Unicode: `type` is `text` for a plain text and `unicode` for Bangla. BulkSMSBD's page only
 *   shows type=text; `unicode` is the value the same panel software documents for Bangla ("type:
 *   text/unicode — text for normal SMS/unicode for Bangla SMS", e.g. https://smsd.one/api/). We send
 *   `text` only when every character is ASCII.
 * - Answer: JSON {"response_code":202,"message_id":…,"success_message":"SMS Submitted Successfully",
 *   "error_message":""}; an error has another response_code and its error_message (copies of the
 *   answer in several integrations found by the code search). Older accounts answer the bare code.
 * - Codes (the same page): 202 submitted; 1001 invalid number; 1002 sender id not correct or
 *   disabled; 1003 required fields missing; 1005 internal error; 1006 balance validity not
 *   available; 1007 balance insufficient; 1011 user id not found; 1012 masking SMS must be sent in
 *   Bengali; 1013–1017 no gateway or price for this sender id; 1018 account disabled; 1019 price
 *   disabled; 1020–1021 parent account or its price not found; 1031 account not verified; 1032 IP
 *   not whitelisted.
 * - No client message id: a request whose answer is lost cannot be deduplicated, so a timeout is
 *   not sent again (sms-gateway.ts postToGateway, `idempotent: false`).
 */

export const BULKSMSBD_URL = 'https://bulksmsbd.net/api';

const GATEWAY = 'BulkSMSBD';
const SUBMITTED = 202;

const CODES: GatewayCodes = {
  1001: ['permanent', 'Invalid Number'],
  1002: ['config', 'sender id not correct/sender id is disabled'],
  1003: ['retry', 'Please Required all fields/Contact Your System Administrator'],
  1005: ['retry', 'Internal Error'],
  1006: ['config', 'Balance Validity Not Available'],
  1007: ['config', 'Balance Insufficient'],
  1011: ['config', 'User Id not found'],
  1012: ['permanent', 'Masking SMS must be sent in Bengali'],
  1013: ['config', 'Sender Id has not found Gateway by api key'],
  1014: ['config', 'Sender Type Name not found using this sender by api key'],
  1015: ['config', 'Sender Id has not found Any Valid Gateway by api key'],
  1016: ['config', 'Sender Type Name Active Price Info not found by this sender id'],
  1017: ['config', 'Sender Type Name Price Info not found by this sender id'],
  1018: ['config', 'The Owner of this (username) Account is disabled'],
  1019: ['config', 'The (sender type name) Price of this (username) Account is disabled'],
  1020: ['config', 'The parent of this account is not found.'],
  1021: ['config', 'The parent active (sender type name) price of this account is not found.'],
  1031: ['config', 'Your Account Not Verified, Please Contact Administrator.'],
  1032: ['config', 'IP Not whitelisted'],
};

const answerSchema = z.union([
  z.object({ response_code: z.coerce.number(), error_message: z.string().nullish() }),
  // The bare code.
  z.number().transform((code) => ({ response_code: code, error_message: undefined })),
]);

/** `unicode` for a text with any character beyond ASCII (Bangla above all), else `text`. */
const bulkSmsBdType = (message: string) => (/^[\x20-\x7e\r\n]*$/.test(message) ? 'text' : 'unicode');

/** BulkSMSBD: one form POST per message; see the notes at the top of this file. */
export function bulkSmsBdDriver(opts: GatewayOptions): SmsDriver {
  const url = gatewayUrl(opts.baseUrl, '/smsapi');
  return {
    async send({ to, message }) {
      const answer = await postToGateway({
        gateway: GATEWAY,
        url,
        body: new URLSearchParams({
          api_key: opts.apiKey,
          type: bulkSmsBdType(message),
          number: msisdn(to, GATEWAY),
          senderid: opts.senderId ?? '',
          message,
        }),
        timeoutMs: opts.timeoutMs ?? 10_000,
        idempotent: false,
      });
      const parsed = answerSchema.safeParse(answer.json);
      if (!parsed.success) throw unreadable(GATEWAY, answer);
      const { response_code: code, error_message: error } = parsed.data;
      if (code === SUBMITTED) return;
      throw codeError(GATEWAY, CODES, code, error);
    },
  };
}
