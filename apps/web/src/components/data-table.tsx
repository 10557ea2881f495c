import type { HTMLAttributes, ReactNode } from 'react';

/** One column of a table: its heading, what each row shows in it, and its class (`num` for figures). */
export type Column<Row> = {
  /** A stable name for the column (React's key). */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** For the heading and every cell: `num` right-aligns figures. */
  className?: string;
  /** For the cells only (a phone card's place for them: `card-main`, `card-thumb`, …). */
  cellClassName?: string;
  /** Makes this column's cells row headings (`<th scope="row">`). */
  rowHeader?: boolean;
  /**
   * The cell's `data-label`: on a phone a table of the `admin-cards` kind draws each row as a card
   * and writes this above the figure (admin-cards.css).
   */
  label?: string;
};

type DataTableProps<Row> = {
  columns: ReadonlyArray<Column<Row> | false | null | undefined>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Attributes of a row's `<tr>` (data-* for tests and styling, a class). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, unknown>;
  /** The id of the heading that names the table, or a caption of its own. */
  labelledBy?: string;
  caption?: ReactNode;
  /** The table's classes besides Bootstrap's `table`. */
  className?: string;
  /** Marks the table busy while the next page loads (the previous page stays on screen). */
  busy?: boolean;
  /** The rows of `<tfoot>` (totals). */
  footer?: ReactNode;
  /** Wraps the table for horizontal scroll on a phone. */
  responsive?: boolean;
  /** The wrapper's classes when `responsive`. */
  wrapperClassName?: string;
};

/**
 * The back office's table: headings from the columns, a row per item, optional totals below. A
 * column may be left out with `false` (a column only some screens or roles see).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowProps,
  labelledBy,
  caption,
  className = 'table-sm align-middle',
  busy = false,
  footer,
  responsive = true,
  wrapperClassName = 'table-responsive',
}: DataTableProps<Row>) {
  const shown = columns.filter((c): c is Column<Row> => Boolean(c));
  const cellClass = (c: Column<Row>) => [c.className, c.cellClassName].filter(Boolean).join(' ') || undefined;
  const table = (
    <table className={`table ${className}`} aria-labelledby={labelledBy} aria-busy={busy || undefined}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {shown.map((c) => (
            <th key={c.key} scope="col" className={c.className}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {shown.map((c) =>
              c.rowHeader ? (
                <th key={c.key} scope="row" className={cellClass(c)} data-label={c.label}>
                  {c.cell(row)}
                </th>
              ) : (
                <td key={c.key} className={cellClass(c)} data-label={c.label}>
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </table>
  );
  return responsive ? <div className={wrapperClassName}>{table}</div> : table;
}
