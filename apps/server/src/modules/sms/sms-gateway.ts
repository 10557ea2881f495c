/**
 * What every SMS driver shares: the message it is given, how it reports a failure to the sender
 * (sms.sender.ts decides from that whether to retry, wait or give up), and one HTTP call to a
 * gateway with a timeout that sorts network trouble into "safe to send again" or "unknown outcome".
 */

import { notSentCode } from '../../lib/outbound';

/** One outbox row to deliver. `id` and `queuedAt` name it uniquely, for gateways that take a client id. */
type OutgoingSms = { id: number; to: string; message: string; queuedAt: Date };

export interface SmsDriver {
  /** Resolves when the gateway accepted the message; rejects (best with an SmsSendError) otherwise. */
  send(sms: OutgoingSms): Promise<void>;
}

/** A gateway account: its key, the approved sender id (masking name or number), where its API is. */
export type GatewayOptions = {
  apiKey: string;
  senderId?: string;
  baseUrl: string;
  /** Per request (10 s); tests use a short one. */
  timeoutMs?: number;
};

/**
 * What a failure means for the message:
 * - `retry`: may go through later (a 5xx, a network error, an answer we cannot read): again with
 *   backoff; counts toward giving up.
 * - `throttled`: the gateway asks to slow down (429, a TPS limit): again after `retryAfterMs` (or
 *   the backoff); does not count.
 * - `config`: the shop's account or setup is wrong (API key, sender id, balance, IP whitelist): keeps
 *   trying every few minutes, never given up, so nothing is lost once the owner fixes it.
 * - `permanent`: can never go (an invalid number, a refused text), or sending again could charge
 *   twice (no answer from a gateway without a client message id): given up at once.
 */
export type SmsFailure = 'retry' | 'throttled' | 'config' | 'permanent';

export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly failure: SmsFailure,
    /** The gateway's Retry-After, when it sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** Bangladeshi gateways take the number with the country code and no plus: 8801XXXXXXXXX. */
export function msisdn(phone: string, gateway: string): string {
  if (!/^01[3-9]\d{8}$/.test(phone)) {
    throw new SmsSendError(`${gateway}: ${phone} is not a Bangladeshi mobile number`, 'permanent');
  }
  return `88${phone}`;
}

/** Retry-After as milliseconds (seconds or an HTTP date), at most an hour; undefined when absent. */
export function retryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) * 1000 : Date.parse(header) - now;
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), 3_600_000) : undefined;
}

export type GatewayAnswer = { status: number; text: string; json: unknown };

/**
 * POSTs to a gateway and reads its answer. A 429 is `throttled`, a 5xx `retry` (both with the
 * gateway's Retry-After); any other answer is returned for the driver to read. A network failure
 * before the request was sent is `retry`. After it may have been sent (a timeout, a dropped
 * connection), the outcome is unknown: `retry` when the gateway deduplicates by a client message id
 * (`idempotent`), else `permanent`, so a message is never paid for twice.
 */
export async function postToGateway(call: {
  gateway: string;
  url: string;
  body: URLSearchParams | string;
  contentType?: string;
  timeoutMs: number;
  idempotent: boolean;
}): Promise<GatewayAnswer> {
  let status: number;
  let text: string;
  let retryAfterHeader: string | null;
  try {
    const res = await fetch(call.url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        ...(call.contentType && { 'content-type': call.contentType }),
      },
      body: call.body,
      // A redirect (http to https, a moved API) is an answer to read, not a request to send again.
      redirect: 'manual',
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    status = res.status;
    retryAfterHeader = res.headers.get('retry-after');
    text = await res.text();
  } catch (err) {
    const code = notSentCode(err);
    if (code) {
      throw new SmsSendError(`${call.gateway} could not be reached (${code})`, 'retry');
    }
    const what =
      err instanceof Error && err.name === 'TimeoutError'
        ? `${call.gateway} did not answer within ${Math.round(call.timeoutMs / 100) / 10} s`
        : `${call.gateway} dropped the connection${code ? ` (${code})` : ''}`;
    if (call.idempotent) throw new SmsSendError(`${what}; sent again with the same message id`, 'retry');
    throw new SmsSendError(
      `${what}; not re-sent, so it is not charged twice (it may or may not have reached the phone)`,
      'permanent',
    );
  }
  if (status === 429) {
    throw new SmsSendError(
      `${call.gateway} asks to slow down (429)`,
      'throttled',
      retryAfter(retryAfterHeader),
    );
  }
  if (status >= 500) {
    throw new SmsSendError(`${call.gateway} answered ${status}`, 'retry', retryAfter(retryAfterHeader));
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, text, json };
}

/** A driver's table of its gateway's error codes: what each means for the message, and in words. */
export type GatewayCodes = Record<number, [SmsFailure, string]>;

/**
 * A gateway's error code as a failure: its kind and words from the driver's table (an unknown code
 * is tried again), the gateway's own text first when it sent one. `shown` is the code as reported.
 */
export function codeError(
  gateway: string,
  codes: GatewayCodes,
  code: number | undefined,
  text: string | null | undefined,
  shown: number = code ?? 0,
): SmsSendError {
  const [failure, meaning] = (code !== undefined && codes[code]) || ['retry', 'unknown error'];
  return new SmsSendError(`${gateway} ${shown}: ${text || meaning}`, failure);
}

/** The address of one of the gateway's calls: its base URL (any trailing slash) and the call's path. */
export const gatewayUrl = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;

/** An answer the driver could not read: tried again (bounded by the sender's attempts). */
export function unreadable(gateway: string, answer: GatewayAnswer): SmsSendError {
  const body = answer.text.replace(/\s+/g, ' ').trim().slice(0, 120);
  return new SmsSendError(
    `${gateway} answered ${answer.status} with ${body ? `"${body}"` : 'nothing'}, not a known answer`,
    'retry',
  );
}
