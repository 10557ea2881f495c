import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/i18n/i18n';

/** What the cashier chose when a sale would be saved with money left owing. */
export type DueChoice = 'save' | 'approve' | 'pay' | 'customer';

type Asking = {
  due: number;
  /** Who owes it: the customer's name and phone, or null for a walk-in customer. */
  who: { name: string; phone: string } | null;
  /** The cashier may let a walk-in owe (a manager); otherwise a manager approves it. */
  mayApprove: boolean;
  resolve: (choice: DueChoice | null) => void;
};

/**
 * Asks once before a sale is saved with money left owing. With a customer it says who owes how much
 * and saves on Enter. With none (a walk-in), a walk-in pays in full: take the rest, look the
 * customer up, or have a manager approve the credit (the manager's own till saves it as credit).
 */
function DueDialog({ asking, onChoose }: { asking: Asking; onChoose: (choice: DueChoice | null) => void }) {
  const { t } = useTranslation();
  const amount = t('adminTill.summary.amount', { amount: asking.due });
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('[aria-labelledby="till-due-title"] [data-autofocus]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Modal show onHide={() => onChoose(null)} centered animation={false} aria-labelledby="till-due-title">
      <Modal.Header closeButton closeLabel={t('adminTill.due.back')}>
        <Modal.Title as="h2" id="till-due-title" className="h5">
          {asking.who ? t('adminTill.due.creditTitle') : t('adminTill.due.walkInTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0" data-testid="till-due-text">
          {asking.who
            ? t('adminTill.due.owes', {
                name: asking.who.name || asking.who.phone,
                phone: asking.who.phone,
                amount,
              })
            : t('adminTill.due.walkIn', { amount })}
        </p>
      </Modal.Body>
      <Modal.Footer className="flex-wrap">
        {asking.who ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => onChoose(null)}>
              {t('adminTill.due.back')}
            </button>
            <button type="button" className="btn btn-primary" data-autofocus onClick={() => onChoose('save')}>
              {t('adminTill.due.save')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={() => onChoose('customer')}>
              {t('adminTill.due.customer')}
            </button>
            <button
              type="button"
              className={asking.mayApprove ? 'btn btn-outline-secondary' : 'btn btn-outline-primary'}
              onClick={() => onChoose('approve')}
            >
              {asking.mayApprove ? t('adminTill.due.saveCredit') : t('adminTill.due.approve')}
            </button>
            <button type="button" className="btn btn-primary" data-autofocus onClick={() => onChoose('pay')}>
              {t('adminTill.due.pay')}
            </button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}

/** `ask(…)` opens the due dialog and resolves with the cashier's choice (null: closed). Render `dialog` once. */
export function useDueCheck() {
  const [asking, setAsking] = useState<Asking | null>(null);
  const ask = (question: Omit<Asking, 'resolve'>) =>
    new Promise<DueChoice | null>((resolve) => setAsking({ ...question, resolve }));
  const dialog = asking && (
    <DueDialog
      asking={asking}
      onChoose={(choice) => {
        asking.resolve(choice);
        setAsking(null);
      }}
    />
  );
  return { ask, dialog };
}
