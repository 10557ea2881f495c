import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { SmsCounts } from '../../lib/metrics';

/** The database answers a trivial query. */
export async function ping(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** The outbox's messages by status and the age of the oldest one waiting, at `now`. */
export async function smsCounts(db: DbOrTx, now: Date): Promise<SmsCounts> {
  const res = await db.execute<{ pending: number; sent: number; failed: number; oldest: number | null }>(sql`
    SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
           count(*) FILTER (WHERE status = 'sent')::int AS sent,
           count(*) FILTER (WHERE status = 'failed')::int AS failed,
           extract(epoch FROM ${now}::timestamptz - min(created_at) FILTER (WHERE status = 'pending'))::float8 AS oldest
    FROM sms_outbox`);
  const row = res.rows[0];
  return {
    pending: row?.pending ?? 0,
    sent: row?.sent ?? 0,
    failed: row?.failed ?? 0,
    oldestPendingSeconds: row?.oldest == null ? null : Math.max(0, row.oldest),
  };
}
