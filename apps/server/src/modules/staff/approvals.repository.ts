import type { ApprovalKind } from '@bazar/contracts/approvals';
import type { DbOrTx, RawQuery } from '../../db/client';
import { approvals } from '../../db/schema';

export type ApprovalWrite = {
  kind: ApprovalKind;
  staffId: number;
  approverId: number | null;
  orderId: number | null;
  detail: Record<string, unknown>;
  offline?: boolean;
};

/** Stores an approval, in the transaction of the change it allowed; answers its id. */
export async function insertApproval(db: DbOrTx, a: ApprovalWrite): Promise<number> {
  const [row] = await db
    .insert(approvals)
    .values({
      kind: a.kind,
      staffId: a.staffId,
      approverId: a.approverId,
      orderId: a.orderId,
      detail: a.detail,
      offline: a.offline ?? false,
    })
    .returning({ id: approvals.id });
  if (!row) throw new Error('approval not stored');
  return row.id;
}

/** The same on the raw connection of an order's placing (orders/place.service.ts). */
export async function insertApprovalRaw(query: RawQuery, a: ApprovalWrite): Promise<number> {
  const res = await query<{ id: number }>(
    `INSERT INTO approvals (kind, staff_id, approver_id, order_id, detail, offline)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [a.kind, a.staffId, a.approverId, a.orderId, JSON.stringify(a.detail), a.offline ?? false],
  );
  const id = res.rows[0]?.id;
  if (id === undefined) throw new Error('approval not stored');
  return id;
}
