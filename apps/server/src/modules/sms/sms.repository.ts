import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { smsOutbox } from '../../db/schema';

/** A shop day in the shop's time zone: rows from its midnight on. */
export type ShopDay = { day: string; tz: string };
const since = ({ day, tz }: ShopDay) => sql`(${day}::date::timestamp AT TIME ZONE ${tz})`;

// Any constant works; every app server must use the same one.
const BUDGET_LOCK = 7_340_102;

/** Serialises the budget checks of codes and marketing until the caller's transaction ends. */
export async function lockBudget(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${BUDGET_LOCK})`);
}

/** SMS queued since the shop day began (every kind: the whole day's spend). */
export async function countOnDay(db: DbOrTx, day: ShopDay): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM sms_outbox WHERE created_at >= ${since(day)}`,
  );
  return res.rows[0]?.n ?? 0;
}

/** SMS queued to each of these phones since the shop day began. */
export async function countToPhones(
  db: DbOrTx,
  phones: string[],
  day: ShopDay,
): Promise<Map<string, number>> {
  if (phones.length === 0) return new Map();
  const res = await db.execute<{ to_phone: string; n: number }>(sql`
    SELECT to_phone, count(*)::int AS n FROM sms_outbox
    WHERE to_phone IN (${sql.join(
      phones.map((p) => sql`${p}`),
      sql`, `,
    )}) AND created_at >= ${since(day)}
    GROUP BY to_phone`);
  return new Map(res.rows.map((r) => [r.to_phone, r.n]));
}

/** How many different phones a `SELECT phone …` query yields. */
export async function countDistinctPhones(db: DbOrTx, phones: SQL): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`SELECT count(DISTINCT p.phone)::int AS n FROM (${phones}) AS p(phone)`,
  );
  return res.rows[0]?.n ?? 0;
}

export async function insertMessages(
  db: DbOrTx,
  messages: Array<{ to: string; message: string; kind: string; sensitive?: boolean; expiresAt?: Date }>,
  now: Date,
): Promise<void> {
  await db.insert(smsOutbox).values(
    messages.map((m) => ({
      toPhone: m.to,
      message: m.message,
      kind: m.kind,
      sensitive: m.sensitive ?? false,
      expiresAt: m.expiresAt ?? null,
      createdAt: now,
    })),
  );
}

/** One marketing message to every phone the query yields, de-duplicated; returns how many. */
export async function insertToAll(db: DbOrTx, phones: SQL, message: string, now: Date): Promise<number> {
  const res = await db.execute(sql`
    INSERT INTO sms_outbox (to_phone, message, kind, created_at)
    SELECT DISTINCT p.phone, ${message}, 'marketing', ${now}::timestamptz FROM (${phones}) AS p(phone)`);
  return res.rowCount ?? 0;
}

export type OutboxRow = {
  id: number;
  to_phone: string;
  message: string;
  attempts: number;
  created_at: Date;
};

/** A code's digits, once the code is sent or given up: nobody reading the outbox later can use it. */
/** A time as ISO text (UTC): raw statements give times back as PostgreSQL writes them. */
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const REDACTED = sql`CASE WHEN sensitive THEN regexp_replace(message, '[0-9]{4,}', '******', 'g') ELSE message END`;

/**
 * Claims up to `limit` due rows for this sender: counted as an attempt and leased for `leaseMs`,
 * skipping rows another sender holds. Expired rows (an old code) are given up instead of sent,
 * keeping the gateway's last refusal (an empty balance) in their reason.
 */
export async function claimDue(db: DbOrTx, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  await db.execute(sql`
    UPDATE sms_outbox SET status = 'failed', message = ${REDACTED},
      last_error = 'expired before it could be sent' || coalesce(' (last error: ' || last_error || ')', '')
    WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= now()`);
  const res = await db.execute<Omit<OutboxRow, 'created_at'> & { created_at: string }>(sql`
    UPDATE sms_outbox SET attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id IN (
      SELECT id FROM sms_outbox WHERE status = 'pending' AND next_attempt_at <= now()
        AND (expires_at IS NULL OR expires_at > now())
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, to_phone, message, attempts, ${iso(sql`created_at`)} AS created_at`);
  return res.rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));
}

/** The gateway took these: sent, and codes redacted. */
export async function markSent(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE sms_outbox SET status = 'sent', sent_at = now(), last_error = NULL, message = ${REDACTED}
    WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/**
 * A failed attempt: try again after `delayMs`, or give up for good (and redact a code). An attempt
 * that does not `count` (the gateway throttled us, or the shop's account needs fixing) is taken
 * back, so such a wait never uses up the attempts a message has against real failures.
 */
export async function markFailed(
  db: DbOrTx,
  id: number,
  error: string,
  outcome: { giveUp: boolean; delayMs: number; counts: boolean },
): Promise<void> {
  await db.execute(sql`
    UPDATE sms_outbox SET last_error = ${error.slice(0, 500)},
      status = ${outcome.giveUp ? 'failed' : 'pending'},
      attempts = attempts - ${outcome.counts ? 0 : 1},
      message = ${outcome.giveUp ? REDACTED : sql`message`},
      next_attempt_at = now() + make_interval(secs => ${outcome.delayMs / 1000})
    WHERE id = ${id}`);
}

// Rows the card reads: pending ones and those queued in the last week (both by index), so the card
// never scans the whole outbox; a message sent today after waiting more than a week is not counted.
const RECENT = (day: ShopDay) => sql`(status = 'pending' OR created_at >= ${since(day)} - interval '7 days')`;

/** Setting's SMS card: sent and given up today, queued today (the budget's count), waiting now. */
export async function dayCounts(
  db: DbOrTx,
  day: ShopDay,
): Promise<{ sent: number; queued: number; failed: number; waiting: number }> {
  const res = await db.execute<{ sent: number; queued: number; failed: number; waiting: number }>(sql`
    SELECT count(*) FILTER (WHERE status = 'sent' AND sent_at >= ${since(day)})::int AS sent,
      count(*) FILTER (WHERE created_at >= ${since(day)})::int AS queued,
      count(*) FILTER (WHERE status = 'failed' AND created_at >= ${since(day)})::int AS failed,
      count(*) FILTER (WHERE status = 'pending')::int AS waiting
    FROM sms_outbox WHERE ${RECENT(day)}`);
  return res.rows[0] ?? { sent: 0, queued: 0, failed: 0, waiting: 0 };
}

/** The newest messages that failed (given up, or pending with an error): only the number's last 3 digits. */
export async function recentFailures(db: DbOrTx, day: ShopDay, limit: number) {
  const res = await db.execute<{
    id: number;
    phone_end: string;
    queued_at: string;
    last_error: string;
    status: string;
  }>(sql`
    SELECT id, right(to_phone, 3) AS phone_end, ${iso(sql`created_at`)} AS queued_at, last_error, status
    FROM sms_outbox
    WHERE ${RECENT(day)} AND last_error IS NOT NULL AND status IN ('failed', 'pending')
    ORDER BY id DESC LIMIT ${limit}`);
  return res.rows;
}
