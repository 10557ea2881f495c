import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/**
 * A fake clock for the rest of this test, put back when it ends (files share a jsdom: a clock left
 * fake would reach the next file). It still moves on its own with real time, so findBy and waitFor
 * keep polling; `advance` moves it on at once instead of sleeping through a debounce.
 */
export function useFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/** Moves the fake clock on by `ms`, running the timers due then, and renders what they changed. */
export async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
