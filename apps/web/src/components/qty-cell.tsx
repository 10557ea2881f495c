import { useState, type KeyboardEvent } from 'react';
import { numberField, readNumber } from '../lib/forms';
import { formatNumber, useTranslation } from '../lib/i18n/i18n';

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
 * Enter or leaving the field confirms, Escape cancels.
 */
export function QtyCell({ qty, changeLabel, inputLabel, help, onChange }: QtyCellProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  useTranslation(); // draws again in the other language

  const confirm = () => {
    // Latin or Bengali digits (১.৫ is 1.5).
    const value = readNumber(draft);
    if (value !== undefined && value > 0) onChange(Math.round(value * 100) / 100);
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
        {formatNumber(qty)}
      </button>
    );
  }
  return (
    <input
      {...numberField('decimal')}
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
