import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { TillCart } from './till-cart';
import type { TillLine } from './till-sale';

const lines: TillLine[] = [
  { key: 'p1', id: 1, title: 'Miniket Rice', attri: '', price: 1250, qty: 2 },
  { key: 'w2', id: 2, title: 'Loose Potato', attri: '', price: 60, qty: 1.25, unit: 'kg', weighed: true },
];

const showCart = () => render(<TillCart lines={lines} onQty={vi.fn()} onRemove={vi.fn()} onDone={vi.fn()} />);

/** Each line's SL, price and quantity as the cashier reads them. */
const figures = () =>
  within(screen.getByTestId('till-cart'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return [cells[0]!.textContent, cells[3]!.textContent, cells[4]!.textContent];
    });

afterEach(() => setLanguage('en'));

describe('TillCart', () => {
  it('writes SL, prices and quantities grouped in English and in Bengali digits after a switch to Bangla', async () => {
    showCart();
    expect(figures()).toEqual([
      ['1', '1,250', '2'],
      ['2', '60', '1.25 kg'],
    ]);
    await act(() => setLanguage('bn'));
    expect(figures()).toEqual([
      ['১', '১,২৫০', '২'],
      ['২', '৬০', '১.২৫ কেজি'],
    ]);
    // The quantity button's name says the same in Bangla.
    expect(screen.getByRole('button', { name: 'Loose Potato-এর পরিমাণ বদলান (১.২৫)' })).toBeVisible();
  });
});
