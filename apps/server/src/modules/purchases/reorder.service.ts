import {
  COVER_DAYS,
  DEFAULT_LEAD_DAYS,
  SALES_DAYS,
  type ReorderSuggestions,
  type Suggestion,
} from '@bazar/contracts/reorder';
import { unitOf } from '@bazar/contracts/catalog';
import { say } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { NotFound } from '../../lib/errors';
import type { AuditActor } from '../audit/audit.repository';
import { recordAudit } from '../audit/audit.repository';
import * as repo from './reorder.repository';

/** Up to the next whole piece, or the next hundredth of a kg or litre. */
const roundUp = (qty: number, unit: string) =>
  unit === 'pcs' ? Math.ceil(qty - 1e-9) : Math.ceil(qty * 100 - 1e-6) / 100;

/**
 * What to order of one product: up to its target (twice its minimum without one); without levels,
 * the lead time's and the next two weeks' sales at the last 28 days' pace, less what is on the shelf
 * and on open purchase orders.
 */
export function suggestionOf(r: repo.ReorderRow): Suggestion | null {
  const qty = Number(r.qty);
  const min = r.reorder_min === null ? null : Number(r.reorder_min);
  const target = r.reorder_target === null ? null : Number(r.reorder_target);
  const sold = Number(r.sold);
  const unit = unitOf(r.unit);
  const want = min !== null ? (target ?? min * 2) : (sold / SALES_DAYS) * (r.lead_days + COVER_DAYS);
  // What open purchase orders will still bring is as good as on the shelf: not ordered twice.
  const onOrder = Number(r.on_order ?? 0);
  const suggested = roundUp(Math.max(0, want - Math.max(0, qty) - onOrder), unit);
  if (suggested <= 0) return null;
  return {
    product_id: r.id,
    title: r.title,
    title_bn: r.title_bn,
    attri: r.attri,
    attri_bn: r.attri_bn,
    unit,
    qty,
    min,
    target,
    sold,
    why: min !== null ? 'below_min' : 'runs_out',
    suggested,
    on_order: onOrder,
    buyprice: r.buyprice,
    cost: Math.round(suggested * r.buyprice),
  };
}

/** `GET /api/reorder-suggestions`: the suggestions by the supplier each product was last bought from. */
export async function reorderSuggestions(ctx: Pick<Ctx, 'db'>): Promise<ReorderSuggestions> {
  const rows = await repo.reorderCandidates(ctx.db, DEFAULT_LEAD_DAYS);
  const groups = new Map<number | null, ReorderSuggestions['groups'][number]>();
  for (const r of rows) {
    const s = suggestionOf(r);
    if (!s) continue;
    let group = groups.get(r.supplier_id);
    if (!group) {
      group = {
        supplier:
          r.supplier_id === null
            ? null
            : {
                id: r.supplier_id,
                name: r.supplier_name ?? '',
                phone: r.supplier_phone ?? '',
                lead_days: r.lead_days,
              },
        products: [],
        cost: 0,
      };
      groups.set(r.supplier_id, group);
    }
    group.products.push(s);
    group.cost += s.cost;
  }
  return { groups: [...groups.values()] };
}

/** `POST /api/product/{id}/reorder`: the product's minimum and target on the shelf (null: none). */
export async function setReorderLevels(
  ctx: Ctx,
  actor: AuditActor,
  id: number,
  levels: { min: number | null; target: number | null },
) {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.setLevels(tx, id, levels);
    if (!row) throw new NotFound(say('catalog.productNotFound'));
    await recordAudit(tx, actor, {
      action: 'reorder_levels',
      entity: 'product',
      entityId: id,
      changes: levels,
    });
    return {
      product_id: id,
      min: row.min === null ? null : Number(row.min),
      target: row.target === null ? null : Number(row.target),
    };
  });
}
