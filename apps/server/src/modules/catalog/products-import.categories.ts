import { CATEGORY_PATH_SEPARATOR } from '@bazar/contracts/imports';
import type { CategoryRow } from './categories.repository';

/** A category an import makes: its title, its parent (the shop's, or another new one) and its path. */
export class NewCategory {
  /** Its id once written. */
  id: number | undefined;

  constructor(
    readonly key: string,
    readonly title: string,
    readonly parent: CategoryRef | null,
    /** `Food > Rice > Miniket`, as the screen lists what the import makes. */
    readonly path: string,
  ) {}
}

/** A category a row names: one the shop has (its id) or one the import makes. */
export type CategoryRef = number | NewCategory;

const keyOf = (parent: CategoryRef | null) =>
  parent === null ? 'top' : typeof parent === 'number' ? `#${parent}` : parent.key;

/**
 * Category paths (`Food > Rice > Miniket`) read against the shop's tree, level by level from the
 * top: each level is the parent's child of that title (without regard to case; of two, the older),
 * or a new category, made once however many rows name it. New ones are listed parents first.
 */
export class CategoryPlan {
  readonly created: NewCategory[] = [];
  private readonly children = new Map<string, CategoryRef>();

  constructor(existing: CategoryRow[]) {
    for (const c of [...existing].sort((a, b) => a.id - b.id)) {
      const key = `${keyOf(c.parent)}\u0000${c.title.toLowerCase()}`;
      if (!this.children.has(key)) this.children.set(key, c.id);
    }
  }

  resolve(path: string[]): CategoryRef {
    let node: CategoryRef | null = null;
    const titles: string[] = [];
    for (const title of path) {
      titles.push(title);
      const key = `${keyOf(node)}\u0000${title.toLowerCase()}`;
      let child = this.children.get(key);
      if (child === undefined) {
        child = new NewCategory(
          `n${this.created.length}`,
          title,
          node,
          titles.join(` ${CATEGORY_PATH_SEPARATOR} `),
        );
        this.created.push(child);
        this.children.set(key, child);
      }
      node = child;
    }
    if (node === null) throw new Error('an empty category path');
    return node;
  }

  /** The id of a category the shop has or the import has written. */
  idOf(ref: CategoryRef): number;
  idOf(ref: CategoryRef | null): number | null;
  idOf(ref: CategoryRef | null): number | null {
    if (ref === null || typeof ref === 'number') return ref;
    if (ref.id === undefined) throw new Error(`category ${ref.path} was not written`);
    return ref.id;
  }
}
