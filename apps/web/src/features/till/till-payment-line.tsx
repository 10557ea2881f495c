import { PAYMENT_METHODS } from '@bazar/contracts/orders';
import type { KeyboardEvent, RefObject } from 'react';
import { describedBy, FieldError } from '../../components/field-error';
import { useTranslation } from '../../lib/i18n/i18n';
import type { PaymentMethod } from './till-api';
import { takesReference, type EntryErrors, type PaymentEntry } from './till-sale';

type Props = {
  entry: PaymentEntry;
  errors: EntryErrors;
  /** The found customer's advance still free (the method is offered), or null. */
  advance: number | null;
  onEntry: (entry: PaymentEntry) => void;
  /** Enter in any of its fields, or "Add payment". */
  onAdd: () => void;
  payRef: RefObject<HTMLInputElement | null>;
};

/**
 * The payment being typed: the spec's Pay and Payment Method, with the reference bKash, Nagad and
 * card take. Enter adds it to the sale's payments, so another method can pay the rest.
 */
export function TillPaymentLine({ entry, errors, advance, onEntry, onAdd, payRef }: Props) {
  const { t } = useTranslation();
  const methodName = (method: PaymentMethod) => t(`adminTill.summary.methods.${method}`);
  const methods = PAYMENT_METHODS.filter((m) => m !== 'balance' || advance !== null || entry.method === m);
  const needsReference = takesReference(entry.method);

  const onEntryKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onAdd();
  };

  return (
    <fieldset className="till-payment-line mb-2">
      <legend className="small fw-semibold mb-1">{t('adminTill.summary.payment')}</legend>
      <div className="row g-2">
        <div className="col-6">
          <label htmlFor="till-pay" className="form-label small mb-1">
            {t('adminTill.summary.pay')}
          </label>
          <input
            ref={payRef}
            id="till-pay"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={`form-control${errors.amount ? ' is-invalid' : ''}`}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy('till-pay', { help: true, error: errors.amount })}
            value={entry.amount}
            onChange={(event) => onEntry({ ...entry, amount: event.target.value })}
            onKeyDown={onEntryKey}
          />
          <FieldError id="till-pay" message={errors.amount} />
        </div>
        <div className="col-6">
          <label htmlFor="till-method" className="form-label small mb-1">
            {t('adminTill.summary.method')}
          </label>
          <select
            id="till-method"
            className="form-select"
            value={entry.method}
            onChange={(event) => onEntry({ ...entry, method: event.target.value as PaymentMethod })}
            onKeyDown={onEntryKey}
          >
            {methods.map((m) => (
              <option key={m} value={m}>
                {m === 'balance' && advance !== null
                  ? t('adminTill.summary.advanceOption', { amount: advance })
                  : methodName(m)}
              </option>
            ))}
          </select>
        </div>
        {needsReference && (
          <div className="col-12">
            <label htmlFor="till-reference" className="form-label small mb-1">
              {t('adminTill.summary.reference', { method: methodName(entry.method) })}
            </label>
            <input
              id="till-reference"
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              className={`form-control form-control-sm${errors.reference ? ' is-invalid' : ''}`}
              aria-invalid={errors.reference ? true : undefined}
              aria-describedby={describedBy('till-reference', { error: errors.reference })}
              value={entry.reference}
              onChange={(event) => onEntry({ ...entry, reference: event.target.value })}
              onKeyDown={onEntryKey}
            />
            <FieldError id="till-reference" message={errors.reference} />
          </div>
        )}
      </div>
      <div id="till-pay-help" className="form-text">
        {t('adminTill.summary.payHelp')}
      </div>
      <button type="button" className="btn btn-sm btn-outline-primary mt-1" onClick={onAdd}>
        {t('adminTill.summary.addPayment')}
      </button>
    </fieldset>
  );
}
