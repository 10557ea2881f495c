import { english, render } from '@bazar/contracts/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  advanceLeft,
  cartTotal,
  editLine,
  isCodeLike,
  loadSale,
  MULTIPLIER_MAX,
  multiplied,
  newSale,
  paymentProblem,
  readEntry,
  SALE_KEY,
  settle,
  storeSale,
} from './till-sale';

const rice = { id: 7, title: 'Miniket Rice', attri: '5 kg', price: 400, offprice: 380 };
const potato = { id: 9, title: 'Potato', attri: 'loose', price: 60, offprice: null, unit: 'kg' as const };

describe('the cart', () => {
  it('adds one more of a product on its own line, at the offer price', () => {
    let { lines } = addToCart([], rice);
    ({ lines } = addToCart(lines, rice));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ id: 7, price: 380, qty: 2 });
    expect(cartTotal(lines)).toBe(760);
  });

  it('gives every weighed pack its own line with the label quantity', () => {
    let { lines } = addToCart([], potato, { qty: 1.25, weighed: true });
    ({ lines } = addToCart(lines, potato, { qty: 0.5, weighed: true }));
    ({ lines } = addToCart(lines, potato));
    expect(lines.map((l) => [l.qty, l.weighed ?? false])).toEqual([
      [1.25, true],
      [0.5, true],
      [1, false],
    ]);
    expect(new Set(lines.map((l) => l.key)).size).toBe(3);
    expect(cartTotal(lines)).toBe(165); // 60 × 2.75
  });

  it('a price label costs what the scale printed: two 67.00 onion packs are 134, not 0.74 kg × 90 twice (133.20)', () => {
    const onion = { id: 11, title: 'Onion', attri: 'loose', price: 90, offprice: null, unit: 'kg' as const };
    const label = { code: '2300042067006', poisha: 6700 };
    let { lines } = addToCart([], onion, { qty: 0.74, label });
    ({ lines } = addToCart(lines, onion, { qty: 0.74, label }));
    expect(lines.map((l) => [l.qty, l.label, l.poisha, l.weighed])).toEqual([
      [0.74, label.code, 6700, true],
      [0.74, label.code, 6700, true],
    ]);
    expect(cartTotal(lines)).toBe(134);
    // Another quantity or price is a plain line again: price × quantity.
    const edited = editLine(lines[0]!, { qty: 1 });
    expect([edited.label, edited.poisha, edited.qty]).toEqual([undefined, undefined, 1]);
    expect(cartTotal([edited, lines[1]!])).toBe(157); // 90 + 67.00
    const repriced = editLine(lines[1]!, { price: 80, priceChanged: true });
    expect([repriced.label, repriced.poisha, cartTotal([repriced])]).toEqual([undefined, undefined, 59]);
  });
});

describe('settling the payments (the server rule: only cash gives change)', () => {
  it('gives back cash tendered above the bill', () => {
    expect(
      settle(860, [
        { method: 'bkash', amount: 200 },
        { method: 'cash', amount: 1000 },
      ]),
    ).toMatchObject({
      cash: 1000,
      nonCash: 200,
      change: 340,
      paid: 860,
      due: 0,
      tooMuch: false,
    });
  });

  it('leaves a due when less is paid, and refuses other methods above the bill', () => {
    expect(settle(500, [{ method: 'nagad', amount: 300 }])).toMatchObject({ change: 0, paid: 300, due: 200 });
    expect(settle(500, [{ method: 'card', amount: 501 }]).tooMuch).toBe(true);
    expect(paymentProblem(500, [{ method: 'card', amount: 501 }], { kind: 'initial' })).toEqual({
      kind: 'amountLarge',
    });
  });

  it("takes the advance only from a found customer's balance", () => {
    const found = { kind: 'found', id: 3, balance: 150 } as const;
    const paying = [{ method: 'balance' as const, amount: 100 }];
    expect(advanceLeft(found, paying)).toBe(50);
    expect(paymentProblem(500, paying, found)).toBeNull();
    expect(paymentProblem(500, [{ method: 'balance', amount: 200 }], found)).toEqual({
      kind: 'advance',
      balance: 150,
    });
    expect(paymentProblem(500, paying, { kind: 'new' })).toEqual({ kind: 'advance', balance: 0 });
  });
});

describe('the payment line', () => {
  it('reads Pay as whole taka and a reference of letters and digits', () => {
    expect(readEntry({ method: 'cash', amount: '', reference: '' })).toEqual({ payment: null, errors: {} });
    expect(readEntry({ method: 'bkash', amount: '200', reference: ' TX12AB ' }).payment).toEqual({
      method: 'bkash',
      amount: 200,
      reference: 'TX12AB',
    });
    // Cash takes no reference: whatever was typed for another method is not sent.
    expect(readEntry({ method: 'cash', amount: '50', reference: 'TX1' }).payment?.reference).toBeNull();
    // The messages are said by key, written on screen by FieldError.
    const written = (text = '') => render(english, text);
    expect(written(readEntry({ method: 'bkash', amount: '12.5', reference: '' }).errors.amount)).toMatch(
      /whole/,
    );
    expect(written(readEntry({ method: 'nagad', amount: '10', reference: 'TX-1' }).errors.reference)).toMatch(
      /letters and digits/,
    );
  });
});

describe('codes and names in the product box', () => {
  it('tells a scan from a typed name', () => {
    expect(isCodeLike('2000000000077')).toBe(true);
    expect(isCodeLike('2112345012503')).toBe(true);
    expect(isCodeLike('ABC-12345')).toBe(true);
    expect(isCodeLike('Miniket rice')).toBe(false);
    expect(isCodeLike('7up')).toBe(false);
    expect(isCodeLike('sugar')).toBe(false);
  });
});

describe('the sale kept in the browser', () => {
  it('comes back as it was stored, and drops what it cannot read', () => {
    const sale = {
      ...newSale(),
      lines: addToCart([], rice).lines,
      payments: [{ method: 'cash' as const, amount: 100 }],
      shipOn: false,
      attemptKey: 'k-1',
    };
    storeSale(sale);
    expect(loadSale()).toEqual(sale);

    localStorage.setItem(SALE_KEY, '{"lines":[{"id":"x"}],"payments":[{"method":"gold","amount":5}]}');
    expect(loadSale()).toEqual(newSale());
    localStorage.setItem(SALE_KEY, 'not json');
    expect(loadSale()).toEqual(newSale());
  });
});

describe('a quantity typed before a scan', () => {
  it('reads "3*" and the scanned code, in Latin or Bengali digits, with *, x or ×', () => {
    expect(multiplied('3*2000000000077')).toEqual({ times: 3, code: '2000000000077' });
    expect(multiplied('12 x 2000000000077')).toEqual({ times: 12, code: '2000000000077' });
    expect(multiplied('৩×2000000000077')).toEqual({ times: 3, code: '2000000000077' });
    // Only the multiplier so far: waiting for the scan.
    expect(multiplied('3*')).toEqual({ times: 3, code: '' });
  });

  it('is no multiplier for a name, a zero, or more than 999', () => {
    expect(multiplied('3*rice bag')).toBeNull();
    expect(multiplied('0*2000000000077')).toBeNull();
    expect(multiplied('1000*2000000000077')).toBeNull();
    expect(multiplied('2000000000077')).toBeNull();
  });

  it('gives back any count from 1 to 999 and any code a scanner types', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MULTIPLIER_MAX }),
        fc.stringMatching(/^\d{8,14}$/),
        (times, code) => {
          expect(multiplied(`${times}*${code}`)).toEqual({ times, code });
        },
      ),
    );
  });
});
