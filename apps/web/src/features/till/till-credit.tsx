import type { CustomerDues, DueReceipt } from '@bazar/contracts/customers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { call } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { usePermissions } from '../auth/permissions';
import { useFocusOnOpen } from './focus-on-open';
import { newClientId } from '../../lib/client-id';
import { useTillSettings } from './till-api';

/** The methods money against dues comes in by (the advance is not money coming in). */
const DUE_METHODS = ['cash', 'bkash', 'nagad', 'card'] as const;
type DueMethod = (typeof DUE_METHODS)[number];
type Line = { method: DueMethod; amount: string; reference: string };

const tillDuesKey = (id: number) => ['till-dues', id] as const;

/** The customer's own credit limit, else the shop's (null: none). */
export const creditLimitOf = (own: number | null | undefined, shop: number | null): number | null =>
  own === undefined || own === null ? shop : own;

/** Whole taka typed by the cashier: digits only, else NaN. */
const taka = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * Under the till's customer block, for a customer looked up online: what they owe (their dues,
 * oldest first) beside their credit limit, "Receive due" and a link to their khata.
 */
export function TillCustomerCredit({
  customerId,
  onReceived,
}: {
  customerId: number;
  onReceived: (receipt: DueReceipt) => void;
}) {
  const { t } = useTranslation();
  const time = useShopTime();
  const { can } = usePermissions();
  const settings = useTillSettings();
  const dues = useQuery({
    queryKey: tillDuesKey(customerId),
    queryFn: () => call('GET /api/customer/dues/:id', { params: { id: customerId } }).then((a) => a.data),
    retry: false,
  });
  const [receiving, setReceiving] = useState(false);
  if (!dues.data) return null;
  const owed = dues.data.orders.reduce((sum, o) => sum + o.due, 0);
  const limit = creditLimitOf(dues.data.customer.credit_limit, settings.creditLimit);
  const shown = dues.data.orders.slice(0, 4);
  return (
    <div className="till-credit border-top pt-2 mt-3 small" data-testid="till-credit">
      <p className="mb-1">
        <strong className={owed > 0 ? 'text-danger' : undefined}>
          {owed > 0
            ? t('adminKhata.till.owes', { amount: formatNumber(owed) })
            : t('adminKhata.till.owesNothing')}
        </strong>
        <span className="text-body-secondary">
          {' · '}
          {limit === null
            ? t('adminKhata.till.noLimit')
            : t('adminKhata.till.limit', { amount: formatNumber(limit) })}
        </span>
      </p>
      {shown.length > 0 && (
        <ol className="list-unstyled mb-2" aria-label={t('adminKhata.till.duesTitle')}>
          {shown.map((o) => (
            <li key={o.id}>
              {t('adminKhata.till.dueLine', {
                id: o.id,
                date: time.date(o.created),
                amount: formatNumber(o.due),
              })}
            </li>
          ))}
          {dues.data.orders.length > shown.length && <li aria-hidden="true">…</li>}
        </ol>
      )}
      <div className="d-flex gap-2 flex-wrap">
        {owed > 0 && can('customers.dues') && (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setReceiving(true)}>
            {t('adminKhata.till.receive')}
          </button>
        )}
        <Link className="btn btn-sm btn-link px-0" to={`/admin/customer/${customerId}`}>
          {t('adminKhata.till.khata')}
        </Link>
      </div>
      {receiving && (
        <ReceiveDueDialog
          dues={dues.data}
          owed={owed}
          onClose={() => setReceiving(false)}
          onReceived={(receipt) => {
            setReceiving(false);
            onReceived(receipt);
          }}
        />
      )}
    </div>
  );
}

/**
 * "Receive due": one or more payments (split by method) against the customer's dues, oldest first.
 * The receipt's id is made when the dialog opens, so a Receive pressed again after a lost answer
 * is the same receipt on the server: the money is taken once.
 */
function ReceiveDueDialog({
  dues,
  owed,
  onClose,
  onReceived,
}: {
  dues: CustomerDues;
  owed: number;
  onClose: () => void;
  onReceived: (receipt: DueReceipt) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const clientId = useRef(newClientId());
  const [lines, setLines] = useState<Line[]>([{ method: 'cash', amount: String(owed), reference: '' }]);
  const [sms, setSms] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const name = dues.customer.name || dues.customer.phone;
  const amounts = lines.map((l) => taka(l.amount));
  const total = amounts.reduce((sum, a) => sum + (Number.isNaN(a) ? 0 : a), 0);
  // The first amount is what the cashier types first.
  useFocusOnOpen('receive-amount-0', { select: true });
  const change = (i: number, patch: Partial<Line>) =>
    setLines((now) => now.map((l, at) => (at === i ? { ...l, ...patch } : l)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (amounts.some((a) => Number.isNaN(a)) || total <= 0) return setError(t('adminKhata.receive.nothing'));
    if (total > owed) return setError(t('adminKhata.receive.tooMuch', { name, amount: formatNumber(owed) }));
    setBusy(true);
    setError('');
    try {
      const answer = await call('POST /api/till/due/:id', {
        params: { id: dues.customer.id },
        body: {
          client_id: clientId.current,
          payments: lines
            .filter((l) => taka(l.amount) > 0)
            .map((l) => ({
              method: l.method,
              amount: taka(l.amount),
              reference: l.reference.trim() || null,
            })),
          sms,
        },
      });
      void queryClient.invalidateQueries({ queryKey: tillDuesKey(dues.customer.id) });
      onReceived(answer.data);
    } catch (failure) {
      setError(serverMessage(failure, t('common.somethingWrong')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={onClose} centered animation={false} aria-labelledby="till-receive-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Modal.Header closeButton closeLabel={t('adminKhata.receive.cancel')}>
          <Modal.Title as="h2" id="till-receive-title" className="h5">
            {t('adminKhata.receive.title', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-3">
            {t('adminKhata.receive.owed')}:{' '}
            <strong data-testid="receive-owed">{formatNumber(owed)} BDT</strong>
          </p>
          {lines.map((line, i) => (
            <fieldset key={i} className="row g-2 align-items-end mb-2">
              <div className="col-4">
                <label className="form-label small mb-1" htmlFor={`receive-method-${i}`}>
                  {t('adminKhata.receive.method')}
                </label>
                <select
                  id={`receive-method-${i}`}
                  className="form-select form-select-sm"
                  value={line.method}
                  onChange={(e) => change(i, { method: e.currentTarget.value as DueMethod })}
                >
                  {DUE_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {t(`adminTill.summary.methods.${m}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="col-3">
                <label className="form-label small mb-1" htmlFor={`receive-amount-${i}`}>
                  {t('adminKhata.receive.amount')}
                </label>
                <input
                  id={`receive-amount-${i}`}
                  className="form-control form-control-sm"
                  inputMode="numeric"
                  autoComplete="off"
                  value={line.amount}
                  onChange={(e) => change(i, { amount: e.currentTarget.value.replace(/\D/g, '') })}
                />
              </div>
              <div className="col-4">
                <label className="form-label small mb-1" htmlFor={`receive-reference-${i}`}>
                  {t('adminKhata.receive.reference')}
                </label>
                <input
                  id={`receive-reference-${i}`}
                  className="form-control form-control-sm"
                  autoComplete="off"
                  maxLength={20}
                  disabled={line.method === 'cash'}
                  value={line.reference}
                  onChange={(e) => change(i, { reference: e.currentTarget.value })}
                />
              </div>
              <div className="col-1">
                {lines.length > 1 && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    aria-label={t('adminKhata.receive.remove')}
                    onClick={() => setLines((now) => now.filter((_, at) => at !== i))}
                  >
                    ×
                  </button>
                )}
              </div>
            </fieldset>
          ))}
          {lines.length < 4 && (
            <button
              type="button"
              className="btn btn-sm btn-link px-0"
              onClick={() =>
                setLines((now) => [
                  ...now,
                  { method: 'bkash', amount: String(Math.max(0, owed - total)), reference: '' },
                ])
              }
            >
              {t('adminKhata.receive.addPayment')}
            </button>
          )}
          <dl className="row small mt-2 mb-2">
            <dt className="col-7">{t('adminKhata.receive.total')}</dt>
            <dd className="col-5 text-end mb-0" data-testid="receive-total">
              {formatNumber(total)} BDT
            </dd>
            <dt className="col-7">{t('adminKhata.receive.after')}</dt>
            <dd className="col-5 text-end mb-0" data-testid="receive-after">
              {formatNumber(Math.max(0, owed - total))} BDT
            </dd>
          </dl>
          <div className="form-check">
            <input
              id="receive-sms"
              type="checkbox"
              className="form-check-input"
              checked={sms}
              onChange={(e) => setSms(e.currentTarget.checked)}
            />
            <label className="form-check-label" htmlFor="receive-sms">
              {t('adminKhata.receive.sms')}
            </label>
          </div>
          {error && (
            <p className="text-danger small mt-2 mb-0" role="alert">
              {error}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('adminKhata.receive.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('adminKhata.receive.submit')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
