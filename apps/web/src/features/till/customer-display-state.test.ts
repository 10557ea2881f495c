import { describe, expect, it } from 'vitest';
import {
  displayOfSale,
  nextShown,
  readMessage,
  THANKS_MS,
  thanksOf,
  type DisplayState,
} from './customer-display-state';
import { addToCart, newSale, settle, type TillSale } from './till-sale';

const rice = {
  id: 7,
  title: 'Miniket Rice',
  attri: '5 kg',
  title_bn: 'মিনিকেট চাল',
  attri_bn: '৫ কেজি',
  price: 400,
  offprice: 380,
};
const potato = { id: 9, title: 'Potato', attri: 'loose', price: 60, offprice: null, unit: 'kg' as const };
const noShip = { ship: 60, tillShip: false };

/** A sale of two rice and 1.25 kg of potato: 760 + 75 = 835. */
function saleOf(edit: Partial<TillSale> = {}): TillSale {
  let { lines } = addToCart([], rice);
  ({ lines } = addToCart(lines, rice));
  ({ lines } = addToCart(lines, potato, { qty: 1.25, weighed: true }));
  return { ...newSale(), lines, ...edit };
}

const sale = (state: DisplayState) => {
  if (state.kind !== 'sale') throw new Error(`a ${state.kind} state`);
  return state;
};

describe('what the customer display shows of the sale being built', () => {
  it('welcomes the customer while the cart is empty', () => {
    expect(displayOfSale(newSale(), noShip, 'bn')).toEqual({ kind: 'idle', lang: 'bn' });
  });

  it("shows the lines in the till's language with their amounts by the money rule, and the totals", () => {
    const shown = sale(displayOfSale(saleOf(), noShip, 'en'));
    expect(
      shown.lines.map(({ title, attri, qty, price, amount, unit }) => ({
        title,
        attri,
        qty,
        price,
        amount,
        unit,
      })),
    ).toEqual([
      { title: 'Miniket Rice', attri: '5 kg', qty: 2, price: 380, amount: 760, unit: undefined },
      { title: 'Potato', attri: 'loose', qty: 1.25, price: 60, amount: 75, unit: 'kg' },
    ]);
    expect(shown).toMatchObject({
      total: 835,
      shipping: 0,
      discount: 0,
      owed: 835,
      paid: 0,
      due: 835,
      change: 0,
    });
    expect(shown.wallet).toBeNull();
    const bangla = sale(displayOfSale(saleOf(), noShip, 'bn'));
    expect(bangla.lang).toBe('bn');
    expect(bangla.lines.map((line) => [line.title, line.attri])).toEqual([
      ['মিনিকেট চাল', '৫ কেজি'],
      ['Potato', 'loose'], // no Bangla name: the English one
    ]);
  });

  it('counts delivery, discount, cash paid and the change as the till does (saleFigures)', () => {
    const built = saleOf({
      shipOn: true,
      discount: 35,
      entry: { method: 'cash', amount: '1000', reference: '' },
    });
    const shown = sale(displayOfSale(built, noShip, 'en'));
    const money = settle(835 + 60 - 35, [{ method: 'cash', amount: 1000 }]);
    expect(shown).toMatchObject({
      total: 835,
      shipping: 60,
      discount: 35,
      owed: 860,
      paid: money.paid,
      due: money.due,
      change: money.change,
    });
    expect(shown.change).toBe(140);
    expect(shown.paid).toBe(860);
  });

  it('shows part paid and what is left', () => {
    const built = saleOf({ payments: [{ method: 'card', amount: 500, reference: 'C1' }] });
    expect(displayOfSale(built, noShip, 'en')).toMatchObject({
      paid: 500,
      due: 335,
      change: 0,
      wallet: null,
    });
  });

  it('asks for bKash or Nagad only when the cashier chose one, for the amount typed or else all that is left', () => {
    const bkash = saleOf({ entry: { method: 'bkash', amount: '', reference: '' } });
    expect(sale(displayOfSale(bkash, noShip, 'en')).wallet).toEqual({ method: 'bkash', amount: 835 });
    const typed = saleOf({ entry: { method: 'nagad', amount: '৪৫০', reference: '' } });
    expect(sale(displayOfSale(typed, noShip, 'en')).wallet).toEqual({ method: 'nagad', amount: 450 });
    const rest = saleOf({
      payments: [{ method: 'cash', amount: 300 }],
      entry: { method: 'bkash', amount: '', reference: '' },
    });
    expect(sale(displayOfSale(rest, noShip, 'en')).wallet).toEqual({ method: 'bkash', amount: 535 });
    for (const method of ['cash', 'card', 'balance'] as const) {
      const other = saleOf({ entry: { method, amount: '100', reference: 'X1' } });
      expect(sale(displayOfSale(other, noShip, 'en')).wallet, method).toBeNull();
    }
    // Nothing left to pay: no QR code.
    const paid = saleOf({
      payments: [{ method: 'cash', amount: 835 }],
      entry: { method: 'bkash', amount: '', reference: '' },
    });
    expect(sale(displayOfSale(paid, noShip, 'en')).wallet).toBeNull();
  });

  it('highlights the line added or changed last', () => {
    const one = saleOf();
    const first = displayOfSale(one, noShip, 'en');
    expect(sale(first).latest).toBe(one.lines[1]!.key);
    // One more rice: that line is the latest, though it is the first.
    const more = { ...one, lines: addToCart(one.lines, rice).lines };
    const second = displayOfSale(more, noShip, 'en', first);
    expect(sale(second).latest).toBe(one.lines[0]!.key);
    // A change elsewhere (the discount) keeps it.
    expect(sale(displayOfSale({ ...more, discount: 5 }, noShip, 'en', second)).latest).toBe(
      one.lines[0]!.key,
    );
    // Its line removed: none.
    const removed = { ...more, lines: more.lines.slice(1) };
    expect(sale(displayOfSale(removed, noShip, 'en', second)).latest).toBeNull();
  });

  it('thanks the customer with the change of the saved sale', () => {
    expect(thanksOf(settle(860, [{ method: 'cash', amount: 1000 }]), 'bn')).toEqual({
      kind: 'thanks',
      lang: 'bn',
      owed: 860,
      paid: 860,
      change: 140,
    });
  });
});

describe('the messages between the till and the display', () => {
  it('reads what the till sends, as the schema allows it', () => {
    const state = displayOfSale(
      saleOf({ entry: { method: 'bkash', amount: '', reference: '' } }),
      noShip,
      'en',
    );
    expect(readMessage({ type: 'state', state })).toEqual({ type: 'state', state });
    expect(readMessage(JSON.parse(JSON.stringify({ type: 'state', state })))).toEqual({
      type: 'state',
      state,
    });
    expect(readMessage({ type: 'hello' })).toEqual({ type: 'hello' });
  });

  it('ignores junk and what does not fit', () => {
    const good = sale(displayOfSale(saleOf(), noShip, 'en'));
    const junk: unknown[] = [
      null,
      'hello',
      42,
      { type: 'shout' },
      { type: 'state' },
      { type: 'state', state: { kind: 'idle', lang: 'fr' } },
      { type: 'state', state: { kind: 'party', lang: 'en' } },
      { type: 'state', state: { ...good, total: '835' } },
      { type: 'state', state: { ...good, owed: 835.5 } },
      { type: 'state', state: { ...good, lines: [{ ...good.lines[0], qty: -1 }] } },
      { type: 'state', state: { ...good, lines: [{ ...good.lines[0], title: 'x'.repeat(301) }] } },
      { type: 'state', state: { ...good, wallet: { method: 'card', amount: 100 } } },
      { type: 'state', state: { ...good, wallet: { method: 'bkash', amount: 0 } } },
      { type: 'state', state: { kind: 'thanks', lang: 'en', change: 5 } },
    ];
    for (const data of junk) expect(readMessage(data), JSON.stringify(data)).toBeNull();
  });
});

describe('what the display shows next', () => {
  const idle: DisplayState = { kind: 'idle', lang: 'en' };
  const thanks = thanksOf(settle(100, [{ method: 'cash', amount: 500 }]), 'en');
  const next = sale(displayOfSale(saleOf(), noShip, 'en'));

  it('keeps the thanks up against the welcome for a few seconds, then follows the till', () => {
    const shown = nextShown(null, thanks, 1000);
    expect(nextShown(shown, idle, 1000 + THANKS_MS - 1)).toEqual(shown);
    expect(nextShown(shown, { kind: 'idle', lang: 'bn' }, 2000).state).toEqual({ ...thanks, lang: 'bn' });
    expect(nextShown(shown, idle, 1000 + THANKS_MS)).toEqual({ state: idle, at: 1000 + THANKS_MS });
  });

  it("ends the thanks at once with the next customer's first line", () => {
    const shown = nextShown(null, thanks, 1000);
    expect(nextShown(shown, next, 1001)).toEqual({ state: next, at: 1001 });
  });
});
