import { describe, expect, it } from 'vitest';
import { addCartLine, cartCount, changeCartQty, clearSession, getCartLines, saveSession } from './session';

const rice = { title: 'Rice', image: '/uploads/rice.jpg', product_id: 1, price: 75, atrri: '1 kg' };

describe('session storage', () => {
  it('stores the login answer under info, name, phone and key, and clears it but not the cart', () => {
    addCartLine(rice);
    saveSession('tok', { name: 'Rahim', phone: '01712345678', role: 23314 });
    expect([
      localStorage.getItem('info'),
      localStorage.getItem('name'),
      localStorage.getItem('phone'),
      localStorage.getItem('key'),
    ]).toEqual(['tok', 'Rahim', '01712345678', '23314']);
    clearSession();
    expect(['info', 'name', 'phone', 'key'].map((key) => localStorage.getItem(key))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(getCartLines()).toHaveLength(1);
  });
});

describe('cart', () => {
  it('adds a line with qty 1 and refuses the same product and attribute twice', () => {
    expect(addCartLine(rice)).toBe('added');
    expect(addCartLine(rice)).toBe('duplicate');
    expect(addCartLine({ ...rice, atrri: '5 kg' })).toBe('added');
    const lines = getCartLines();
    expect(lines.map((line) => line.qty)).toEqual([1, 1]);
    expect(new Set(lines.map((line) => line.id)).size).toBe(2);
    expect(JSON.parse(localStorage.getItem('carts') ?? '')).toEqual(lines);
  });

  it('counts quantities and drops a line at zero', () => {
    addCartLine(rice);
    const [line] = getCartLines();
    changeCartQty(line!.id, 1);
    changeCartQty(line!.id, 1);
    expect(cartCount(getCartLines())).toBe(3);
    changeCartQty(line!.id, -1);
    changeCartQty(line!.id, -1);
    changeCartQty(line!.id, -1);
    expect(getCartLines()).toEqual([]);
  });

  it('treats broken storage as an empty cart', () => {
    localStorage.setItem('carts', '{not json');
    expect(getCartLines()).toEqual([]);
    localStorage.setItem('carts', JSON.stringify([{ nonsense: true }]));
    expect(getCartLines()).toEqual([]);
  });
});
