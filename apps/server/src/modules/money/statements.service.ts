import type {
  StatementColumns,
  StatementMapping,
  StatementMatch,
  StatementMethod,
} from '@bazar/contracts/statements';
import { latinDigits } from '@bazar/contracts/numbers';
import { say } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { Invalid } from '../../lib/errors';
import { shopDay } from '../../lib/shop-day';
import { readTable, type TableRow } from '../../lib/table-file';
import * as repo from './statements.repository';

/** How many rows from the top may come before the header (a statement's title, account, period). */
const HEADER_WITHIN = 30;
const SAMPLE_ROWS = 5;

/**
 * A statement file as a table: merchant statements often start with a few lines (the account, the
 * period) before the header, so the header is the first row with three or more cells filled.
 */
async function statementTable(file: Buffer): Promise<{ header: string[]; rows: TableRow[] }> {
  const table = await readTable(file);
  const all: TableRow[] = [{ row: 1, cells: table.header }, ...table.rows];
  const at = all.slice(0, HEADER_WITHIN).findIndex((r) => r.cells.filter((c) => c !== '').length >= 3);
  if (at < 0) throw new Invalid('file', say('statements.noHeader'));
  return { header: all[at]!.cells, rows: all.slice(at + 1) };
}

const norm = (text: string) => text.trim().toLowerCase();

/** The columns a header's names suggest (bKash: "Trx ID", "Amount", "Date Time"; SSLCommerz: "bank_tran_id"…). */
function guess(header: string[]): StatementMapping | null {
  const find = (...patterns: RegExp[]) =>
    patterns.map((p) => header.find((h) => p.test(norm(h)))).find((h) => h !== undefined) ?? '';
  const trx = find(/^trx ?id$/, /transaction id/, /trx/, /txn/, /bank_tran_id/, /tran_id/, /reference/);
  const amount = find(/^amount/, /amount/, /taka|bdt/);
  const time = find(/date ?time/, /^date/, /time/, /date/);
  return trx && amount ? { trx, amount, time } : null;
}

/** The file's header, a few rows, and the columns remembered for the method (or guessed). */
export async function statementColumns(
  ctx: Ctx,
  method: StatementMethod,
  file: Buffer | undefined,
): Promise<StatementColumns> {
  if (!file) throw new Invalid('file', say('import.chooseFile'));
  const { header, rows } = await statementTable(file);
  const remembered = await repo.rememberedColumns(ctx.db, method);
  const fits = remembered && [remembered.trx, remembered.amount].every((c) => header.includes(c));
  return {
    header,
    sample: rows.slice(0, SAMPLE_ROWS).map((r) => r.cells),
    mapping: fits ? remembered : guess(header),
    remembered: Boolean(fits),
  };
}

/** An amount as statements write it: "1,250.00", "৳ 500", "(120.00)" or "-120" for money out. */
export function statementAmount(text: string): number | null {
  const t = latinDigits(text).replace(/[,\s৳]|bdt|tk\.?/gi, '');
  const negative = /^\(.*\)$/.test(t) || t.startsWith('-');
  const digits = t.replace(/[()+-]/g, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) return null;
  const n = Number(digits);
  return negative ? -n : n;
}

/** The calendar day a statement's time names: "2026-11-28 14:03", "28/11/2026 2:03 PM", "28-11-2026". */
export function statementDay(text: string): string | null {
  const t = latinDigits(text);
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/.exec(t);
  if (!dmy) return null;
  const [d, m, y] = [Number(dmy[1]), Number(dmy[2]), dmy[3]];
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

type Input = {
  method: StatementMethod;
  trx_column: string;
  amount_column: string;
  time_column: string;
  from?: string | undefined;
  to?: string | undefined;
};

/**
 * Matches a statement with the money ledger by transaction id (case and spaces aside): what both
 * have (and whether the amounts agree), what the shop recorded in the statement's days that it
 * lacks, and what it has that the shop never recorded (looked up over all days, so a payment
 * recorded a day later still matches). The columns are remembered for the method.
 */
export async function matchStatement(
  ctx: Ctx,
  input: Input,
  file: Buffer | undefined,
): Promise<StatementMatch> {
  if (!file) throw new Invalid('file', say('import.chooseFile'));
  const { header, rows } = await statementTable(file);
  const index = (name: string, field: string) => {
    const i = header.findIndex((h) => norm(h) === norm(name));
    if (i < 0) throw new Invalid(field, say('statements.noColumn', { column: name }));
    return i;
  };
  const trxAt = index(input.trx_column, 'trx_column');
  const amountAt = index(input.amount_column, 'amount_column');
  const timeAt = input.time_column ? index(input.time_column, 'time_column') : -1;

  let skipped = 0;
  const lines: StatementMatch['extra'] = [];
  for (const r of rows) {
    const reference = (r.cells[trxAt] ?? '').trim();
    const amount = statementAmount(r.cells[amountAt] ?? '');
    if (!reference || amount === null) {
      skipped++;
      continue;
    }
    lines.push({ row: r.row, reference, amount, time: timeAt < 0 ? '' : (r.cells[timeAt] ?? '') });
  }
  const days = lines
    .map((l) => statementDay(l.time))
    .filter((d): d is string => d !== null)
    .sort();
  const from = input.from || days[0];
  const to = input.to || days.at(-1) || from;
  if (!from || !to) throw new Invalid('from', say('statements.noDates'));

  const tz = ctx.config.shopTz;
  const key = (reference: string) => reference.trim().toUpperCase();
  const inDays = await repo.ledgerPayments(ctx.db, input.method, tz, from, to);
  const known = new Set(inDays.map((p) => key(p.reference)));
  const elsewhere = await repo.ledgerPaymentsByReference(ctx.db, input.method, [
    ...new Set(lines.map((l) => key(l.reference)).filter((k) => !known.has(k))),
  ]);
  // Each shop row matches one statement row: by id, in the order they were recorded.
  const waiting = new Map<string, repo.LedgerPayment[]>();
  for (const p of [...inDays, ...elsewhere])
    waiting.set(key(p.reference), [...(waiting.get(key(p.reference)) ?? []), p]);
  const toShop = (p: repo.LedgerPayment) => ({
    reference: p.reference,
    amount: p.amount,
    kind: p.kind,
    order_id: p.orderId,
    at: p.at.toISOString(),
  });

  const matched: StatementMatch['matched'] = [];
  const extra: StatementMatch['extra'] = [];
  for (const line of lines) {
    const found = waiting.get(key(line.reference))?.shift();
    if (!found) extra.push(line);
    else
      matched.push({
        shop: toShop(found),
        statement: line,
        differs: Math.round(Math.abs(line.amount)) !== Math.abs(found.amount),
      });
  }
  const missing = [...waiting.values()]
    .flat()
    .filter((p) => {
      const day = shopDay(p.at, tz);
      return day >= from && day <= to;
    })
    .map(toShop);

  await repo.rememberColumns(ctx.db, input.method, {
    trx: input.trx_column,
    amount: input.amount_column,
    time: input.time_column,
  });
  return { method: input.method, from, to, matched, missing, extra, skipped };
}
