import {
  CATEGORY_PATH_SEPARATOR,
  categoryPathKey,
  CREATE_EVERY_CATEGORY,
  type CategoryChoices,
  type UnknownCategory,
} from '@bazar/contracts/imports';
import type { CategoryRow } from './categories.repository';
import { categoryPaths, suggestCategories } from './category-suggestions';

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

/** Unknown paths given suggestions at most (each is compared with every category). */
const SUGGESTED_PATHS = 200;

/** What a row's category path is, read against the shop and the owner's choices. */
export type PathOutcome =
  /** A category the shop has (the path's own, or the one the owner chose instead). */
  | { kind: 'known'; id: number }
  /** Unknown, and ticked to be made: `resolve` makes it once the row is known to go in. */
  | { kind: 'create'; key: string }
  /** Unknown, and neither ticked nor mapped: the import refuses the row. */
  | { kind: 'undecided'; key: string; path: string }
  /** Mapped to a category the shop no longer has. */
  | { kind: 'mapGone'; key: string; path: string };

/**
 * Category paths (`Food > Rice > Miniket`) read against the shop's tree, level by level from the
 * top: each level is the parent's child of that title (without regard to case; of two, the older).
 * A path the shop does not have (issue 29) is made only when the owner ticked it
 * (`create_categories`), or is replaced by a category the owner chose (`map_categories`);
 * otherwise the row is refused. Every unknown path is listed once with its suggestions. New
 * categories are made once however many rows name them, and listed parents first.
 */
export class CategoryPlan {
  readonly created: NewCategory[] = [];
  private readonly children = new Map<string, CategoryRef>();
  private readonly ids: Set<number>;
  private readonly unknown = new Map<string, { levels: string[]; rows: number[] }>();
  private readonly create: Set<string> | typeof CREATE_EVERY_CATEGORY;
  private readonly map: Map<string, number>;

  constructor(
    private readonly existing: CategoryRow[],
    choices: CategoryChoices = { create_categories: [], map_categories: {} },
  ) {
    this.ids = new Set(existing.map((c) => c.id));
    for (const c of [...existing].sort((a, b) => a.id - b.id)) {
      const key = `${keyOf(c.parent)}\u0000${c.title.toLowerCase()}`;
      if (!this.children.has(key)) this.children.set(key, c.id);
    }
    const create = choices.create_categories;
    this.create = create === CREATE_EVERY_CATEGORY ? create : new Set(create.map(categoryPathKey));
    this.map = new Map(
      Object.entries(choices.map_categories).map(([path, id]) => [categoryPathKey(path), id]),
    );
  }

  /** The id of the category the shop has at this path, if it has one. */
  private existingId(path: string[]): number | undefined {
    let node: number | null = null;
    for (const title of path) {
      const child = this.children.get(`${keyOf(node)}\u0000${title.toLowerCase()}`);
      if (typeof child !== 'number') return undefined;
      node = child;
    }
    return node ?? undefined;
  }

  /** Reads one path of a row: known, chosen instead, to make, or waiting for the owner's decision. */
  classify(path: string[], row: number): PathOutcome {
    const id = this.existingId(path);
    if (id !== undefined) return { kind: 'known', id };
    const written = path.join(` ${CATEGORY_PATH_SEPARATOR} `);
    const key = categoryPathKey(written);
    const seen = this.unknown.get(key);
    if (!seen) this.unknown.set(key, { levels: path, rows: [row] });
    else if (seen.rows.at(-1) !== row) seen.rows.push(row);
    const shown = seen ? seen.levels.join(` ${CATEGORY_PATH_SEPARATOR} `) : written;
    const mapped = this.map.get(key);
    if (mapped !== undefined)
      return this.ids.has(mapped) ? { kind: 'known', id: mapped } : { kind: 'mapGone', key, path: shown };
    if (this.create === CREATE_EVERY_CATEGORY || this.create.has(key)) return { kind: 'create', key };
    return { kind: 'undecided', key, path: shown };
  }

  /** The path as the report lists it among `unknown_categories` (its first spelling). */
  shown(key: string): string {
    return this.unknown.get(key)?.levels.join(` ${CATEGORY_PATH_SEPARATOR} `) ?? key;
  }

  /** Every unknown path once, in the order the file first names them, with what it may have meant. */
  unknownCategories(): UnknownCategory[] {
    const paths = categoryPaths(this.existing);
    return [...this.unknown.values()].map((u, i) => ({
      path: u.levels.join(` ${CATEGORY_PATH_SEPARATOR} `),
      rows: u.rows,
      suggestions: i < SUGGESTED_PATHS ? suggestCategories(u.levels, paths) : [],
    }));
  }

  /** A ticked path: the category the shop has, or the new one made for it (its missing levels too). */
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
