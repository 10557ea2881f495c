import { MAX_CATEGORY_DEPTH, type CategoryNode } from '@bazar/contracts/catalog';
import { say } from '@bazar/contracts/messages';
import type { Ctx } from '../../lib/context';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { catalogChanged } from '../../lib/catalog-cache';
import * as repo from './categories.repository';

/** Builds the nested tree (children under `parents`, as the spec names them). */
export function toTree(rows: repo.CategoryRow[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { ...r, parents: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === null ? undefined : nodes.get(node.parent);
    (parent ? parent.parents : roots).push(node);
  }
  return roots;
}

function depthOf(rows: Map<number, repo.CategoryRow>, id: number | null): number {
  let depth = 0;
  for (let at = id; at !== null; at = rows.get(at)?.parent ?? null) {
    depth++;
    if (depth > 100) break; // a cycle; cannot happen through the service
  }
  return depth;
}

function heightBelow(rows: repo.CategoryRow[], id: number): number {
  const children = rows.filter((r) => r.parent === id);
  return children.length === 0 ? 0 : 1 + Math.max(...children.map((c) => heightBelow(rows, c.id)));
}

/** Checks that `parent` exists, is not `id` or below it, and keeps the tree within three levels. */
async function checkPlacement(ctx: Ctx, id: number | null, parent: number | null): Promise<void> {
  if (parent === null) return;
  const all = await repo.listCategories(ctx.db);
  const byId = new Map(all.map((r) => [r.id, r]));
  if (!byId.has(parent)) throw new Invalid('parent', say('catalog.parentMissing'));
  if (id !== null) {
    for (let at: number | null = parent; at !== null; at = byId.get(at)?.parent ?? null) {
      if (at === id) throw new Invalid('parent', say('catalog.underItself'));
    }
  }
  const levels = depthOf(byId, parent) + 1 + (id === null ? 0 : heightBelow(all, id));
  if (levels > MAX_CATEGORY_DEPTH) {
    throw new Invalid('parent', say('catalog.tooDeep', { levels: MAX_CATEGORY_DEPTH }));
  }
}

export async function addCategory(ctx: Ctx, names: repo.CategoryNames, parent: number | null) {
  await checkPlacement(ctx, null, parent);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertCategory(tx, names, parent);
    await catalogChanged(tx);
    return created;
  });
  ctx.catalog.invalidate();
  return row;
}

export async function editCategory(ctx: Ctx, id: number, names: repo.CategoryNames, parent: number | null) {
  if (!(await repo.findCategory(ctx.db, id))) throw new NotFound(say('catalog.categoryNotFound'));
  await checkPlacement(ctx, id, parent);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repo.updateCategory(tx, id, names, parent);
    await catalogChanged(tx);
    return updated;
  });
  ctx.catalog.invalidate();
  if (!row) throw new NotFound(say('catalog.categoryNotFound'));
  return row;
}

/** Deletes a category without subcategories; its products simply lose that category. */
export async function deleteCategory(ctx: Ctx, id: number): Promise<void> {
  if (!(await repo.findCategory(ctx.db, id))) throw new NotFound(say('catalog.categoryNotFound'));
  if ((await repo.countChildren(ctx.db, id)) > 0) {
    throw new Conflict(say('catalog.hasSubcategories'));
  }
  await ctx.db.transaction(async (tx) => {
    await repo.deleteCategory(tx, id);
    await catalogChanged(tx);
  });
  ctx.catalog.invalidate();
}
