import { useEffect, useState } from 'react';
import { newClientId } from '../../lib/client-id';
import { isEmptySale, saleFromStored, type TillSale } from './till-sale';

/**
 * Sales put on hold at a busy counter (a customer went back for one more thing): kept in this
 * browser like the sale in progress, so they survive a reload and an outage, and recalled in any
 * order. Never sent anywhere until recalled and saved.
 */
export const HELD_KEY = 'till-held';

export type HeldSale = { id: string; at: string; sale: TillSale };

function read(storage: Storage): HeldSale[] {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(HELD_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, at, sale } = item as Record<string, unknown>;
    if (typeof id !== 'string' || typeof at !== 'string') return [];
    const held = saleFromStored(sale);
    return isEmptySale(held) ? [] : [{ id, at, sale: held }];
  });
}

const listeners = new Set<() => void>();

function write(storage: Storage, held: HeldSale[]): void {
  try {
    storage.setItem(HELD_KEY, JSON.stringify(held));
  } catch (error) {
    console.error('Could not keep the held sales in the browser', error);
  }
  listeners.forEach((listener) => listener());
}

/** Puts a sale on hold (a Save's attempt key is dropped: recalled, it is a new attempt). */
export function holdSale(sale: TillSale, now: Date, storage: Storage = localStorage): HeldSale {
  const held = { id: newClientId(), at: now.toISOString(), sale: { ...sale, attemptKey: null } };
  write(storage, [...read(storage), held]);
  return held;
}

/** Takes a held sale off the list to carry on with it; undefined when it is gone (another tab took it). */
export function takeHeld(id: string, storage: Storage = localStorage): TillSale | undefined {
  const all = read(storage);
  const found = all.find((h) => h.id === id);
  if (found)
    write(
      storage,
      all.filter((h) => h.id !== id),
    );
  return found?.sale;
}

/** The held sales, oldest first, kept current across this browser's tabs. */
export function useHeldSales(storage: Storage = localStorage): HeldSale[] {
  const [held, setHeld] = useState(() => read(storage));
  useEffect(() => {
    const update = () => setHeld(read(storage));
    listeners.add(update);
    window.addEventListener('storage', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('storage', update);
    };
  }, [storage]);
  return held;
}
