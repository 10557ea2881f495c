/**
 * One HTTP call to a payment gateway, with a timeout, sorting what went wrong by what it means for
 * the money: the request never left (`not-sent`: nothing happened at the gateway), it left and no
 * answer came back (`unknown`: the gateway may have done it, so ask it before deciding), the gateway
 * said no (`refused`), or the credentials were refused (`unauthorized`). Request bodies and headers
 * carry secrets: none of them goes into an error's message.
 */

import { notSentCode } from '../../lib/outbound';

export type GatewayFailure = 'not-sent' | 'unknown' | 'refused' | 'unauthorized';

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly failure: GatewayFailure,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** The gateway's answer: its HTTP status and its JSON (undefined when it was not JSON). */
export type GatewayAnswer = { status: number; json: unknown };

export async function callGateway(call: {
  gateway: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  timeoutMs: number;
}): Promise<GatewayAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(call.url, {
      method: call.method,
      headers: { accept: 'application/json', ...call.headers },
      ...(call.body !== undefined && { body: call.body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const code = notSentCode(err);
    if (code) throw new GatewayError(`${call.gateway} could not be reached (${code})`, 'not-sent');
    const what =
      err instanceof Error && err.name === 'TimeoutError'
        ? `${call.gateway} did not answer within ${Math.round(call.timeoutMs / 100) / 10} s`
        : `${call.gateway} dropped the connection${code ? ` (${code})` : ''}`;
    throw new GatewayError(what, 'unknown');
  }
  if (res.status === 401 || res.status === 403) {
    throw new GatewayError(`${call.gateway} refused the shop's credentials (${res.status})`, 'unauthorized');
  }
  if (res.status >= 500) throw new GatewayError(`${call.gateway} answered ${res.status}`, 'unknown');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (res.status >= 300 || json === undefined) {
    const body = text.replace(/\s+/g, ' ').trim().slice(0, 120);
    throw new GatewayError(
      `${call.gateway} answered ${res.status} with ${body ? `"${body}"` : 'nothing'}`,
      'refused',
    );
  }
  return { status: res.status, json };
}

/** A whole number of taka as the gateways write amounts: "123.00". */
export const gatewayAmount = (taka: number) => taka.toFixed(2);

/** A gateway's amount ("123.00", "123", 123) as whole taka; NaN when it is not one. */
export function takaOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isFinite(n) && Number.isInteger(n) ? n : NaN;
}
