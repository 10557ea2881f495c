import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { methodLabel } from '../../components/order-record';
import { useTranslation } from '../../lib/i18n/i18n';
import { isCancelled, receiptUrl, type Order } from './orders-api';
import { ReturnForm, type ReturnDone } from './return-form';
import { returnRows } from './return-rows';

const DONE_CLOSE = 'return-done-close';

interface ReturnModalProps {
  order: Order | null;
  onClose: () => void;
  /** Gets the order as the server has it after the return. */
  onReturned: (order: Order) => void;
}

/**
 * "Return": some or all of an order's lines come back, and the money the server will give back.
 * The dialog of FormModal, scrollable (a long order) and with the first quantity focused as it
 * opens, so the cashier types at once.
 */
export function ReturnModal({ order, onClose, onReturned }: ReturnModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      show={order !== null}
      onHide={onClose}
      centered
      scrollable
      aria-labelledby="return-title"
      onEntered={() => document.getElementById('return-qty-0')?.focus()}
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title as="h2" id="return-title" className="h5">
          {t('adminOrders.returns.title')}
        </Modal.Title>
      </Modal.Header>
      {order && <ReturnContent key={order.id} order={order} onClose={onClose} onReturned={onReturned} />}
    </Modal>
  );
}

/** The form; or what the dialog says instead: the return saved, or nothing left to return. */
function ReturnContent({ order, onClose, onReturned }: { order: Order } & Omit<ReturnModalProps, 'order'>) {
  const { t } = useTranslation();
  const rows = useMemo(() => returnRows(order), [order]);
  const [done, setDone] = useState<ReturnDone | null>(null);
  // Saved: Close takes the focus as the message shows (before it is painted), so Enter closes (the
  // form that had it is gone; `autoFocus` is not acted on by Preact).
  useLayoutEffect(() => {
    if (done) document.getElementById(DONE_CLOSE)?.focus();
  }, [done]);

  const closeOnly = (body: ReactNode, footer?: ReactNode) => (
    <>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        {footer ?? (
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('common.close')}
          </button>
        )}
      </Modal.Footer>
    </>
  );

  if (done) {
    return closeOnly(
      <div className="alert alert-success mb-0" role="status">
        <p className="fw-semibold mb-1">{t('adminOrders.returns.saved', { id: done.id })}</p>
        {done.refund > 0 && (
          <p className="mb-0">
            {t('adminOrders.returns.savedBack', { amount: done.refund, method: methodLabel(t, done.method) })}
          </p>
        )}
      </div>,
      <>
        <Link to={receiptUrl(order.id, done.id)} className="btn btn-outline-primary">
          {t('adminOrders.returns.printReceipt')}
        </Link>
        <button id={DONE_CLOSE} type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </>,
    );
  }
  if (isCancelled(order)) return closeOnly(<p className="mb-0">{t('adminOrders.returns.cancelled')}</p>);
  if (rows.length === 0) return closeOnly(<p className="mb-0">{t('adminOrders.returns.nothingLeft')}</p>);
  return (
    <ReturnForm
      order={order}
      rows={rows}
      onClose={onClose}
      onDone={(answer, saved) => {
        onReturned(answer);
        setDone(saved);
      }}
    />
  );
}
