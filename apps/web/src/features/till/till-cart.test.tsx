import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { TillCart } from './till-cart';
import type { TillLine } from './till-sale';

const lines: TillLine[] = [
  { key: 'p1', id: 1, title: 'Miniket Rice', attri: '', price: 1250, qty: 2 },
  { key: 'w2', id: 2, title: 'Loose Potato', attri: '', price: 60, qty: 1.25, unit: 'kg', weighed: true },
];

const showCart = () =>
  render(<TillCart lines={lines} onQty={vi.fn()} onPrice={vi.fn()} onRemove={vi.fn()} onDone={vi.fn()} />);

/** Each line's SL, price, quantity and amount as the cashier reads them. */
const figures = () =>
  within(screen.getByTestId('till-cart'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return [cells[0]!.textContent, cells[3]!.textContent, cells[4]!.textContent, cells[5]!.textContent];
    });

afterEach(() => setLanguage('en'));

describe('TillCart', () => {
  it('writes SL, prices and quantities grouped in English and in Bengali digits after a switch to Bangla', async () => {
    showCart();
    // Each line's amount by the money rule: 1.25 kg at 60 is 75.
    expect(figures()).toEqual([
      ['1', '1,250', '2', '2,500'],
      ['2', '60', '1.25 kg', '75'],
    ]);
    await act(() => setLanguage('bn'));
    expect(figures()).toEqual([
      ['১', '১,২৫০', '২', '২,৫০০'],
      ['২', '৬০', '১.২৫ কেজি', '৭৫'],
    ]);
    // The quantity button's name says the same in Bangla.
    expect(screen.getByRole('button', { name: 'Loose Potato-এর পরিমাণ বদলান (১.২৫)' })).toBeVisible();
  });

  it('changes a line’s price by click and Enter (whole taka), Esc leaves it; a changed price is marked', () => {
    const onPrice = vi.fn();
    const onDone = vi.fn();
    const { rerender } = render(
      <TillCart lines={lines} onQty={vi.fn()} onPrice={onPrice} onRemove={vi.fn()} onDone={onDone} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change the price of Miniket Rice (1,250 BDT)' }));
    const field = screen.getByRole('textbox', { name: 'Price of Miniket Rice (BDT)' });
    expect(field).toHaveFocus();
    fireEvent.change(field, { target: { value: '1200.5' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onPrice).not.toHaveBeenCalled(); // not whole taka
    fireEvent.click(screen.getByRole('button', { name: 'Change the price of Miniket Rice (1,250 BDT)' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Price of Miniket Rice (BDT)' }), {
      target: { value: '1200' },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Price of Miniket Rice (BDT)' }), { key: 'Enter' });
    expect(onPrice).toHaveBeenCalledWith('p1', 1200);
    expect(onDone).toHaveBeenCalled();
    // Esc leaves the price as it was.
    fireEvent.click(screen.getByRole('button', { name: 'Change the price of Miniket Rice (1,250 BDT)' }));
    const again = screen.getByRole('textbox', { name: 'Price of Miniket Rice (BDT)' });
    fireEvent.change(again, { target: { value: '999' } });
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(onPrice).toHaveBeenCalledTimes(1);
    rerender(
      <TillCart
        lines={[{ ...lines[0]!, price: 1200, priceChanged: true }, lines[1]!]}
        onQty={vi.fn()}
        onPrice={onPrice}
        onRemove={vi.fn()}
        onDone={onDone}
      />,
    );
    expect(within(screen.getAllByRole('row')[1]!).getByText('price changed')).toHaveClass('badge');
  });
});
