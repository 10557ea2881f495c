/**
 * Ids the browser makes for what it sends until the server has it (a till's sale, a rider's step):
 * the server keeps each once, however often it arrives.
 */

/**
 * A v4 UUID for a sale, a line, a payment or a rider's step. `crypto.randomUUID` exists only on HTTPS or localhost;
 * a screen opened over plain HTTP on the shop's network makes one from `getRandomValues`.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True for an id the server takes as a sale's `client_id`. */
export const isClientId = (value: string | null | undefined): value is string => !!value && UUID.test(value);
