import type { ImportAction, ImportError, ImportReport, ImportRowResult } from '@bazar/contracts/imports';
import { say, type Message } from '@bazar/contracts/messages';
import type { z } from 'zod';
import type { Table, TableRow } from './table-file';

/** A refused cell or row, its message said by key (lib/import-upload.ts writes it in the reader's language). */
export type RowError = Omit<ImportError, 'message'> & { message: Message };
/** An import's report before it is answered: its errors' messages said by key. */
export type SaidReport = Omit<ImportReport, 'errors'> & { errors: RowError[] };

/** A header as the import compares it: lower case, spaces and hyphens as `_` ("Offer Price" → offer_price). */
const headerKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const HEADER_ROW = 1;

/** The header row matched against an import's columns: where each column is, and what is wrong with it. */
export type Columns<C extends string> = {
  /** The cell index of each column the file has. */
  index: Map<C, number>;
  /** Each column's header as the file writes it (errors name it so). */
  names: Map<C, string>;
  /** Problems of the header row (row 1): an import with them is never applied. */
  errors: RowError[];
};

/**
 * Reads the header row: each cell must name one of `known` (in any case; a space or a hyphen for
 * `_`), once. An unknown or repeated column is an error of row 1, as is a header naming none.
 */
export function matchColumns<C extends string>(table: Table, known: readonly C[]): Columns<C> {
  const index = new Map<C, number>();
  const names = new Map<C, string>();
  const errors: RowError[] = [];
  const byKey = new Map<string, C>(known.map((c) => [c, c]));
  table.header.forEach((text, i) => {
    const name = text.trim();
    if (name === '') {
      if (table.rows.some((r) => (r.cells[i] ?? '') !== ''))
        errors.push({
          row: HEADER_ROW,
          field: `column ${i + 1}`,
          message: say('import.unnamedColumn'),
        });
      return;
    }
    const column = byKey.get(headerKey(name));
    if (column === undefined) {
      errors.push({
        row: HEADER_ROW,
        field: name,
        message: say('import.unknownColumn'),
      });
    } else if (index.has(column)) {
      errors.push({ row: HEADER_ROW, field: name, message: say('import.columnTwice') });
    } else {
      index.set(column, i);
      names.set(column, name);
    }
  });
  if (index.size === 0 && errors.length === 0)
    errors.push({
      row: HEADER_ROW,
      field: 'header',
      message: say('import.headerMissing'),
    });
  return { index, names, errors };
}

/** One data row read through the header: a column's cell, '' for a blank one, undefined when the file has no such column. */
export class RowCells<C extends string> {
  constructor(
    readonly row: TableRow,
    private readonly columns: Columns<C>,
  ) {}

  get number(): number {
    return this.row.row;
  }

  has(column: C): boolean {
    return this.columns.index.has(column);
  }

  get(column: C): string | undefined {
    const i = this.columns.index.get(column);
    return i === undefined ? undefined : (this.row.cells[i] ?? '');
  }

  /** The header of a column as the file writes it. */
  name(column: C): string {
    return this.columns.names.get(column) ?? column;
  }

  /** Cells beyond the header's columns that hold something: the row is longer than its header. */
  extraCells(headerLength: number): number[] {
    const extra: number[] = [];
    this.row.cells.forEach((cell, i) => {
      if (i >= headerLength && cell !== '') extra.push(i + 1);
    });
    return extra;
  }
}

/** Collects the outcome of each row and the errors, and counts them for the answer. */
export class ReportBuilder {
  readonly errors: RowError[] = [];
  private readonly results: ImportRowResult[] = [];
  private readonly rowsWithErrors = new Set<number>();

  constructor(headerErrors: RowError[] = []) {
    for (const e of headerErrors) this.error(e);
  }

  /** A refused cell or row. */
  error(error: RowError): void {
    this.errors.push(error);
    this.rowsWithErrors.add(error.row);
  }

  /**
   * A row's messages from a zod issue list, each on the column it came from: said by key (the
   * contracts' schemas' own, or zod's: contracts' zod-messages.ts).
   */
  issues(row: number, field: string, error: z.ZodError): void {
    for (const issue of error.issues) this.error({ row, field, message: issue.message as Message });
  }

  hasErrors(row: number): boolean {
    return this.rowsWithErrors.has(row);
  }

  /** True when the header row itself is wrong: such a file is never applied. */
  get headerBroken(): boolean {
    return this.rowsWithErrors.has(HEADER_ROW);
  }

  /** A row's outcome; a product row's category paths the shop does not have beside it, if any. */
  result(row: number, action: ImportAction, title: string, unknownCategories: string[] = []): void {
    this.results.push(
      unknownCategories.length > 0
        ? { row, action, title, unknown_categories: unknownCategories }
        : { row, action, title },
    );
  }

  build(opts: { dryRun: boolean; applied: boolean; rows: number }): SaidReport {
    const count = (action: ImportAction) => this.results.filter((r) => r.action === action).length;
    const results = [...this.results].sort((a, b) => a.row - b.row);
    const errors = [...this.errors].sort((a, b) => a.row - b.row);
    return {
      dry_run: opts.dryRun,
      applied: opts.applied,
      rows: opts.rows,
      created: count('create'),
      updated: count('update'),
      unchanged: count('unchanged'),
      refused: count('error'),
      errors,
      results,
    };
  }
}

/**
 * Numbers in a cell may be grouped (`1,250`, `1,25,000`) as a spreadsheet shows them: the commas
 * go before the contracts' number rule reads the text. Anything else is left as it is.
 */
export const ungroup = (text: string) =>
  /^-?[0-9\u09E6-\u09EF]{1,3}(,[0-9\u09E6-\u09EF]{2,3})+(\.[0-9\u09E6-\u09EF]+)?$/.test(text)
    ? text.replaceAll(',', '')
    : text;

/** A cell for a schema: a blank cell is a value left out (the schema's default, or its "required"). */
export const cellValue = (text: string | undefined) => (text === undefined || text === '' ? undefined : text);

/** Runs `work` over `items`, at most `limit` at a time (pictures: sharp has as many threads as cores). */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
