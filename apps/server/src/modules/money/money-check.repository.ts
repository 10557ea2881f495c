import { sql } from 'drizzle-orm';
import type { MoneyMismatch } from '@bazar/contracts/money.api';
import type { DbOrTx } from '../../db/client';

/**
 * The books against the money ledger, as `GET /api/stock/check` holds stock against its ledger:
 * every figure the shop keeps that the ledger also adds up, where the two differ (an empty list
 * when the books balance).
 * - `order_paid`: an order's paid against its payment, change and refund rows;
 * - `order_due`: an order's due against total − paid (packages/contracts money.ts orderAmounts);
 * - `payment`: a payment row against its ledger rows (taken less change, or given back);
 * - `customer_advance`: a customer's advance against their advance rows;
 * - `supplier_due`: a supplier's due against their purchases less what the ledger paid them;
 * - `supplier_payment`, `expense`, `drawer_move`: each document against its ledger rows;
 * - `shift_float`: a shift's opening float against its float row.
 * Read in one snapshot (REPEATABLE READ, by the caller) so a sale between two checks is no mismatch.
 */
const CHECKS = sql`
  WITH ledger_order AS (
    SELECT order_id, sum(amount) AS n FROM money_ledger
    WHERE kind IN ('payment', 'change', 'refund') AND order_id IS NOT NULL GROUP BY order_id),
  ledger_payment AS (
    SELECT payment_id, sum(amount) AS n FROM money_ledger
    WHERE kind IN ('payment', 'change', 'refund') AND payment_id IS NOT NULL GROUP BY payment_id),
  ledger_customer AS (
    SELECT customer_id, sum(amount) AS n FROM money_ledger
    WHERE kind IN ('advance', 'opening') AND customer_id IS NOT NULL GROUP BY customer_id),
  ledger_supplier AS (
    SELECT supplier_id, sum(amount) AS n FROM money_ledger
    WHERE kind IN ('supplier_payment', 'opening') AND supplier_id IS NOT NULL GROUP BY supplier_id),
  bought AS (SELECT supplier_id, sum(total) AS n FROM purchases GROUP BY supplier_id)
  SELECT 'order_paid' AS check, o.id, o.paid AS recorded, coalesce(l.n, 0) AS ledger
    FROM orders o LEFT JOIN ledger_order l ON l.order_id = o.id WHERE o.paid <> coalesce(l.n, 0)
  UNION ALL
  SELECT 'order_due', o.id, o.due, o.subtotal - o.returned + o.ship - o.discount - coalesce(l.n, 0)
    FROM orders o LEFT JOIN ledger_order l ON l.order_id = o.id
    WHERE o.due <> o.subtotal - o.returned + o.ship - o.discount - coalesce(l.n, 0)
  UNION ALL
  SELECT 'payment', p.id, p.amount, coalesce(l.n, 0)
    FROM payments p LEFT JOIN ledger_payment l ON l.payment_id = p.id WHERE p.amount <> coalesce(l.n, 0)
  UNION ALL
  SELECT 'customer_advance', u.id, u.balance, coalesce(l.n, 0)
    FROM users u LEFT JOIN ledger_customer l ON l.customer_id = u.id WHERE u.balance <> coalesce(l.n, 0)
  UNION ALL
  SELECT 'supplier_due', s.id, s.due, coalesce(b.n, 0) + coalesce(l.n, 0)
    FROM suppliers s LEFT JOIN bought b ON b.supplier_id = s.id LEFT JOIN ledger_supplier l ON l.supplier_id = s.id
    WHERE s.due <> coalesce(b.n, 0) + coalesce(l.n, 0)
  UNION ALL
  SELECT 'supplier_payment', sp.id, sp.amount, coalesce(-l.n, 0)
    FROM supplier_payments sp LEFT JOIN (
      SELECT supplier_payment_id, sum(amount) AS n FROM money_ledger
      WHERE kind = 'supplier_payment' AND supplier_payment_id IS NOT NULL GROUP BY 1) l
      ON l.supplier_payment_id = sp.id
    WHERE sp.amount <> coalesce(-l.n, 0)
  UNION ALL
  SELECT 'expense', e.id, e.amount, coalesce(-l.n, 0)
    FROM expenses e LEFT JOIN (
      SELECT expense_id, sum(amount) AS n FROM money_ledger
      WHERE kind = 'expense' AND expense_id IS NOT NULL GROUP BY 1) l ON l.expense_id = e.id
    WHERE e.amount <> coalesce(-l.n, 0)
  UNION ALL
  SELECT 'shift_float', s.id, s.opening_float, coalesce(l.n, 0)
    FROM shifts s LEFT JOIN (
      SELECT shift_id, sum(amount) AS n FROM money_ledger WHERE kind = 'float' GROUP BY 1) l
      ON l.shift_id = s.id
    WHERE s.opening_float <> coalesce(l.n, 0)
  UNION ALL
  SELECT 'drawer_move', m.id, m.amount, coalesce(l.n, 0)
    FROM shift_moves m LEFT JOIN (
      SELECT move_id, sum(amount) AS n FROM money_ledger
      WHERE kind = 'drawer' AND move_id IS NOT NULL GROUP BY 1) l ON l.move_id = m.id
    WHERE m.amount <> coalesce(l.n, 0)
  ORDER BY 1, 2`;

export async function moneyMismatches(db: DbOrTx): Promise<MoneyMismatch[]> {
  const res = await db.execute<{
    check: MoneyMismatch['check'];
    id: number;
    recorded: string;
    ledger: string;
  }>(CHECKS);
  return res.rows.map((r) => ({
    check: r.check,
    id: Number(r.id),
    recorded: Number(r.recorded),
    ledger: Number(r.ledger),
  }));
}
