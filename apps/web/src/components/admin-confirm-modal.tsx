import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../lib/i18n/i18n';

interface AdminConfirmModalProps {
  show: boolean;
  /** The heading; the spec's "Confirm delete" when not given. */
  title?: string;
  /** The question; the spec's "Are you want to delete?" when not given. */
  children?: ReactNode;
  confirmLabel?: string;
  /** The button that leaves everything as it was; "Close" when not given. */
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /**
   * Once the dialog is gone (after its closing animation): where the focus goes next. Without it
   * the focus goes back to the button that opened the dialog.
   */
  onExited?: () => void;
}

/** "Confirm delete": closing leaves everything as it was; confirming runs `onConfirm`. */
export function AdminConfirmModal({
  show,
  title,
  children,
  confirmLabel,
  cancelLabel,
  pending = false,
  onConfirm,
  onClose,
  onExited,
}: AdminConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      aria-labelledby="admin-confirm-title"
      restoreFocus={!onExited}
      onExited={onExited}
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title as="h2" id="admin-confirm-title" className="h5">
          {title ?? t('adminCatalog.common.confirmDelete')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children ?? t('adminCatalog.common.confirmDeleteText')}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {cancelLabel ?? t('common.close')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={pending}>
          {confirmLabel ?? t('adminCatalog.common.delete')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
