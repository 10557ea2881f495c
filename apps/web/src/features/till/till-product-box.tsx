import { receiptRefOf, type ReceiptRef } from '@bazar/contracts/receipt-code';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useTillCatalog } from './offline/catalog-sync';
import { findText, type TillSuggestion } from './offline/local-first';
import { isCodeLike, multiplied } from './till-sale';

/**
 * The till suggests from 2 characters, by the storefront search's rule (ADR 0056: English, Bangla,
 * Banglish as "alu" for আলু, a typo forgiven), 250 ms after the last key; a scan never waits for it
 * (a scanner's keys come faster than that, and Enter on a code hands it over at once). A quantity
 * typed before a scan ("3*") is no name to search.
 */
const SEARCH_MIN = 2;
const SEARCH_DELAY_MS = 250;
const ID = 'till-search';

type Props = {
  inputRef: RefObject<HTMLInputElement | null>;
  /** A suggestion chosen (Enter, arrows + Enter, or a click). */
  onPick: (product: TillSuggestion) => void;
  /** Enter on a code: the box is already clean for the next scan when this is called; `times`: "3*" before it. */
  onScan: (code: string, times: number) => void;
  /** Enter on a receipt's barcode (`#1234`): the box is already clean. */
  onReceipt: (receipt: ReceiptRef) => void;
  /** Esc: the box was cleared. */
  onClear: () => void;
  price: (product: TillSuggestion) => string;
};

/**
 * Gives the focus back to the product box: where the cashier types (or scans) next after a
 * customer is found or saved, or a shift's dialog closes.
 */
export const focusProductBox = () => document.getElementById(ID)?.focus();

/**
 * The product box (suggestions show title, attribute and price). A combobox: ↑ ↓ move
 * through the suggestions, Enter adds the chosen one (or the first), Esc clears. Enter on a code
 * (what a scanner types) clears the box at once and hands the code over: the next scan starts clean;
 * a receipt's barcode (`#1234`) opens that sale's return instead.
 * While it is shown the till keeps its copy of the catalogue current; suggestions come from that
 * copy once it holds one, so they need no network.
 */
export function TillProductBox({ inputRef, onPick, onScan, onReceipt, onClear, price }: Props) {
  const { t } = useTranslation();
  const local = useLocalName();
  useTillCatalog();
  const [text, setText] = useState('');
  const [wanted, setWanted] = useState('');
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  // "3*" typed, waiting for the scan.
  const pendingTimes = multiplied(typed)?.code === '' ? multiplied(typed)?.times : undefined;

  const searchable = typed.length >= SEARCH_MIN && multiplied(typed) === null;

  useEffect(() => {
    const next = searchable ? typed : '';
    const timer = setTimeout(() => setWanted(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, searchable]);

  const found = useQuery({
    queryKey: ['till', 'find', wanted],
    queryFn: () => findText(wanted),
    enabled: wanted.length >= SEARCH_MIN,
    placeholderData: keepPreviousData,
    // Offline the answer comes from the browser's copy: the query must run, not wait for a network.
    networkMode: 'always',
  });
  const suggestions = wanted && searchable ? (found.data ?? []) : [];
  const fresh = found.isSuccess && !found.isPlaceholderData && wanted === typed;
  const open = suggestions.length > 0;
  const shown = open && active < suggestions.length ? active : -1;

  useEffect(() => {
    if (shown < 0) return;
    document.getElementById(`${ID}-option-${shown}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);

  const clear = () => {
    setText('');
    setWanted('');
    setActive(-1);
  };

  const pick = (product: TillSuggestion) => {
    clear();
    onPick(product);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!open) return;
        event.preventDefault();
        const n = suggestions.length;
        setActive(event.key === 'ArrowDown' ? (shown + 1) % n : shown <= 0 ? n - 1 : shown - 1);
        return;
      }
      case 'Escape':
        event.preventDefault();
        clear();
        onClear();
        return;
      case 'Enter': {
        event.preventDefault();
        if (!typed) return;
        const chosen = shown >= 0 ? suggestions[shown] : undefined;
        if (chosen) return pick(chosen);
        // A receipt's barcode: its sale's return, never a product (receipt-code.ts).
        const receipt = receiptRefOf(typed, { markRequired: true });
        if (receipt) {
          clear();
          onReceipt(receipt);
          return;
        }
        // "3*" then the scan: three of it.
        const many = multiplied(typed);
        if (many) {
          if (!many.code) return;
          clear();
          onScan(many.code, many.times);
          return;
        }
        if (isCodeLike(typed)) {
          clear();
          onScan(typed, 1);
          return;
        }
        const first = fresh ? suggestions[0] : undefined;
        if (first) pick(first);
        return;
      }
      default:
    }
  };

  return (
    <div className="till-product-box position-relative mb-3" role="search">
      <label htmlFor={ID} className="form-label fw-semibold">
        {t('adminTill.products.search')}
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
        placeholder={t('adminTill.products.searchPlaceholder')}
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
      <div id={`${ID}-help`} className="form-text" aria-live="polite">
        {pendingTimes ? (
          <strong data-testid="till-multiplier">
            {t('adminTill.products.times', { times: pendingTimes })}
          </strong>
        ) : (
          t('adminTill.products.searchHelp')
        )}
      </div>
      <ul
        id={`${ID}-list`}
        role="listbox"
        aria-label={t('adminTill.products.suggestions')}
        className="list-group shadow till-suggestions"
        hidden={!open}
      >
        {suggestions.map((product, index) => (
          <li
            key={product.id}
            id={`${ID}-option-${index}`}
            role="option"
            aria-selected={index === shown}
            className={`list-group-item list-group-item-action d-flex gap-2${index === shown ? ' active' : ''}`}
            // Keep the focus in the box: the next scan goes there.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(product)}
          >
            <span className="me-auto">
              {local(product.title, product.title_bn)}
              {product.attri && (
                <span className="till-suggestion-attri"> ({local(product.attri, product.attri_bn)})</span>
              )}
            </span>
            <span className="text-nowrap">{price(product)}</span>
          </li>
        ))}
      </ul>
      {!open && wanted && fresh && (
        <p className="small text-secondary mt-2 mb-0" role="status">
          {t('adminTill.products.noMatch')}
        </p>
      )}
    </div>
  );
}
