import { useSyncExternalStore } from 'react';

/** Browser storage keys, exactly as the spec names them. */
export const STORAGE_KEYS = {
  token: 'info',
  name: 'name',
  phone: 'phone',
  role: 'key',
  carts: 'carts',
} as const;

/** Role id of an admin (spec: 23314). */
export const ADMIN_ROLE = 23314;

export interface CartLine {
  id: string;
  title: string;
  image: string;
  product_id: number;
  price: number;
  /** The chosen attribute; the spelling is the stored key's. */
  atrri: string;
  /** The Bangla title and attribute (not in the spec's stored shape; missing in older carts). */
  title_bn?: string;
  atrri_bn?: string;
  qty: number;
}

export interface SessionUser {
  name: string;
  phone: string;
  role: number;
}

// One listener list for every key: changes made here and in other tabs ('storage' event).
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (error) {
    console.error('Could not write browser storage', error);
  }
}

export const getToken = () => read(STORAGE_KEYS.token);
export const getStoredPhone = () => read(STORAGE_KEYS.phone);
/** The role stored at login (`key`), as text: what this browser's last sign-in was. */
export const getStoredRole = () => read(STORAGE_KEYS.role);

/** Keeps what login and registration answer: token, name, phone and role. */
export function saveSession(token: string, user: SessionUser) {
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.name, user.name);
  write(STORAGE_KEYS.phone, user.phone);
  write(STORAGE_KEYS.role, String(user.role));
  notify();
}

export function saveName(name: string) {
  write(STORAGE_KEYS.name, name);
  notify();
}

/** Forgets the signed-in user (the cart stays). */
export function clearSession() {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.phone, null);
  write(STORAGE_KEYS.role, null);
  write(STORAGE_KEYS.name, null);
  notify();
}

/** The stored token, re-rendering when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

/** The stored phone of the signed-in user, re-rendering when it changes. */
export function useStoredPhone(): string | null {
  return useSyncExternalStore(subscribe, getStoredPhone, () => null);
}

// ---- cart ----

function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return typeof line.id === 'string' && typeof line.qty === 'number' && typeof line.price === 'number';
}

// Parsed once per stored text, so useSyncExternalStore gets a stable snapshot.
let cachedRaw: string | null = null;
let cachedLines: CartLine[] = [];

export function getCartLines(): CartLine[] {
  const raw = read(STORAGE_KEYS.carts);
  if (raw === cachedRaw) return cachedLines;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedLines = Array.isArray(parsed) ? parsed.filter(isCartLine) : [];
  } catch {
    cachedLines = [];
  }
  return cachedLines;
}

function saveCartLines(lines: CartLine[]) {
  write(STORAGE_KEYS.carts, JSON.stringify(lines));
  notify();
}

/** Sum of all quantities, shown as Cart(N). */
export const cartCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.qty, 0);

function newLineId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Appends a line with qty 1, unless the same product with the same attribute is already there. */
export function addCartLine(item: Omit<CartLine, 'id' | 'qty'>): 'added' | 'duplicate' {
  const lines = getCartLines();
  if (lines.some((line) => line.product_id === item.product_id && line.atrri === item.atrri))
    return 'duplicate';
  saveCartLines([...lines, { ...item, id: newLineId(), qty: 1 }]);
  return 'added';
}

/** Raises or lowers a line's quantity; a line reaching zero is removed. */
export function changeCartQty(id: string, delta: 1 | -1) {
  const lines = getCartLines()
    .map((line) => (line.id === id ? { ...line, qty: line.qty + delta } : line))
    .filter((line) => line.qty > 0);
  saveCartLines(lines);
}

/** Cart lines from storage, re-rendering on every change (also from other tabs). */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, getCartLines, () => cachedLines);
}
