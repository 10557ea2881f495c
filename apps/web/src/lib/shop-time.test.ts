import { describe, expect, it } from 'vitest';
import { FALLBACK_TIME_ZONE, formatDay, shopTimeIn } from './shop-time';

describe('shop time', () => {
  it("formats times and days on the given zone's clock", () => {
    const dhaka = shopTimeIn('Asia/Dhaka');
    // 19:30 UTC on the 21st is 01:30 on the 22nd in Dhaka (UTC+6).
    expect(dhaka.dateTime('2026-11-21T19:30:00.000Z')).toMatch(/^22 Nov 2026, 1:30\sam$/i);
    expect(dhaka.date('2026-11-21T19:30:00.000Z')).toBe('22 Nov 2026');
    expect(dhaka.day(new Date('2026-11-21T19:30:00.000Z'))).toBe('2026-11-22');
    expect(shopTimeIn('UTC').day(new Date('2026-11-21T19:30:00.000Z'))).toBe('2026-11-21');
  });

  it('falls back to the usual zone for a zone the browser does not know, and keeps text it cannot read', () => {
    expect(FALLBACK_TIME_ZONE).toBe('Asia/Dhaka');
    expect(shopTimeIn('Mars/Olympus').date('2026-11-21T19:30:00.000Z')).toBe('22 Nov 2026');
    expect(shopTimeIn('UTC').dateTime('not a time')).toBe('not a time');
  });

  it('writes a shop day as people read it', () => {
    expect(formatDay('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDay('')).toBe('');
  });
});
