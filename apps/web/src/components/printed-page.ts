import { useLayoutEffect, type RefObject } from 'react';

const MM_PER_PX = 25.4 / 96;

/**
 * The printed page while a printable sheet is on the screen (`@page`, in a style of its own that
 * goes with the sheet, so an invoice printed later in the same tab keeps its own paper): A4 with
 * the invoices' 12 mm margin, or receipt paper (80 or 58 mm wide) exactly as long as the sheet.
 * The length is measured again whenever the sheet changes size, and just before printing.
 */
export function usePrintedPage(ref: RefObject<HTMLElement | null>, paper: 'a4' | '80' | '58') {
  useLayoutEffect(() => {
    const style = document.createElement('style');
    style.dataset.printedPage = paper;
    document.head.appendChild(style);
    const fit = () => {
      if (paper === 'a4') {
        style.textContent = '@page { size: A4; margin: 12mm; }';
        return;
      }
      const height = ref.current?.getBoundingClientRect().height ?? 0;
      const length = Math.max(50, Math.ceil(height * MM_PER_PX) + 2);
      style.textContent = `@page { size: ${paper}mm ${length}mm; margin: 0; }`;
    };
    fit();
    const observer = paper !== 'a4' && typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    if (ref.current) observer?.observe(ref.current);
    window.addEventListener('beforeprint', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('beforeprint', fit);
      style.remove();
    };
  }, [ref, paper]);
}
