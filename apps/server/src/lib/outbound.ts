/** Network errors raised before a request left this machine: nothing reached the other side. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * The network error's code when a failed `fetch` to an outside service (SMS or payment gateway)
 * failed before its request was sent, so that sending it again cannot do the thing twice; undefined
 * otherwise (a timeout or a dropped connection: the request may have arrived).
 */
export function notSentCode(err: unknown): string | undefined {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' && NOT_SENT.has(cause.code) ? cause.code : undefined;
}
