import type { PaymentMethod } from '@bazar/contracts/orders';
import type { Ref, SelectHTMLAttributes } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import { methodLabel } from './order-record';

type MethodSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  id: string;
  label: string;
  /** The methods offered, in the order shown (their names from the catalogue's orderRecord.methods). */
  methods: readonly PaymentMethod[];
  /** The label's classes, when not the form's usual ones (a small nested choice). */
  labelClassName?: string;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled choice of how money moves (cash, bKash, Nagad, card…): the forms that take or pay money. */
export function MethodSelect({
  id,
  label,
  methods,
  className = 'form-select',
  labelClassName = 'form-label',
  ...select
}: MethodSelectProps) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} className={className} {...select}>
        {methods.map((method) => (
          <option key={method} value={method}>
            {methodLabel(t, method)}
          </option>
        ))}
      </select>
    </>
  );
}
