import { STORED_PAYMENT_METHODS, type StoredPaymentMethod } from '@bazar/contracts/orders';
import { useMemo } from 'react';
import { methodLabel } from '../../components/order-record';
import { useTranslation, type TFunction } from '../../lib/i18n/i18n';

const isStoredMethod = (method: string): method is StoredPaymentMethod =>
  (STORED_PAYMENT_METHODS as readonly string[]).includes(method);

/**
 * A method's name on screen ("Cash", "bKash", "SSLCommerz"). The contract leaves the method an
 * open string, so one this screen does not know yet is shown as the server wrote it.
 */
export const methodName = (t: TFunction, method: string) =>
  isStoredMethod(method) ? methodLabel(t, method) : method;

/** How a figure of the day is written: with " BDT" on screen, a bare number on the 80 mm slip. */
export type Figures = {
  /** The amount as it is ("1,250 BDT"; a negative with a real minus sign). */
  amount: (n: number) => string;
  /** An amount taken out of the drawer, written with a minus ("−50 BDT"; 0 stays "0 BDT"). */
  less: (n: number) => string;
  /** An amount put in or taken out: "+200 BDT", "−100 BDT", "0 BDT". */
  signed: (n: number) => string;
};

/**
 * The day's figures in the screen's language (Bengali digits in Bangla). `unit` adds the currency
 * ("{{amount}} BDT"); the slip leaves it out, as the till's receipts do, to keep its 48 characters.
 */
export function useFigures(unit: boolean): Figures {
  const { t, formatNumber } = useTranslation();
  return useMemo(() => {
    const bare = (n: number) => (unit ? t('adminDayClose.amount', { amount: n }) : formatNumber(n));
    // Intl writes a hyphen for a negative; a printed sum reads better with the minus sign.
    const amount = (n: number) => (n < 0 ? `−${bare(-n)}` : bare(n));
    return {
      amount,
      less: (n) => (n === 0 ? bare(0) : `−${bare(Math.abs(n))}`),
      signed: (n) => (n > 0 ? `+${bare(n)}` : amount(n)),
    };
  }, [t, formatNumber, unit]);
}

/**
 * A drawer's difference (counted − expected): short in red, over in green, "—" when nothing was
 * counted (no shift closed), 0 as it is.
 */
export function Difference({ value, figures }: { value: number | null; figures: Figures }) {
  const { t } = useTranslation();
  if (value === null) return <>—</>;
  if (value === 0) return <>{figures.amount(0)}</>;
  const short = value < 0;
  return (
    <span className={`fw-semibold ${short ? 'text-danger' : 'text-success'}`}>
      {figures.signed(value)} {t(short ? 'adminDayClose.short' : 'adminDayClose.over')}
    </span>
  );
}
