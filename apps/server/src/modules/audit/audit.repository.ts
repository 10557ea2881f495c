import { and, asc, count, desc, eq, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { DbOrTx, RawQuery } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { withinShopDays } from '../../lib/shop-day';

/** Who did it and from where: a member of staff (or nobody, for a failed sign-in), their address, their till. */
export type AuditActor = {
  staffId: number | null;
  role: string | null;
  ip: string | null;
  till?: string | null;
};

export type AuditEvent = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** `{ field: [before, after] }` of the fields that changed, or the event's details. */
  changes?: Record<string, unknown>;
};

/** Records one event, in the transaction of the change it records. */
export async function recordAudit(db: DbOrTx, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    staffId: actor.staffId,
    role: actor.role,
    ip: actor.ip,
    till: actor.till ?? null,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
    changes: event.changes ?? {},
  });
}

/** The same on a raw transaction's connection (an order's placing, orders/place.service.ts). */
export async function recordAuditRaw(query: RawQuery, actor: AuditActor, event: AuditEvent): Promise<void> {
  await query(
    `INSERT INTO audit_events (staff_id, role, ip, till, action, entity, entity_id, changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      actor.staffId,
      actor.role,
      actor.ip,
      actor.till ?? null,
      event.action,
      event.entity,
      event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
      JSON.stringify(event.changes ?? {}),
    ],
  );
}

/** The fields that differ between two records, as `{ field: [before, after] }` (none: empty). */
export function changed<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(before[key]))
      out[key] = [before[key], value];
  }
  return out;
}

type Row = typeof auditEvents.$inferSelect;

/** The hash of a sealed row: its content, its place and the hash of the row before it. */
function hashOf(row: Row, seq: number, prevHash: string | null): string {
  const content = [
    seq,
    row.id,
    row.at.toISOString(),
    row.staffId,
    row.role,
    row.ip,
    row.till,
    row.action,
    row.entity,
    row.entityId,
    row.changes,
    prevHash,
  ];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** Only one sealer at a time, on any app server. */
const SEAL_LOCK = 1518;

/**
 * Seals the committed rows not sealed yet, oldest first, each after the last sealed row: returns
 * how many. A row of a transaction still running is not visible here; it is sealed in a later
 * round, after the rows sealed before it, so the chain's order is the order rows were sealed and
 * no row can ever go in before a sealed one.
 */
export async function sealCommitted(db: DbOrTx, batch = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const [got] = (
      await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${SEAL_LOCK}) AS ok`)
    ).rows;
    if (!got?.ok) return 0;
    const rows = await tx
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.seq} IS NULL`)
      .orderBy(asc(auditEvents.id))
      .limit(batch);
    if (!rows.length) return 0;
    const [last] = await tx
      .select({ seq: auditEvents.seq, hash: auditEvents.hash })
      .from(auditEvents)
      .where(isNotNull(auditEvents.seq))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    let seq = last?.seq ?? 0;
    let prev = last?.hash ?? null;
    for (const row of rows) {
      seq += 1;
      const hash = hashOf(row, seq, prev);
      await tx.update(auditEvents).set({ seq, prevHash: prev, hash }).where(eq(auditEvents.id, row.id));
      prev = hash;
    }
    return rows.length;
  });
}

/**
 * Walks the chain in order and recomputes every hash: the first row whose content, place or link
 * does not match (an edited row, a removed one, a row put in) is named.
 */
export async function verifyChain(
  db: DbOrTx,
): Promise<{ ok: boolean; checked: number; first_broken_id: number | null }> {
  let prev: string | null = null;
  let expected = 1;
  let checked = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(isNotNull(auditEvents.seq), sql`${auditEvents.seq} > ${after}`))
      .orderBy(asc(auditEvents.seq))
      .limit(2000);
    if (!rows.length) return { ok: true, checked, first_broken_id: null };
    for (const row of rows) {
      const seq = row.seq ?? 0;
      if (seq !== expected || row.prevHash !== prev || row.hash !== hashOf(row, seq, prev)) {
        return { ok: false, checked, first_broken_id: row.id };
      }
      prev = row.hash;
      expected += 1;
      checked += 1;
      after = seq;
    }
  }
}

export type AuditFilter = {
  /** Shop days (YYYY-MM-DD) in the shop's time zone `tz`; either end may be left out. */
  from?: string | undefined;
  to?: string | undefined;
  tz: string;
  staffId?: number | undefined;
  action?: string | undefined;
  entity?: string | undefined;
};

function whereOf(f: AuditFilter): SQL | undefined {
  return and(
    ...withinShopDays(auditEvents.at, f.tz, f.from, f.to),
    f.staffId !== undefined ? eq(auditEvents.staffId, f.staffId) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.entity ? eq(auditEvents.entity, f.entity) : undefined,
  );
}

/** One page of the trail, newest first, with the person's name. */
export async function pageAudit(db: DbOrTx, f: AuditFilter, window: { limit: number; offset: number }) {
  const where = whereOf(f);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: auditEvents.id,
        at: auditEvents.at,
        staff_id: auditEvents.staffId,
        staff_name: sql<string | null>`(SELECT u.name FROM users u WHERE u.id = "audit_events"."staff_id")`,
        role: auditEvents.role,
        ip: auditEvents.ip,
        till: auditEvents.till,
        action: auditEvents.action,
        entity: auditEvents.entity,
        entity_id: auditEvents.entityId,
        changes: auditEvents.changes,
      })
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total: counted?.n ?? 0 };
}

/** The trail's next `limit` events of a filter before `beforeId`, newest first (the download reads it all). */
export async function auditBatch(db: DbOrTx, f: AuditFilter, beforeId: number | undefined, limit: number) {
  return db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      staffId: auditEvents.staffId,
      staffName: sql<string | null>`(SELECT u.name FROM users u WHERE u.id = "audit_events"."staff_id")`,
      role: auditEvents.role,
      ip: auditEvents.ip,
      till: auditEvents.till,
      action: auditEvents.action,
      entity: auditEvents.entity,
      entityId: auditEvents.entityId,
      changes: auditEvents.changes,
      seq: auditEvents.seq,
      hash: auditEvents.hash,
    })
    .from(auditEvents)
    .where(and(whereOf(f), beforeId === undefined ? undefined : lt(auditEvents.id, beforeId)))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}

export type AuditExportRow = Awaited<ReturnType<typeof auditBatch>>[number];
