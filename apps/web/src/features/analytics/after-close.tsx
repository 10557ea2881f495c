import { PAYMENT_METHODS } from '@bazar/contracts/orders';
import { methodLabel } from '../../components/order-record';
import { useTranslation } from '../../lib/i18n/i18n';
import { signed, type DayFigures } from './analytics-api';

const FIGURES = [
  'orders',
  'total',
  'paid',
  'expance',
  'cash',
  'refunds',
  'returns',
  'cash_moves',
  'float',
  'cash_sales',
  'cash_suppliers',
  'drawer',
] as const;

/**
 * What was entered for a closed day after Close Cash (now − closed), figure by figure with its
 * sign: "Total Expance +50 BDT". Figures that did not change are left out.
 */
export function AfterClose({ change }: { change: Partial<DayFigures> }) {
  const { t } = useTranslation();
  const items: { key: string; label: string; text: string }[] = [];
  for (const key of FIGURES) {
    const n = change[key];
    if (n === undefined || n === 0) continue;
    items.push({
      key,
      label: t(`adminAnalytics.figures.${key}`),
      text: key === 'orders' ? signed(n) : t('adminAnalytics.amount', { amount: signed(n) }),
    });
  }
  for (const method of PAYMENT_METHODS) {
    const n = change.by_method?.[method];
    if (!n) continue;
    items.push({
      key: method,
      label: methodLabel(t, method),
      text: t('adminAnalytics.amount', { amount: signed(n) }),
    });
  }
  return (
    <ul className="list-unstyled mb-0 after-close">
      {items.map((item) => (
        <li key={item.key} data-figure={item.key}>
          {item.label} <span className="fw-semibold">{item.text}</span>
        </li>
      ))}
    </ul>
  );
}
