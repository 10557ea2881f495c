import { describe, expect, it } from 'vitest';
import { clockText } from './delivery';

describe('clockText', () => {
  it('writes a slot time in Bengali digits in Bangla, as it is in English', () => {
    expect(clockText('10:00', 'bn')).toBe('১০:০০');
    expect(clockText('18:45', 'bn')).toBe('১৮:৪৫');
    expect(clockText('09:30', 'en')).toBe('09:30');
  });
});
