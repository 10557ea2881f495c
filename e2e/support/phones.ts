import { test } from '@playwright/test';

let issued = 0;

/**
 * A Bangladeshi mobile number (01[3-9] + 8 digits) no other test of this run uses: six digits
 * from the clock and a counter, two from the worker, so parallel workers never collide.
 */
export function uniquePhone(): string {
  issued += 1;
  const worker = test.info().workerIndex % 100;
  const middle = (Math.floor(Date.now() / 1000) + issued) % 1_000_000;
  const operator = 3 + (issued % 7); // 3..9
  return `01${operator}${String(middle).padStart(6, '0')}${String(worker).padStart(2, '0')}`;
}
