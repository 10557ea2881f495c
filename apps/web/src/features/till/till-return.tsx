import { say } from '@bazar/contracts/messages';
import { receiptNumberOf, receiptRefOf, type ReceiptRef } from '@bazar/contracts/receipt-code';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { call } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { messageInLanguage } from '../../lib/messages';
import { refreshOrderLists, type Order } from '../admin-orders/orders-api';
import { ReturnModal } from '../admin-orders/return-modal';
import { useFocusOnOpen } from './focus-on-open';

const FIELD = 'till-return-number';

/** GET /api/order/receipt/{number}: the sale a receipt names. */
const fetchReceipt = (ref: ReceiptRef) =>
  call('GET /api/order/receipt/:number', { params: { number: receiptNumberOf(ref) } }).then(
    (answer) => answer.data,
  );

type Props = {
  /** The receipt scanned into the product box (looked up at once), or null: F7 or the button. */
  scanned: ReceiptRef | null;
  onClose: () => void;
};

/**
 * "Return a sale" at the till, without leaving it: the receipt's barcode scanned (into the product
 * box or this dialog) or its number typed finds the sale (`GET /api/order/receipt/{number}`), and
 * the back office's return dialog opens on it, as it does from the orders list: the same lines,
 * limits, refund and manager's approval. A return moves stock and money, so it needs the server:
 * offline the dialog says so and the sale being built is left as it was.
 */
export function TillReturn({ scanned, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(scanned ? receiptNumberOf(scanned) : '');
  const [finding, setFinding] = useState(false);
  const [failure, setFailure] = useState('');
  const [order, setOrder] = useState<Order | null>(null);
  // The newest lookup wins: a second scan while the first is on its way replaces it.
  const latest = useRef(0);
  useFocusOnOpen(FIELD, { select: true });

  const find = async (ref: ReceiptRef | null) => {
    const turn = ++latest.current;
    if (!ref) return setFailure(messageInLanguage(say('till.receiptNumber')));
    setFinding(true);
    setFailure('');
    try {
      const found = await fetchReceipt(ref);
      if (turn === latest.current) setOrder(found);
    } catch (error) {
      if (turn !== latest.current) return;
      setFailure(serverMessage(error, t('adminTill.returnSale.offline')));
      // The number is selected: the next scan or key replaces it.
      requestAnimationFrame(() => {
        const field = document.getElementById(FIELD);
        if (field instanceof HTMLInputElement) field.select();
      });
    } finally {
      if (turn === latest.current) setFinding(false);
    }
  };

  // A receipt scanned into the product box is looked up as the dialog opens.
  useEffect(() => {
    if (scanned) void find(scanned);
    // Once, for the receipt this dialog was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void find(receiptRefOf(text, { markRequired: false }));
  };

  return (
    <>
      <Modal
        show={order === null}
        onHide={onClose}
        centered
        animation={false}
        aria-labelledby="till-return-title"
        restoreFocus={false}
      >
        <form onSubmit={submit} noValidate>
          <Modal.Header closeButton closeLabel={t('adminTill.returnSale.close')}>
            <Modal.Title as="h2" id="till-return-title" className="h5">
              {t('adminTill.returnSale.title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <label htmlFor={FIELD} className="form-label">
              {t('adminTill.returnSale.number')}
            </label>
            <input
              id={FIELD}
              className={`form-control form-control-lg${failure ? ' is-invalid' : ''}`}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${FIELD}-help`}
              aria-invalid={failure ? true : undefined}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <div id={`${FIELD}-help`} className="form-text">
              {t('adminTill.returnSale.help')}
            </div>
            <div role="status" aria-live="polite" className="mt-2">
              {finding && <p className="mb-0 text-secondary">{t('adminTill.returnSale.finding')}</p>}
              {failure && (
                <p className="mb-0 text-danger" data-testid="till-return-failure">
                  {failure}
                </p>
              )}
            </div>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('adminTill.returnSale.close')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={finding}>
              {t('adminTill.returnSale.find')}
            </button>
          </Modal.Footer>
        </form>
      </Modal>
      <ReturnModal order={order} onClose={onClose} onReturned={() => void refreshOrderLists(queryClient)} />
    </>
  );
}
