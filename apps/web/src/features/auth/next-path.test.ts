import { describe, expect, it } from 'vitest';
import { nextQuery, safeNext } from './next-path';

describe('safeNext', () => {
  it('keeps a path of this site, its query and hash', () => {
    expect(safeNext('/user/checkout')).toBe('/user/checkout');
    expect(safeNext('/user/orders?page=2#top')).toBe('/user/orders?page=2#top');
  });

  it.each([
    null,
    '',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'user/checkout',
    '/ /evil.example',
    '/\t/evil.example',
    '/login',
    '/register?next=/x',
    '/varify',
  ])('refuses %j (another site, not a path, or an auth page)', (value) => {
    expect(safeNext(value)).toBeNull();
  });

  it('writes the query an auth link carries', () => {
    expect(nextQuery('/user/checkout')).toBe('?next=%2Fuser%2Fcheckout');
    expect(nextQuery(null)).toBe('');
  });
});
