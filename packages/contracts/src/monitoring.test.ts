import { describe, expect, it } from 'vitest';
import { diskIsLow } from './monitoring';

const GB = 1024 ** 3;

describe('diskIsLow', () => {
  it('is low below a tenth of the disk free, or below 1 GB free, whichever comes first', () => {
    // A 100 GB disk: low below 10 GB.
    expect(diskIsLow(10 * GB, 100 * GB)).toBe(false);
    expect(diskIsLow(10 * GB - 1, 100 * GB)).toBe(true);
    // A 2 TB disk: 1 GB is well below a tenth, a tenth says first.
    expect(diskIsLow(250 * GB, 2000 * GB)).toBe(false);
    expect(diskIsLow(150 * GB, 2000 * GB)).toBe(true);
    // A 5 GB disk: a tenth is 0.5 GB, so below 1 GB says first.
    expect(diskIsLow(1 * GB, 5 * GB)).toBe(false);
    expect(diskIsLow(1 * GB - 1, 5 * GB)).toBe(true);
    expect(diskIsLow(0, 100 * GB)).toBe(true);
  });
});
