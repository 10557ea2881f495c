import {
  collectedPayment,
  RIDER_METHODS,
  type CollectedPayment,
  type RiderMethod,
} from '@bazar/contracts/riders';
import { useState, type FormEvent } from 'react';
import { describedBy, FieldError } from '../../components/field-error';
import { FormModal, ModalForm } from '../../components/form-modal';
import { numberField, readNumber } from '../../lib/forms';
import { useTranslation, type Language } from '../../lib/i18n/i18n';
import type { ShownDelivery } from './rider-outbox';

/** At most this many payments for one delivery (the server's limit). */
const MAX_PAYMENTS = 3;

interface Entry {
  method: RiderMethod;
  /** As typed: Latin or Bengali digits. */
  amount: string;
  reference: string;
}

type EntryErrors = { amount?: string; reference?: string };

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** A whole amount as the rider would type it in the screen's language (no grouping: it is edited). */
const typedAmount = (amount: number, lang: Language) =>
  lang === 'bn' ? String(amount).replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)] ?? d) : String(amount);

const takesTrx = (method: RiderMethod) => method !== 'cash';

/**
 * Delivered: what the rider collected at the door, prefilled with the whole due in cash. A split
 * adds a payment (up to three): cash, bKash or Nagad, the mobile ones with the TrxID from the
 * customer's message. Nothing to collect (paid): no payments. The payments are checked here by the
 * contracts' schema and against the due, as the server will check them.
 */
export function DeliveredDialog({
  delivery,
  onClose,
  onExited,
  onSubmit,
}: {
  delivery: ShownDelivery | null;
  onClose: () => void;
  onExited: () => void;
  onSubmit: (delivery: ShownDelivery, payments: CollectedPayment[]) => void;
}) {
  const { t } = useTranslation();
  // The title stays while the dialog fades out (kept as React keeps a value from the last render).
  const [last, setLast] = useState(delivery);
  if (delivery && delivery !== last) setLast(delivery);
  const shown = delivery ?? last;
  return (
    <FormModal
      show={delivery !== null}
      id="rider-delivered"
      title={shown ? t('rider.deliver.title', { id: shown.id }) : ''}
      onClose={onClose}
      onExited={onExited}
    >
      {delivery && <DeliveredForm delivery={delivery} onClose={onClose} onSubmit={onSubmit} />}
    </FormModal>
  );
}

function DeliveredForm({
  delivery,
  onClose,
  onSubmit,
}: {
  delivery: ShownDelivery;
  onClose: () => void;
  onSubmit: (delivery: ShownDelivery, payments: CollectedPayment[]) => void;
}) {
  const { t, language } = useTranslation();
  const due = Math.max(0, delivery.due);
  const [entries, setEntries] = useState<Entry[]>(() =>
    due > 0 ? [{ method: 'cash', amount: typedAmount(due, language), reference: '' }] : [],
  );
  const [errors, setErrors] = useState<EntryErrors[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const methodName = (method: RiderMethod) => t(`rider.methods.${method}`);

  /** The marks a change clears: its own field's (a new method asks for its TrxID afresh). */
  const fieldsOf = (patch: Partial<Entry>): EntryErrors => ({
    ...('amount' in patch && { amount: undefined }),
    ...(('reference' in patch || 'method' in patch) && { reference: undefined }),
  });
  const change = (i: number, patch: Partial<Entry>) => {
    setEntries((all) => all.map((entry, n) => (n === i ? { ...entry, ...patch } : entry)));
    // A field's mark goes as soon as it is changed; the form checks again on Mark delivered.
    setErrors((all) => all.map((e, n) => (n === i ? { ...e, ...fieldsOf(patch) } : e)));
    setFailure(null);
  };
  const add = () => {
    setEntries((all) => [...all, { method: 'bkash', amount: '', reference: '' }]);
    setFailure(null);
  };
  const remove = (i: number) => {
    setEntries((all) => all.filter((_, n) => n !== i));
    setErrors((all) => all.filter((_, n) => n !== i));
    setFailure(null);
  };

  const amounts = entries.map((entry) => readNumber(entry.amount));
  const sum = amounts.reduce<number>((n, a) => n + (a !== undefined && Number.isInteger(a) ? a : 0), 0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: EntryErrors[] = [];
    const payments: CollectedPayment[] = [];
    entries.forEach((entry, i) => {
      const amount = amounts[i];
      const mark: EntryErrors = {};
      if (amount === undefined || !Number.isInteger(amount) || amount < 1)
        mark.amount = t('rider.deliver.wholeTaka');
      if (takesTrx(entry.method) && entry.reference.trim() === '')
        mark.reference = t('rider.deliver.trxNeeded', { method: methodName(entry.method) });
      const parsed = collectedPayment.safeParse({
        method: entry.method,
        amount,
        reference: takesTrx(entry.method) ? entry.reference : null,
      });
      if (parsed.success) payments.push(parsed.data);
      else
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] === 'reference' ? 'reference' : 'amount';
          mark[field] ??= issue.message;
        }
      found.push(mark);
    });
    setErrors(found);
    if (found.some((mark) => mark.amount || mark.reference)) return;
    if (sum > due) {
      setFailure(t('rider.deliver.tooMuch', { due }));
      return;
    }
    onSubmit(delivery, payments);
  };

  return (
    <ModalForm
      onSubmit={submit}
      submitting={false}
      failure={failure}
      submitLabel={t('rider.deliver.submit')}
      onClose={onClose}
    >
      {due > 0 ? (
        <p className="fs-5 fw-bold mb-3">{t('rider.deliver.due', { amount: due })}</p>
      ) : (
        <p className="fw-semibold mb-0">{t('rider.deliver.paid')}</p>
      )}
      {entries.map((entry, i) => {
        const id = `deliver-${i + 1}`;
        const mark = errors[i] ?? {};
        return (
          <fieldset key={i} className="border rounded p-2 mb-2">
            <legend className={`fs-6 fw-semibold mb-1${entries.length > 1 ? '' : ' visually-hidden'}`}>
              {t('rider.deliver.payment', { n: i + 1 })}
            </legend>
            <div className="row g-2">
              <div className="col-6">
                <label htmlFor={`${id}-method`} className="form-label small mb-1">
                  {t('rider.deliver.method')}
                </label>
                <select
                  id={`${id}-method`}
                  className="form-select"
                  value={entry.method}
                  onChange={(event) => change(i, { method: event.target.value as RiderMethod })}
                >
                  {RIDER_METHODS.map((method) => (
                    <option key={method} value={method}>
                      {methodName(method)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="col-6">
                <label htmlFor={`${id}-amount`} className="form-label small mb-1">
                  {t('rider.deliver.amount')}
                </label>
                <input
                  id={`${id}-amount`}
                  {...numberField('whole')}
                  className={`form-control${mark.amount ? ' is-invalid' : ''}`}
                  aria-invalid={mark.amount ? true : undefined}
                  aria-describedby={describedBy(`${id}-amount`, { error: mark.amount })}
                  value={entry.amount}
                  onChange={(event) => change(i, { amount: event.target.value })}
                />
                <FieldError id={`${id}-amount`} message={mark.amount} />
              </div>
              {takesTrx(entry.method) && (
                <div className="col-12">
                  <label htmlFor={`${id}-trx`} className="form-label small mb-1">
                    {t('rider.deliver.trx')}
                  </label>
                  <input
                    id={`${id}-trx`}
                    type="text"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={20}
                    translate="no"
                    className={`form-control rider-code${mark.reference ? ' is-invalid' : ''}`}
                    aria-invalid={mark.reference ? true : undefined}
                    aria-describedby={describedBy(`${id}-trx`, { error: mark.reference })}
                    value={entry.reference}
                    onChange={(event) => change(i, { reference: event.target.value })}
                  />
                  <FieldError id={`${id}-trx`} message={mark.reference} />
                </div>
              )}
              {entries.length > 1 && (
                <div className="col-12">
                  <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => remove(i)}>
                    {t('rider.deliver.remove', { n: i + 1 })}
                  </button>
                </div>
              )}
            </div>
          </fieldset>
        );
      })}
      {due > 0 && (
        <>
          {entries.length < MAX_PAYMENTS && (
            <button type="button" className="btn btn-outline-primary w-100 mb-2" onClick={add}>
              {t('rider.deliver.split')}
            </button>
          )}
          <p className="mb-0" aria-live="polite">
            {t('rider.deliver.total', { amount: sum, due })}
          </p>
        </>
      )}
    </ModalForm>
  );
}
