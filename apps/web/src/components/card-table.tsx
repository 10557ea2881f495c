import type { HTMLAttributes, ReactNode } from 'react';
import { DataTable, type Column } from './data-table';

/** A column of a table that becomes cards on a phone: `label` names its figure on the card. */
export type CardColumn<Row> = Column<Row> & {
  /** The cell's `data-label` (admin-cards.css writes it above the figure on a phone). */
  label?: string;
};

type RowProps = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, unknown>;

/**
 * A DataTable of the `admin-cards` kind: each cell carries its column's `label` as `data-label`.
 * DataTable's columns cannot put an attribute on their cells yet, so each row's cells are labelled
 * when the row is mounted or drawn again (a ref on the row); it becomes DataTable itself once its
 * Column takes a `label`.
 */
export function CardTable<Row>({
  columns,
  rowProps,
  ...table
}: {
  columns: ReadonlyArray<CardColumn<Row> | false | null | undefined>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowProps?: (row: Row) => RowProps;
  labelledBy?: string;
  caption?: ReactNode;
  className?: string;
  busy?: boolean;
  footer?: ReactNode;
  responsive?: boolean;
}) {
  const labels = columns.filter((c): c is CardColumn<Row> => Boolean(c)).map((c) => c.label);
  const label = (tr: HTMLTableRowElement | null) => {
    if (!tr) return;
    [...tr.children].forEach((cell, i) => {
      const text = labels[i];
      if (text) cell.setAttribute('data-label', text);
      else cell.removeAttribute('data-label');
    });
  };
  // The ref rides on the row's props: DataTable spreads them onto its <tr>.
  const withLabels = (row: Row) => ({ ...rowProps?.(row), ref: label }) as RowProps;
  return <DataTable {...table} columns={columns} rowProps={withLabels} />;
}
