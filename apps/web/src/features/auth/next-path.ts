import { useSearchParams } from 'react-router';

/** Where checkout sends a guest: sign in (or register and verify) first, then back here. */
export const CHECKOUT_PATH = '/user/checkout';

/**
 * The same-site path a `?next=` names, or null: only a path of this site ("/user/checkout"), never
 * another site's address ("https://…", "//evil.example", "/\evil.example"), so the sign-in pages
 * cannot be made to send a person elsewhere (an open redirect). The auth pages themselves are
 * refused too (no loop back to /login).
 */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || /[\\\s]/.test(value) || value.startsWith('//')) return null;
  try {
    const base = 'http://shop.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    const path = url.pathname + url.search + url.hash;
    return /^\/(login|register|varify|forgot)(\/|\?|#|$)/.test(path) ? null : path;
  } catch {
    return null;
  }
}

/** `?next=…` to append to an auth page's link ('' without one). */
export const nextQuery = (next: string | null) => (next ? `?next=${encodeURIComponent(next)}` : '');

/** The safe `?next=` of the current address. */
export function useNext(): string | null {
  const [params] = useSearchParams();
  return safeNext(params.get('next'));
}
