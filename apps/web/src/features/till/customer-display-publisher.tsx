import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import {
  DISPLAY_CHANNEL,
  displayOfSale,
  readMessage,
  thanksOf,
  type DisplayMessage,
  type DisplayState,
} from './customer-display-state';
import type { Settlement, TillSale, TillSetting } from './till-sale';

/** A channel to the customer display, or null where the browser has none (nothing is shown then). */
function openChannel(): BroadcastChannel | null {
  try {
    return typeof BroadcastChannel === 'function' ? new BroadcastChannel(DISPLAY_CHANNEL) : null;
  } catch {
    return null;
  }
}

/**
 * The till's side of the customer display: sends what the customer should see on every change of
 * the sale (and to a display that says hello as it opens), and the thanks once a sale is saved
 * (`saved`, called by Save before the till starts the next sale). Leaving the till welcomes the
 * next customer on the display.
 */
export function useCustomerDisplayPublisher(sale: TillSale, setting: TillSetting) {
  const { language } = useTranslation();
  const channel = useRef<BroadcastChannel | null>(null);
  const last = useRef<DisplayState | null>(null);
  const sent = useRef('');

  const send = (state: DisplayState, always = false) => {
    last.current = state;
    const message: DisplayMessage = { type: 'state', state };
    const json = JSON.stringify(message);
    if (!always && json === sent.current) return;
    sent.current = json;
    channel.current?.postMessage(message);
  };

  useEffect(() => {
    const opened = openChannel();
    channel.current = opened;
    if (!opened) return;
    opened.onmessage = (event: MessageEvent) => {
      if (readMessage(event.data)?.type === 'hello' && last.current) send(last.current, true);
    };
    return () => {
      opened.postMessage({ type: 'state', state: { kind: 'idle', lang: last.current?.lang ?? 'en' } });
      opened.close();
      channel.current = null;
      sent.current = '';
    };
    // `send` reads refs only.
  }, []);

  const { ship, tillShip } = setting;
  useEffect(() => {
    send(displayOfSale(sale, { ship, tillShip }, language, last.current));
  }, [sale, ship, tillShip, language]);

  return {
    /** The sale was saved: thank the customer and show their change. */
    saved: (settlement: Settlement) => send(thanksOf(settlement, language)),
  };
}

/** Opens the customer display in a window of its own, to move to the screen turned to the customer. */
export function CustomerDisplayButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-outline-secondary btn-sm"
      onClick={() => window.open('/admin/pos/display', 'bazar-display', 'popup')}
    >
      {t('adminCustomerDisplay.open')}
    </button>
  );
}
