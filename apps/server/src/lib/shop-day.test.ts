import { describe, expect, it } from 'vitest';
import { shopDay, shopTime } from './shop-day';

describe('shopTime', () => {
  it("writes the shop's wall clock, YYYY-MM-DD HH:MM on 24 hours", () => {
    expect(shopTime(new Date('2026-11-27T18:30:00Z'), 'Asia/Dhaka')).toBe('2026-11-28 00:30');
    expect(shopTime(new Date('2026-11-27T05:05:59Z'), 'Asia/Dhaka')).toBe('2026-11-27 11:05');
    expect(shopTime(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01 00:00');
    // Summer time where there is one.
    expect(shopTime(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('2026-07-01 13:00');
    expect(shopTime(new Date('2026-12-01T12:00:00Z'), 'Europe/London')).toBe('2026-12-01 12:00');
  });

  it('falls on the same day as shopDay', () => {
    for (let h = 0; h < 48; h++) {
      const at = new Date(Date.UTC(2026, 10, 27, h, 17));
      expect(shopTime(at, 'Asia/Dhaka').slice(0, 10)).toBe(shopDay(at, 'Asia/Dhaka'));
    }
  });
});
