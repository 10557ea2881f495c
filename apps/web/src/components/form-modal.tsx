import type { FormEventHandler, ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../lib/i18n/i18n';

/**
 * A dialog with a form (add a supplier, pay a due, return goods): the title, a close button, and
 * the form as children (`ModalForm`), mounted only while the dialog is open so it starts afresh.
 */
export function FormModal({
  show,
  id,
  title,
  onClose,
  size,
  onExited,
  children,
}: {
  show: boolean;
  /** A page-unique id: the title's id is `${id}-title`. */
  id: string;
  title: ReactNode;
  onClose: () => void;
  size?: 'sm' | 'lg' | 'xl';
  /** Once the dialog has gone (its focus given back): where a screen moves the focus on after it. */
  onExited?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onExited}
      centered
      size={size}
      aria-labelledby={`${id}-title`}
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title as="h2" id={`${id}-title`} className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {show && children}
    </Modal>
  );
}

/**
 * The form inside a FormModal: its fields, the reason a save failed (not a field's), and Close
 * beside the submit button, which is off while the form is sent.
 */
export function ModalForm({
  onSubmit,
  submitting,
  failure,
  submitLabel,
  onClose,
  submitClass = 'btn-primary',
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  failure?: string | null;
  submitLabel: ReactNode;
  onClose: () => void;
  submitClass?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Modal.Body>
        {children}
        <div aria-live="polite">
          {failure && (
            <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
              {failure}
            </div>
          )}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('common.close')}
        </button>
        <button type="submit" className={`btn ${submitClass}`} disabled={submitting}>
          {submitLabel}
        </button>
      </Modal.Footer>
    </form>
  );
}
