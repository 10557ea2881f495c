import type { Encoding } from './catalog-cache';

/**
 * Answers by Accept-Encoding text. Browsers send one of a handful of texts, each on every request:
 * parsing it once saves the work on every cached read. Bounded (a client may send any text).
 */
const remembered = new Map<string, Encoding | null>();
const MAX_REMEMBERED = 64;

/**
 * The compression a browser's Accept-Encoding asks for: brotli if it takes it, else gzip, else none.
 * A q of 0 refuses an encoding (`br;q=0`); `*` stands for any encoding not named.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  if (header === undefined) return null;
  const text = typeof header === 'string' ? header : header.join(',');
  let encoding = remembered.get(text);
  if (encoding === undefined) {
    encoding = negotiate(text);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(text, encoding);
  }
  return encoding;
}

function negotiate(text: string): Encoding | null {
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const br = weight(q, 'br');
  const gz = weight(q, 'gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

function weight(q: Map<string, number>, name: Encoding): number {
  return q.get(name) ?? q.get('*') ?? 0;
}
