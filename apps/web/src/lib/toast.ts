import { useSyncExternalStore } from 'react';

export type ToastVariant = 'success' | 'danger';

export interface ToastMessage {
  id: number;
  text: string;
  variant: ToastVariant;
}

/** How long a toast stays (spec: 3000 ms). */
export const TOAST_DURATION_MS = 3000;

let toasts: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastMessage[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function show(text: string, variant: ToastVariant) {
  emit([...toasts, { id: nextId++, text, variant }]);
}

export function dismissToast(id: number) {
  emit(toasts.filter((item) => item.id !== id));
}

export function clearToasts() {
  emit([]);
}

/** Shows a short message in the page's toast host; it disappears after 3 s. */
export const toast = {
  success: (text: string) => show(text, 'success'),
  error: (text: string) => show(text, 'danger'),
};

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
