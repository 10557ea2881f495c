import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import type { CartLine } from '../../lib/session';
import { renderRoutes } from '../../test/render';
import { CartPanel } from './cart-panel';

const line = (fields: Partial<CartLine>): CartLine => ({
  id: 'a',
  title: 'Chicken Broiler',
  image: '',
  product_id: 11,
  price: 100,
  atrri: '1 kg',
  qty: 1,
  ...fields,
});

function showCart(lines: CartLine[]) {
  localStorage.setItem('carts', JSON.stringify(lines));
  renderRoutes([{ path: '/', element: <CartPanel show onClose={() => undefined} /> }], '/');
}

afterEach(() => setLanguage('en'));

describe('CartPanel', () => {
  it('totals 0.29 kg at 100 BDT as 29 BDT, as the server charges (not 28)', async () => {
    showCart([line({ qty: 0.29 })]);
    const dialog = await screen.findByRole('dialog', { name: 'Cart' });
    const total = [...dialog.querySelectorAll('p')].find((p) => p.textContent?.startsWith('Total'));
    expect(total?.textContent).toBe('Total29 BDT');
  });

  it('adds up the lines exactly and rounds down once', async () => {
    showCart([
      line({ id: 'a', price: 195, qty: 2 }),
      line({ id: 'b', product_id: 12, title: 'Miniket Rice', price: 72.5, qty: 1 }),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Cart' });
    expect(dialog.textContent).toContain('462 BDT');
  });

  it('shows quantities, prices and the total in Bengali digits once the shopper switches to Bangla', async () => {
    showCart([line({ price: 1250, qty: 12, atrri: '' })]);
    const dialog = await screen.findByRole('dialog', { name: 'Cart' });
    expect(screen.getByRole('status', { name: 'Quantity of Chicken Broiler' }).textContent).toBe('12');
    expect(dialog.textContent).toContain('15,000 BDT');
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('status', { name: 'Chicken Broiler-এর পরিমাণ' }).textContent).toBe('১২');
    expect(screen.getByText('১,২৫০ টাকা')).toBeVisible();
    expect(dialog.textContent).toContain('১৫,০০০ টাকা');
    // No Latin digit is left on the panel (the line has no attribute, which is written as typed).
    expect(dialog.textContent).not.toMatch(/[0-9]/);
  });
});
