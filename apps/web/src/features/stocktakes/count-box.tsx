import { useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { isCodeLike } from '../till/till-sale';
import { lineTitle } from './stocktake-bits';
import type { StocktakeLine } from './stocktakes-api';

const ID = 'count-box';
const SUGGESTIONS = 8;
const SEARCH_MIN = 2;

/** The searchable text of a line: both languages' names and sizes, and its barcode. */
const haystack = (line: StocktakeLine) =>
  [line.title, line.title_bn, line.attri, line.attri_bn, line.barcode].join(' ').toLowerCase();

/**
 * The lines whose names hold every word typed: the count's own products, so a search finds nothing
 * outside it and needs no call.
 */
function matching(lines: readonly StocktakeLine[], text: string): StocktakeLine[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: StocktakeLine[] = [];
  for (const line of lines) {
    const hay = haystack(line);
    if (words.every((w) => hay.includes(w))) found.push(line);
    if (found.length === SUGGESTIONS) break;
  }
  return found;
}

type Props = {
  inputRef: RefObject<HTMLInputElement | null>;
  lines: readonly StocktakeLine[];
  /** Enter on a code (what a USB scanner types, then Enter): the box is already clean for the next. */
  onCode: (code: string) => void;
  /** A product chosen by name: it becomes the one being counted (a quantity is typed for it). */
  onPick: (line: StocktakeLine) => void;
};

/**
 * The counting page's product box: a USB scanner types a code and Enter, which is handed over at
 * once (a line's own barcode, or anything that looks like a code, as the till's box reads it); a
 * name suggests the count's products (↑ ↓ to move, Enter or a tap to choose, Esc to clear).
 */
export function CountBox({ inputRef, lines, onCode, onPick }: Props) {
  const { t } = useTranslation();
  const name = useLocalName();
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const barcodes = useMemo(() => new Set(lines.map((l) => l.barcode).filter(Boolean)), [lines]);
  const isCode = barcodes.has(typed) || isCodeLike(typed);
  const suggestions = useMemo(
    () => (typed.length >= SEARCH_MIN && !isCode ? matching(lines, typed) : []),
    [lines, typed, isCode],
  );
  const open = suggestions.length > 0;
  const shown = open && active < suggestions.length ? active : -1;

  const clear = () => {
    setText('');
    setActive(-1);
  };

  const pick = (line: StocktakeLine) => {
    clear();
    onPick(line);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) return;
      event.preventDefault();
      const n = suggestions.length;
      setActive(event.key === 'ArrowDown' ? (shown + 1) % n : shown <= 0 ? n - 1 : shown - 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      clear();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!typed) return;
      const chosen = shown >= 0 ? suggestions[shown] : undefined;
      if (chosen) return pick(chosen);
      if (isCode) {
        clear();
        onCode(typed);
        return;
      }
      const first = suggestions[0];
      if (first) pick(first);
    }
  };

  return (
    <div className="count-box position-relative" role="search">
      <label htmlFor={ID} className="form-label fw-semibold">
        {t('stocktakes.counting.box')}
      </label>
      <input
        ref={inputRef}
        id={ID}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${ID}-list`}
        aria-activedescendant={shown >= 0 ? `${ID}-option-${shown}` : undefined}
        aria-describedby={`${ID}-help`}
        className="form-control form-control-lg"
        placeholder={t('stocktakes.counting.boxPlaceholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="enter"
      />
      <div id={`${ID}-help`} className="form-text">
        {t('stocktakes.counting.boxHelp')}
      </div>
      <ul
        id={`${ID}-list`}
        role="listbox"
        aria-label={t('stocktakes.counting.suggestions')}
        className="list-group shadow count-suggestions"
        hidden={!open}
      >
        {suggestions.map((line, index) => (
          <li
            key={line.product_id}
            id={`${ID}-option-${index}`}
            role="option"
            aria-selected={index === shown}
            className={`list-group-item list-group-item-action${index === shown ? ' active' : ''}`}
            // Keep the focus in the box: the next scan goes there.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(line)}
          >
            {lineTitle(name, line)}
          </li>
        ))}
      </ul>
      {!open && typed.length >= SEARCH_MIN && !isCode && (
        <p className="small text-secondary mt-2 mb-0" role="status">
          {t('stocktakes.counting.noMatch')}
        </p>
      )}
    </div>
  );
}
