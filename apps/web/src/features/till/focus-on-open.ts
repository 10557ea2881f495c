import { useEffect } from 'react';

/**
 * A dialog's field (by id) takes the focus once the dialog has taken it: the next frame (Preact
 * does not act on `autoFocus`, and the modal focuses itself as it opens). `select`: its text too,
 * so what the cashier types replaces it.
 */
export function useFocusOnOpen(id: string, { select = false }: { select?: boolean } = {}) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const field = document.getElementById(id);
      field?.focus();
      if (select && field instanceof HTMLInputElement) field.select();
    });
    return () => cancelAnimationFrame(frame);
  }, [id, select]);
}
