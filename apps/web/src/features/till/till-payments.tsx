import type { RefObject } from 'react';
import { ReceiptPaperSelect, useReceiptPaper } from '../../components/receipt-paper';
import { useTranslation } from '../../lib/i18n/i18n';
import { numberField, readNumber } from '../../lib/forms';
import type { PaymentMethod } from './till-api';
import { TillPaymentLine } from './till-payment-line';
import type { EntryErrors, PaymentEntry, SalePayment, Settlement } from './till-sale';

/** Discount: whole taka, never below 0. */
/** A typed amount (Latin or Bengali digits) as whole taka; anything else is 0. */
const whole = (value: string) => Math.max(0, Math.floor(readNumber(value) ?? 0));

type Props = {
  total: number;
  ship: number;
  shipOn: boolean;
  onShip: (on: boolean) => void;
  discount: number;
  onDiscount: (discount: number) => void;
  entry: PaymentEntry;
  entryErrors: EntryErrors;
  onEntry: (entry: PaymentEntry) => void;
  /** Enter in the payment line or "Add payment". */
  onAddEntry: () => void;
  payments: SalePayment[];
  onRemovePayment: (index: number) => void;
  /** The found customer's advance still free, or null when no customer with an advance is chosen. */
  advance: number | null;
  onUseAdvance: () => void;
  settlement: Settlement;
  error: string;
  saving: boolean;
  onSave: () => void;
  /** Void the sale being built (the cart, its payments and its customer); null: nothing to void. */
  onVoid: (() => void) | null;
  payRef: RefObject<HTMLInputElement | null>;
};

/**
 * The summary panel: Total, Shipping cost, Subtotal, Discount, Pay, Due, Payment Method,
 * Save & Print Order; with several payments in one sale (each method with its reference), the
 * customer's advance as a payment, and the change of cash tendered, shown large.
 */
export function TillPayments(props: Props) {
  const { t } = useTranslation();
  const { entry, entryErrors, settlement, payments, advance } = props;
  const [paper, setPaper] = useReceiptPaper();
  const amount = (n: number) => t('adminTill.summary.amount', { amount: n });
  const methodName = (method: PaymentMethod) => t(`adminTill.summary.methods.${method}`);
  return (
    <section className="card shadow-sm till-summary" aria-labelledby="till-summary-title">
      <div className="card-body">
        <h2 id="till-summary-title" className="h6 mb-3">
          {t('adminTill.summary.heading')}
        </h2>
        <dl className="till-totals mb-3">
          <dt>{t('adminTill.summary.total')}</dt>
          <dd data-testid="till-total">{amount(props.total)}</dd>
          <dt>
            <div className="form-check mb-0">
              <input
                id="till-ship"
                type="checkbox"
                className="form-check-input"
                checked={props.shipOn}
                onChange={(event) => props.onShip(event.target.checked)}
              />
              <label htmlFor="till-ship" className="form-check-label">
                {t('adminTill.summary.shipping')}
              </label>
            </div>
          </dt>
          <dd data-testid="till-ship">{amount(props.ship)}</dd>
          <dt>{t('adminTill.summary.subtotal')}</dt>
          <dd data-testid="till-subtotal">{amount(props.total + props.ship)}</dd>
        </dl>

        <div className="mb-3">
          <label htmlFor="till-discount" className="form-label small mb-1">
            {t('adminTill.summary.discount')}
          </label>
          <input
            id="till-discount"
            {...numberField('whole')}
            className="form-control form-control-sm"
            value={props.discount}
            onChange={(event) => props.onDiscount(whole(event.target.value))}
          />
        </div>

        <TillPaymentLine
          entry={entry}
          errors={entryErrors}
          advance={advance}
          onEntry={props.onEntry}
          onAdd={props.onAddEntry}
          payRef={props.payRef}
        />

        {advance !== null && (
          <div className="till-advance d-flex align-items-center gap-2 flex-wrap small mb-2">
            <span data-testid="till-advance">
              {t('adminTill.summary.advanceAvailable', { amount: advance })}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline-success"
              onClick={props.onUseAdvance}
              disabled={advance <= 0}
            >
              {t('adminTill.summary.useAdvance')}
            </button>
          </div>
        )}

        {payments.length > 0 && (
          <ul className="list-unstyled till-payments mb-2" aria-label={t('adminTill.summary.payments')}>
            {payments.map((payment, index) => (
              <li key={index} className="d-flex align-items-center gap-2">
                <span className="me-auto">
                  {methodName(payment.method)}
                  {payment.reference && <span className="text-secondary"> · {payment.reference}</span>}
                </span>
                <span className="num">{amount(payment.amount)}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-link text-danger p-0"
                  aria-label={t('adminTill.summary.removePayment', {
                    method: methodName(payment.method),
                    amount: payment.amount,
                  })}
                  onClick={() => props.onRemovePayment(index)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}

        <dl className="till-totals mb-2">
          <dt>{t('adminTill.summary.paid')}</dt>
          <dd data-testid="till-paid">{amount(settlement.paid)}</dd>
          <dt>{t('adminTill.summary.due')}</dt>
          <dd data-testid="till-due" className={settlement.due < 0 ? 'text-danger' : ''}>
            {amount(settlement.due)}
          </dd>
        </dl>
        {settlement.change > 0 && (
          <div className="till-change" role="status">
            <span>{t('adminTill.summary.change')}</span>
            <strong data-testid="till-change">{amount(settlement.change)}</strong>
          </div>
        )}

        <p className="small text-danger mb-2" role="alert">
          {props.error}
        </p>
        <button
          type="button"
          className="btn btn-success btn-lg w-100 d-flex justify-content-center align-items-center gap-2"
          disabled={props.saving}
          onClick={props.onSave}
          aria-keyshortcuts="F9"
        >
          {props.saving ? t('adminTill.summary.saving') : t('adminTill.summary.save')}
          <kbd className="till-kbd-on-button" aria-hidden="true">
            F9
          </kbd>
        </button>
        {props.onVoid && (
          <button type="button" className="btn btn-outline-danger w-100 mt-2" onClick={props.onVoid}>
            {t('adminTill.summary.void')}
          </button>
        )}
        <ReceiptPaperSelect id="till-paper" className="mt-3" value={paper} onChange={setPaper} />
      </div>
    </section>
  );
}
