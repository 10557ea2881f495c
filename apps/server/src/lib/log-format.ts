/**
 * Readable log lines for a person watching a terminal (`npm start` on the shop's computer). pino
 * writes one JSON line per call; this stream turns each into
 *
 *   10:32:01.482 INFO  201 POST /api/order/add 48.2 ms  user 7  req-3f
 *   10:32:05.003 WARN  SMS_DRIVER=log: no SMS reaches a phone…
 *
 * with the error's stack below its line. Production (stdout not a terminal, or LOG_FORMAT=json) keeps
 * pino's JSON lines for the log collector.
 */

type Out = { write(text: string): unknown };

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const COLORS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields each line shows in its own way, or not at all (pino's own). */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'v']);
const REQUEST_FIELDS = new Set(['method', 'url', 'route', 'status', 'ms', 'userId']);

const pad2 = (n: number) => String(n).padStart(2, '0');

function clock(time: unknown): string {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

function value(v: unknown): string {
  if (typeof v === 'string') return /\s|"/.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v) ?? String(v);
}

/** One pino JSON line as a readable line (or the text as it came, when it is not JSON). */
export function prettyLine(json: string, colors = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  let name = LEVELS[level] ?? String(entry.level);
  if (colors) name = `\u001b[${COLORS[level] ?? '0'}m${name}\u001b[0m`;
  const isRequest = entry.msg === 'request' && 'status' in entry && 'method' in entry;
  const parts = [clock(entry.time), name];
  if (isRequest) {
    parts.push(String(entry.status), String(entry.method), String(entry.url), `${String(entry.ms)} ms`);
    if (entry.userId !== undefined) parts.push(` user ${String(entry.userId)}`);
  } else if (entry.msg !== undefined) {
    parts.push(String(entry.msg));
  }
  const extras = Object.entries(entry).filter(
    ([k]) => !SHOWN.has(k) && !(isRequest && REQUEST_FIELDS.has(k)),
  );
  for (const [k, v] of extras) parts.push(`${k}=${value(v)}`);
  if (entry.reqId !== undefined) parts.push(` ${String(entry.reqId)}`);
  let text = parts.join(' ');
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  if (err && typeof err === 'object') {
    const detail = typeof err.stack === 'string' ? err.stack : String(err.message);
    text += `\n${detail.replace(/^/gm, '    ')}`;
  }
  return `${text}\n`;
}

/** A destination for pino that writes readable lines to `out` (process.stdout). */
export function prettyStream(out: Out, colors: boolean): { write(line: string): void } {
  return {
    write(line: string) {
      out.write(prettyLine(line.trimEnd(), colors));
    },
  };
}
