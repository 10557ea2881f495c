import { useState, type KeyboardEvent } from 'react';

type QtyCellProps = {
  qty: number;
  /** The button's accessible name, e.g. "Change the quantity of Rice (2)". */
  changeLabel: string;
  /** The number field's accessible name. */
  inputLabel: string;
  help?: string;
  onChange: (qty: number) => void;
};

/**
 * A line's quantity: a button showing it; a click turns it into a number field (0.01 steps),
 * Enter or leaving the field confirms, Escape cancels (back-office spec §4).
 */
export function QtyCell({ qty, changeLabel, inputLabel, help, onChange }: QtyCellProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');

  const confirm = () => {
    const value = Number(draft);
    if (draft.trim() && Number.isFinite(value) && value > 0) onChange(Math.round(value * 100) / 100);
    setEditing(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      confirm();
    } else if (event.key === 'Escape') {
      setEditing(false);
    }
  };

  if (!editing) {
    return (
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary qty-display"
        aria-label={changeLabel}
        onClick={() => {
          setDraft(String(qty));
          setEditing(true);
        }}
      >
        {qty}
      </button>
    );
  }
  return (
    <input
      type="number"
      step={0.01}
      min={0.01}
      inputMode="decimal"
      className="form-control form-control-sm qty-input"
      aria-label={inputLabel}
      title={help}
      value={draft}
      autoFocus
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={confirm}
    />
  );
}
