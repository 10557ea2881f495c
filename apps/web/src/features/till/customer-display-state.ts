import { UNITS } from '@bazar/contracts/catalog';
import { plainDecimal } from '@bazar/contracts/numbers';
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../lib/i18n/i18n';
import { lineAmount } from '../../lib/money';
import { localName } from '../../lib/names';
import { WALLETS, type Wallet } from './customer-display-wallet';
import { saleFigures, type Settlement, type TillSale, type TillSetting } from './till-sale';

/**
 * What the customer display shows, as plain data the till sends it through a BroadcastChannel
 * (same browser, no server: it works offline): the lines and the money of the sale being built, the
 * thanks after a save, or the welcome between customers. One schema for both sides: the display
 * reads every message through it and ignores what does not fit (another version's tab, junk).
 */

export const DISPLAY_CHANNEL = 'bazar-customer-display';

/** How long the display thanks the customer after a save before it welcomes the next one. */
export const THANKS_MS = 8_000;

const taka = z.number().int().min(-100_000_000).max(100_000_000);
const text = z.string().max(300);
const lang = z.enum(LANGUAGES);

const displayLine = z.object({
  key: z.string().max(100),
  title: text,
  attri: text,
  qty: z.number().positive().max(1_000_000),
  unit: z.enum(UNITS).optional(),
  price: taka,
  /** price × qty exact to the poisha, as the till's cart and the receipt show it. */
  amount: z.number().min(-100_000_000).max(100_000_000),
});

/** bKash or Nagad being taken: the amount the customer sends (the shop's number is the display's). */
const walletPay = z.object({ method: z.enum(WALLETS), amount: z.number().int().positive().max(100_000_000) });

const displayState = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('idle'), lang }),
  z.object({
    kind: z.literal('sale'),
    lang,
    lines: z.array(displayLine).max(1000),
    /** The line the cashier added or changed last (shown highlighted), or null. */
    latest: z.string().max(100).nullable(),
    /** The lines' total; then delivery, discount, what is owed, paid, left to pay and change. */
    total: taka,
    shipping: taka,
    discount: taka,
    owed: taka,
    paid: taka,
    due: taka,
    change: taka,
    wallet: walletPay.nullable(),
  }),
  z.object({ kind: z.literal('thanks'), lang, owed: taka, paid: taka, change: taka }),
]);
export type DisplayState = z.infer<typeof displayState>;
export type SaleState = Extract<DisplayState, { kind: 'sale' }>;
type Line = SaleState['lines'][number];

/** A display asks the till for what to show ("hello"); the till sends what to show ("state"). */
const displayMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello') }),
  z.object({ type: z.literal('state'), state: displayState }),
]);
export type DisplayMessage = z.infer<typeof displayMessage>;

/** A message received on the channel, or null when it is not one (it is then ignored). */
export function readMessage(data: unknown): DisplayMessage | null {
  const parsed = displayMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}

const isWallet = (method: string): method is Wallet => (WALLETS as readonly string[]).includes(method);

/** The line added or changed since the display's last state: new, or another quantity or price. */
function latestLine(lines: readonly Line[], before: DisplayState | null): string | null {
  const earlier = before?.kind === 'sale' ? before.lines : [];
  const was = new Map(earlier.map((line) => [line.key, line]));
  const changed = lines.filter((line) => {
    const old = was.get(line.key);
    return !old || old.qty !== line.qty || old.price !== line.price;
  });
  if (changed.length > 0) return changed[changed.length - 1]!.key;
  const kept = before?.kind === 'sale' ? before.latest : null;
  return kept !== null && lines.some((line) => line.key === kept) ? kept : null;
}

/**
 * What the customer sees of the sale being built, by the till's own figures (saleFigures): the
 * lines in the till's language, the money, and bKash or Nagad when the cashier chose it in the
 * payment line, for the amount typed there or else all that is left to pay. No lines: the welcome.
 */
export function displayOfSale(
  sale: TillSale,
  setting: TillSetting,
  language: Language,
  before: DisplayState | null = null,
): DisplayState {
  if (sale.lines.length === 0) return { kind: 'idle', lang: language };
  const figures = saleFigures(sale, setting);
  const { settlement } = figures;
  const lines = sale.lines.map((line): Line => ({
    key: line.key,
    title: localName(line.title, line.title_bn, language),
    attri: localName(line.attri, line.attri_bn, language),
    qty: line.qty,
    ...(line.unit && { unit: line.unit }),
    price: line.price,
    amount: lineAmount({ price: line.price, quantity: line.qty, label_poisha: line.poisha }),
  }));
  const method = sale.entry.method;
  const typed = plainDecimal(sale.entry.amount.trim());
  const toSend = typed !== undefined && Number.isInteger(typed) && typed > 0 ? typed : settlement.due;
  return {
    kind: 'sale',
    lang: language,
    lines,
    latest: latestLine(lines, before),
    total: figures.total,
    shipping: figures.shipping,
    discount: sale.discount,
    owed: figures.owed,
    paid: settlement.paid,
    due: settlement.due,
    change: settlement.change,
    wallet: isWallet(method) && toSend > 0 ? { method, amount: toSend } : null,
  };
}

/** The thanks after a save, with the change the customer is given. */
export const thanksOf = (settlement: Settlement, language: Language): DisplayState => ({
  kind: 'thanks',
  lang: language,
  owed: settlement.owed,
  paid: settlement.paid,
  change: settlement.change,
});

/**
 * What the display shows next when `incoming` arrives: the thanks stays up for THANKS_MS against
 * the welcome (the till shows its empty sale at once); the next customer's first line ends it.
 */
export function nextShown(
  shown: { state: DisplayState; at: number } | null,
  incoming: DisplayState,
  now: number,
): { state: DisplayState; at: number } {
  if (shown?.state.kind === 'thanks' && incoming.kind === 'idle' && now - shown.at < THANKS_MS) {
    return { state: { ...shown.state, lang: incoming.lang }, at: shown.at };
  }
  return { state: incoming, at: now };
}
