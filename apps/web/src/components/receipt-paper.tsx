import { useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/i18n/i18n';

/**
 * Which receipt paper this computer's printer takes: 80 mm (48 characters a line) or 58 mm (32).
 * Chosen on the till, kept in this browser, read by the receipt page (features/receipts).
 */
const RECEIPT_PAPERS = ['80', '58'] as const;
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number];
const RECEIPT_PAPER_KEY = 'receipt-paper';

export const isReceiptPaper = (value: unknown): value is ReceiptPaper =>
  typeof value === 'string' && (RECEIPT_PAPERS as readonly string[]).includes(value);

const listeners = new Set<() => void>();

function readReceiptPaper(): ReceiptPaper {
  try {
    const stored = localStorage.getItem(RECEIPT_PAPER_KEY);
    return isReceiptPaper(stored) ? stored : '80';
  } catch {
    return '80';
  }
}

function storeReceiptPaper(paper: ReceiptPaper) {
  try {
    localStorage.setItem(RECEIPT_PAPER_KEY, paper);
  } catch (error) {
    console.error('Could not keep the receipt paper', error);
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** This computer's receipt paper, and a way to change it. */
export function useReceiptPaper(): [ReceiptPaper, (paper: ReceiptPaper) => void] {
  const paper = useSyncExternalStore(subscribe, readReceiptPaper, () => '80' as ReceiptPaper);
  return [paper, storeReceiptPaper];
}

/** The receipt paper select ("Receipt paper: 80 mm / 58 mm"). */
export function ReceiptPaperSelect({
  id,
  value,
  onChange,
  className = '',
}: {
  id: string;
  value: ReceiptPaper;
  onChange: (paper: ReceiptPaper) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`d-flex align-items-center gap-2 ${className}`.trim()}>
      <label htmlFor={id} className="form-label small mb-0 text-nowrap">
        {t('adminTill.receipt.paper')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={value}
        onChange={(event) => {
          if (isReceiptPaper(event.target.value)) onChange(event.target.value);
        }}
      >
        {RECEIPT_PAPERS.map((paper) => (
          <option key={paper} value={paper}>
            {t(`adminTill.receipt.papers.${paper}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
