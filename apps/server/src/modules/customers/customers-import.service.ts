import { randomBytes } from 'node:crypto';
import { ROLE } from '@bazar/contracts/common';
import { customerImportFields } from '@bazar/contracts/customers';
import { CUSTOMER_IMPORT_COLUMNS } from '@bazar/contracts/imports';
import { latinDigits } from '@bazar/contracts/numbers';
import type { z } from 'zod';
import { required, say } from '@bazar/contracts/messages';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { hashPassword, refCode } from '../../lib/crypto';
import { Conflict } from '../../lib/errors';
import {
  cellValue,
  matchColumns,
  ReportBuilder,
  RowCells,
  ungroup,
  type Columns,
  type SaidReport,
} from '../../lib/import-rows';
import { ImportRefused, type ImportUpload } from '../../lib/import-upload';
import { readTable } from '../../lib/table-file';
import { advancesSet } from '../money/money.repository';
import * as repo from './customers-import.repository';

type Col = (typeof CUSTOMER_IMPORT_COLUMNS)[number];
type Shape = typeof customerImportFields.shape;
type Values = { [K in Exclude<Col, 'phone'>]?: z.output<Shape[K]> };
type CustomerRow = { row: number; phone: string; values: Values; label: string };

/** Number columns: a blank cell keeps what an updated customer has (0 for a new one). */
const BLANK_KEEPS = new Set<Col>(['balance', 'point']);
const FIELDS = ['name', 'area', 'address', 'balance', 'point'] as const;

/** Excel drops the leading zero of a phone typed as a number (1712345678): it is put back. */
const phoneText = (text: string) => {
  const latin = latinDigits(text.trim());
  return /^1[3-9]\d{8}$/.test(latin) ? `0${latin}` : latin;
};

function readRow(cells: RowCells<Col>, report: ReportBuilder): CustomerRow {
  const row = cells.number;
  const values: Values = {};
  for (const field of FIELDS) {
    const text = cells.get(field);
    if (text === undefined || (text === '' && BLANK_KEEPS.has(field))) continue;
    const parsed = customerImportFields.shape[field].safeParse(
      cellValue(BLANK_KEEPS.has(field) ? ungroup(text) : text),
    );
    if (parsed.success) (values as Record<string, unknown>)[field] = parsed.data;
    else report.issues(row, cells.name(field), parsed.error);
  }
  const phone = customerImportFields.shape.phone.safeParse(phoneText(cells.get('phone') ?? ''));
  if (!phone.success) report.issues(row, cells.name('phone'), phone.error);
  const label = cells.get('name') || cells.get('phone') || '';
  return { row, phone: phone.success ? phone.data : '', values, label };
}

/**
 * Imports customers from a CSV or XLSX file, matched by phone: a match is updated (name, area,
 * address, balance, point as the file has them), any other phone becomes a new customer, as one
 * added at the till: unverified, with a password nobody knows (one random hash for the import;
 * they set their own with "forgot password"). Staff phones are refused. One transaction; a file
 * with errors changes nothing unless `skip_errors`.
 */
export async function importCustomers(ctx: Ctx, upload: ImportUpload, staffId: number): Promise<SaidReport> {
  const table = await readTable(upload.file);
  const columns = matchColumns(table, CUSTOMER_IMPORT_COLUMNS);
  if (columns.index.size > 0 && !columns.index.has('phone'))
    columns.errors.push({
      row: 1,
      field: 'phone',
      message: say('import.phoneColumn'),
    });
  const report = new ReportBuilder(columns.errors);
  const rows = table.rows.map((row) => {
    const cells = new RowCells(row, columns);
    for (const column of cells.extraCells(table.header.length))
      report.error({
        row: row.row,
        field: `column ${column}`,
        message: say('import.extraCells'),
      });
    return readRow(cells, report);
  });

  if (upload.options.dry_run) {
    const plan = await ctx.db.transaction((tx) => planImport(tx, rows, report, columns, false), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    return report.build({ dryRun: true, applied: false, rows: plan.rows });
  }
  // A hash of 24 random bytes nobody keeps: the new customers can sign in only after a reset.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  try {
    await ctx.db.transaction(async (tx) => {
      const plan = await planImport(tx, rows, report, columns, true);
      if (report.headerBroken || (report.errors.length > 0 && !upload.options.skip_errors))
        throw new ImportRefused(report.build({ dryRun: false, applied: false, rows: rows.length }));
      const codes = await refCodes(tx, plan.creates.length);
      const created = await repo.insertCustomers(
        tx,
        plan.creates.map((c, i) => ({ ...c, refCode: codes[i] as string })),
        passwordHash,
      );
      await repo.updateCustomers(tx, plan.updates);
      // The advances the file sets are the ledger's from here (a new account's from 0).
      const advances = [
        ...created.map((c) => ({ customerId: c.id, before: 0, after: c.balance })),
        ...plan.updates.map((u) => ({ customerId: u.id, before: u.before, after: u.balance })),
      ];
      await advancesSet(tx, advances, { userId: staffId }, 'imported');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(say('import.customerAdded'));
    throw err;
  }
  return report.build({ dryRun: false, applied: true, rows: rows.length });
}

type Plan = {
  rows: number;
  creates: Array<repo.CustomerValues & { phone: string }>;
  /** `before`: the advance the account had (the ledger's row is the change). */
  updates: Array<repo.CustomerValues & { id: number; before: number }>;
};

/** Judges every row against the accounts its phones have (locked when `lock`); writes nothing. */
async function planImport(
  db: DbOrTx,
  rows: CustomerRow[],
  report: ReportBuilder,
  columns: Columns<Col>,
  lock: boolean,
): Promise<Plan> {
  const accounts = await repo.accountsByPhone(
    db,
    [...new Set(rows.map((r) => r.phone).filter((p) => p !== ''))],
    lock,
  );
  const name = (column: Col) => columns.names.get(column) ?? column;
  const plan: Plan = { rows: rows.length, creates: [], updates: [] };
  const firstWith = new Map<string, number>();
  for (const r of rows) {
    const stored = r.phone ? accounts.get(r.phone) : undefined;
    if (r.phone) {
      const first = firstWith.get(r.phone);
      if (first === undefined) firstWith.set(r.phone, r.row);
      else
        report.error({ row: r.row, field: name('phone'), message: say('import.phoneTwice', { row: first }) });
    }
    if (stored && stored.role !== ROLE.customer)
      report.error({ row: r.row, field: name('phone'), message: say('import.staffPhone') });
    if (!stored && r.values.name === undefined && !columns.index.has('name'))
      report.error({ row: r.row, field: 'name', message: required('name') });
    if (report.hasErrors(r.row)) {
      report.result(r.row, 'error', r.label);
      continue;
    }
    const values: repo.CustomerValues = {
      name: r.values.name ?? stored?.name ?? '',
      area: r.values.area ?? stored?.area ?? '',
      address: r.values.address ?? stored?.address ?? '',
      balance: r.values.balance ?? stored?.balance ?? 0,
      point: r.values.point ?? stored?.point ?? 0,
    };
    if (!stored) {
      plan.creates.push({ ...values, phone: r.phone });
      report.result(r.row, 'create', r.label);
      continue;
    }
    const changed = FIELDS.some((f) => values[f] !== stored[f]);
    if (changed) plan.updates.push({ ...values, id: stored.id, before: stored.balance });
    report.result(r.row, changed ? 'update' : 'unchanged', r.label || stored.name);
  }
  return plan;
}

/** `n` referral codes no account has (and none twice). */
async function refCodes(db: DbOrTx, n: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < n) {
    const candidates = Array.from({ length: n - codes.size }, () => refCode());
    const taken = await repo.takenRefCodes(db, candidates);
    for (const c of candidates) if (!taken.has(c)) codes.add(c);
  }
  return [...codes];
}
