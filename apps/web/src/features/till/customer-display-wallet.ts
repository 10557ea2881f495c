import { latinDigits } from '@bazar/contracts/numbers';

/**
 * The shop's bKash and Nagad numbers as Setting's free text "bKash / Nagad Numbers" holds them
 * (payment_numbers, e.g. "bKash 01712345678 (Personal), Nagad 01812345678"), and what the customer
 * display's QR code says. Pure: no screen, no storage.
 */

export const WALLETS = ['bkash', 'nagad'] as const;
export type Wallet = (typeof WALLETS)[number];

/** How each wallet is written in Setting: its English or its Bangla name, any case. */
const NAMES: Record<Wallet, RegExp> = {
  bkash: /b\s*-?\s*kash|বিকাশ/giu,
  nagad: /nagad|নগদ/giu,
};

/** A Bangladeshi mobile number: 01[3-9] and eight digits, spaces or dashes between, +88 before. */
const MOBILE = /(?:\+?\s*88[\s-]*)?0[\s-]*1[\s-]*[3-9](?:[\s-]*\d){8}(?!\d)/g;

interface Found {
  start: number;
  end: number;
}

/**
 * Each wallet's number in Setting's text (01XXXXXXXXX, Latin digits), or none: the number written
 * nearest its name on the same line or between the same commas ("bKash 017…, Nagad 018…",
 * "017… (bKash)"), after it on a tie. One number and no name is taken for both, as the field is
 * "bKash / Nagad Numbers".
 */
export function merchantNumbers(text: string): Partial<Record<Wallet, string>> {
  // Bengali digits are one character each, as Latin ones: positions stay the same.
  const latin = latinDigits(text);
  const numbers = [...latin.matchAll(MOBILE)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    number: match[0].replace(/\D/g, '').replace(/^88/, ''),
  }));
  const found: Partial<Record<Wallet, string>> = {};
  if (numbers.length === 0) return found;
  const named = WALLETS.map((wallet) => ({
    wallet,
    names: [...latin.matchAll(NAMES[wallet])].map((m): Found => ({
      start: m.index,
      end: m.index + m[0].length,
    })),
  }));
  if (named.every(({ names }) => names.length === 0)) {
    if (numbers.length === 1) return { bkash: numbers[0]!.number, nagad: numbers[0]!.number };
    return found;
  }
  for (const { wallet, names } of named) {
    let best: { gap: number; number: string } | undefined;
    for (const name of names) {
      for (const candidate of numbers) {
        const after = candidate.start >= name.end;
        if (!after && candidate.end > name.start) continue;
        const between = after
          ? latin.slice(name.end, candidate.start)
          : latin.slice(candidate.end, name.start);
        // A line break, comma, semicolon or bar between them counts as far; a number after the
        // name wins a tie (half a character less).
        const breaks = (between.match(/[\n,;|]/g) ?? []).length;
        const gap = breaks * 1000 + between.length - (after ? 0.5 : 0);
        if (!best || gap < best.gap) best = { gap, number: candidate.number };
      }
    }
    if (best) found[wallet] = best.number;
  }
  return found;
}

/** What the wallet is called on the customer's phone and in the QR code. */
export const WALLET_NAMES: Record<Wallet, string> = { bkash: 'bKash', nagad: 'Nagad' };

/**
 * The QR code's text: plain words a phone's camera shows as they are. bKash and Nagad publish no
 * QR format for a personal or agent number that a third party may print (their merchant QR codes
 * come from the wallet itself), so the code carries the number and the amount to type into the app.
 */
export const qrText = (wallet: Wallet, number: string, amount: number) =>
  `${WALLET_NAMES[wallet]} ${number}\nAmount ${amount} BDT`;
