import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The till's keyboard map, so a cashier never needs the mouse:
 *
 * - F2, or `/` outside a text field: the product box;
 * - F4: the payment ("Pay");
 * - F6: price check (a scan shows the price and stock, adds nothing);
 * - F7: return a sale (its receipt scanned or its number typed);
 * - F9: Save & Print;
 * - Esc in the product box clears it (the box handles that itself); anywhere else outside a field
 *   it goes back to the product box.
 *
 * Nothing happens while a dialog (a shift's) is open: its own keys apply there.
 */
export type TillAction = 'product' | 'payment' | 'priceCheck' | 'returnSale' | 'save';

export const TILL_KEYS: ReadonlyArray<{ keys: string[]; action: TillAction | 'clear' | 'pick' }> = [
  { keys: ['F2', '/'], action: 'product' },
  { keys: ['F4'], action: 'payment' },
  { keys: ['F6'], action: 'priceCheck' },
  { keys: ['F7'], action: 'returnSale' },
  { keys: ['F9'], action: 'save' },
  { keys: ['Esc'], action: 'clear' },
  { keys: ['↑', '↓', 'Enter'], action: 'pick' },
];

/** True for a field where typed text goes (so `/` is a character there, not a shortcut). */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
}

/** What a key press means on the till, or null when it is the page's or a field's own key. */
export function tillKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'target' | 'altKey' | 'ctrlKey' | 'metaKey' | 'defaultPrevented'>,
): TillAction | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  if (typeof document !== 'undefined' && document.body.classList.contains('modal-open')) return null;
  switch (event.key) {
    case 'F2':
      return 'product';
    case '/':
      return isTextField(event.target) ? null : 'product';
    case 'Escape':
      return isTextField(event.target) ? null : 'product';
    case 'F4':
      return 'payment';
    case 'F6':
      return 'priceCheck';
    case 'F7':
      return 'returnSale';
    case 'F9':
      return 'save';
    default:
      return null;
  }
}

/** Listens on the document while the till is shown; the handlers may change between renders. */
export function useTillKeys(handlers: Record<TillAction, () => void>) {
  const latest = useRef(handlers);
  // At commit, not after paint: a key pressed right after a change must see it.
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = tillKeyAction(event);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
