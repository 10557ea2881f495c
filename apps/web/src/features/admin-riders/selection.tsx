import { useEffect, useRef, useState } from 'react';
import type { Column } from '../../components/data-table';
import { useTranslation } from '../../lib/i18n/i18n';

/**
 * Orders ticked in a list, to give them to a rider together. Only the rows on screen count
 * (`shown`): a row that left the list (another page, a narrower filter) is no longer chosen, so the
 * bar never acts on an order the person cannot see.
 */
export function useSelection(shown: readonly number[]) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const ids = shown.filter((id) => ticked.has(id));
  return {
    ids,
    /** The rows that can be ticked. */
    selectable: shown,
    has: (id: number) => ticked.has(id),
    toggle: (id: number, on: boolean) =>
      setTicked((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    /** Ticks every row on screen, or (`on` false) none of them. */
    all: (on: boolean) => setTicked(on ? new Set(shown) : new Set()),
    clear: () => setTicked(new Set()),
  };
}

export type Selection = ReturnType<typeof useSelection>;

/** The heading's box for every row that can be ticked: ticked when all are, half-ticked when some are. */
export function SelectAll({ selection }: { selection: Selection }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const chosen = selection.ids.length;
  const count = selection.selectable.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && chosen < count;
  }, [chosen, count]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="form-check-input select-box"
      aria-label={t('riders.assign.selectAll')}
      checked={count > 0 && chosen === count}
      disabled={count === 0}
      onChange={(event) => selection.all(event.target.checked)}
    />
  );
}

/** A row's box, for a row that can be ticked (nothing for one that cannot: delivered, cancelled). */
export function SelectBox({ selection, id, label }: { selection: Selection; id: number; label: string }) {
  if (!selection.selectable.includes(id)) return null;
  return (
    <input
      type="checkbox"
      className="form-check-input select-box"
      aria-label={label}
      checked={selection.has(id)}
      onChange={(event) => selection.toggle(id, event.target.checked)}
    />
  );
}

/**
 * The first column of a list whose orders can go to a rider (today's deliveries): a box per row
 * that can be ticked and one in the heading for all of them. Left out (false) for who may not
 * assign.
 */
export function selectColumn<Row extends { id: number }>(
  selection: Selection | null,
  label: (row: Row) => string,
): Column<Row> | false {
  if (!selection) return false;
  return {
    key: 'select',
    header: <SelectAll selection={selection} />,
    className: 'select-cell',
    cell: (row) => <SelectBox selection={selection} id={row.id} label={label(row)} />,
  };
}
