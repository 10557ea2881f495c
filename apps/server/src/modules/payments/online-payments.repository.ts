import { sql, type SQL } from 'drizzle-orm';
import type { OnlinePayment, OnlinePaymentState } from '@bazar/contracts/payments';
import type { DbOrTx } from '../../db/client';
import { withinShopDays } from '../../lib/shop-day';

/** An attempt still started this long after it began needs the owner's eye (the shop keeps asking). */
const STALE_PENDING_MINUTES = 15;

export type OnlinePaymentFilter = {
  from?: string | undefined;
  to?: string | undefined;
  tz: string;
  state?: OnlinePaymentState | undefined;
  gateway?: 'bkash' | 'sslcommerz' | undefined;
};

/** Each attempt with its order's customer, what of it is still on its way back, and its state for the owner. */
const ATTEMPTS = sql`
  SELECT a.id, a.order_id, o.name AS customer, o.phone, a.gateway, a.amount, a.refunded,
    coalesce(r.pending, 0)::int AS refund_pending, a.trx_id, a.detail, a.checks,
    a.created_at, a.updated_at,
    CASE
      WHEN a.status = 'completed' AND coalesce(r.pending, 0) > 0 THEN 'refund_pending'
      WHEN a.status = 'completed' AND a.refunded >= a.amount THEN 'refunded'
      WHEN a.status = 'completed' THEN 'paid'
      WHEN a.status = 'started' THEN 'pending'
      WHEN a.status = 'failed' AND a.detail LIKE 'amount mismatch%' THEN 'mismatch'
      ELSE a.status
    END AS state
  FROM payment_attempts a
  JOIN orders o ON o.id = a.order_id
  LEFT JOIN (
    SELECT attempt_id, sum(amount) AS pending FROM payment_refunds WHERE state = 'pending' GROUP BY attempt_id
  ) r ON r.attempt_id = a.id`;

/** Needs attention: a refund waiting for the gateway's word, or an attempt pending for 15 minutes or more. */
const ATTENTION = sql`(x.state = 'refund_pending' OR (x.state = 'pending'
  AND x.created_at < now() - ${STALE_PENDING_MINUTES} * interval '1 minute'))`;

function whereOf(f: OnlinePaymentFilter): SQL {
  const parts: SQL[] = [
    ...withinShopDays(sql`x.created_at`, f.tz, f.from, f.to),
    ...(f.state ? [sql`x.state = ${f.state}`] : []),
    ...(f.gateway ? [sql`x.gateway = ${f.gateway}`] : []),
  ];
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

type Row = Omit<OnlinePayment, 'created' | 'updated'> & {
  created_at: Date | string;
  updated_at: Date | string;
};
const iso = (value: Date | string) => new Date(value).toISOString();

/** One page of the attempts of a filter, newest first, and how many of the whole filter need attention. */
export async function pageOnlinePayments(
  db: DbOrTx,
  f: OnlinePaymentFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: OnlinePayment[]; total: number; totals: { attention: number } }> {
  const where = whereOf(f);
  const [rows, counted] = await Promise.all([
    db.execute<Row>(sql`SELECT * FROM (${ATTEMPTS}) x WHERE ${where} ORDER BY x.id DESC
      LIMIT ${window.limit} OFFSET ${window.offset}`),
    db.execute<{ total: number; attention: number }>(sql`SELECT count(*)::int AS total,
      (count(*) FILTER (WHERE ${ATTENTION}))::int AS attention FROM (${ATTEMPTS}) x WHERE ${where}`),
  ]);
  return {
    rows: rows.rows.map(({ created_at, updated_at, ...r }) => ({
      ...r,
      created: iso(created_at),
      updated: iso(updated_at),
    })),
    total: counted.rows[0]?.total ?? 0,
    totals: { attention: counted.rows[0]?.attention ?? 0 },
  };
}

/** How many attempts need attention now (the dashboard and /metrics). */
export async function attentionCount(db: DbOrTx): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (${ATTEMPTS}) x WHERE ${ATTENTION}`,
  );
  return res.rows[0]?.n ?? 0;
}
