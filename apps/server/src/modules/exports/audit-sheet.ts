import type { DbOrTx } from '../../db/client';
import { shopTime } from '../../lib/shop-day';
import { BATCH, inBatches, sheet, type Column, type Sheet } from '../../lib/spreadsheet';
import { auditBatch, type AuditExportRow, type AuditFilter } from '../audit/audit.repository';

const columns = (tz: string): ReadonlyArray<Column<AuditExportRow>> => [
  { header: 'ID', kind: 'int', value: (e) => e.id },
  { header: 'Time', kind: 'time', value: (e) => shopTime(e.at, tz) },
  { header: 'Staff ID', kind: 'int', value: (e) => e.staffId },
  { header: 'Staff', kind: 'text', width: 20, value: (e) => e.staffName ?? '' },
  { header: 'Role', kind: 'text', width: 12, value: (e) => e.role ?? '' },
  { header: 'Action', kind: 'text', width: 18, value: (e) => e.action },
  { header: 'Entity', kind: 'text', width: 12, value: (e) => e.entity },
  { header: 'Entity ID', kind: 'text', width: 14, value: (e) => e.entityId ?? '' },
  // `{ field: [before, after] }` as JSON: exactly what the trail holds.
  { header: 'Changes', kind: 'text', width: 50, value: (e) => JSON.stringify(e.changes) },
  { header: 'IP', kind: 'text', width: 16, value: (e) => e.ip ?? '' },
  { header: 'Till', kind: 'text', width: 8, value: (e) => e.till ?? '' },
  // The row's place in the chain and its hash, to check a copy against the shop's.
  { header: 'Seq', kind: 'int', value: (e) => e.seq },
  { header: 'Hash', kind: 'text', width: 20, value: (e) => e.hash ?? '' },
];

/** The audit trail of a filter, newest first, every event. */
export function auditSheet(tx: DbOrTx, filter: AuditFilter): Sheet {
  const rows = inBatches(
    (before: number | undefined) => auditBatch(tx, filter, before, BATCH),
    (last) => last.id,
  );
  return sheet('Audit', columns(filter.tz), rows);
}
