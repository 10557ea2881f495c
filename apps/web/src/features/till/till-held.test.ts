import { describe, expect, it } from 'vitest';
import { HELD_KEY, holdSale, takeHeld } from './till-held';
import { newSale, type TillSale } from './till-sale';

const rice: TillSale = {
  ...newSale(),
  lines: [{ key: 'p7', id: 7, title: 'Miniket Rice', attri: '5 kg', price: 380, qty: 2 }],
  attemptKey: '11111111-1111-4111-8111-111111111111',
};

describe('held sales', () => {
  it('keep a sale in the browser and give it back once, without the Save it was attempted with', () => {
    const held = holdSale(rice, new Date('2026-11-29T05:00:00Z'));
    // What a reload reads: the browser's storage.
    const kept = JSON.parse(localStorage.getItem(HELD_KEY) ?? '[]') as unknown[];
    expect(kept).toHaveLength(1);
    const back = takeHeld(held.id);
    expect(back?.lines).toEqual(rice.lines);
    expect(back?.attemptKey).toBeNull();
    expect(takeHeld(held.id)).toBeUndefined();
  });

  it('leave out what is not a sale (a broken or emptied entry)', () => {
    localStorage.setItem(
      HELD_KEY,
      JSON.stringify([{ id: 'a', at: 'now', sale: { lines: 'nope' } }, { nonsense: true }, 'x']),
    );
    expect(takeHeld('a')).toBeUndefined();
  });
});
