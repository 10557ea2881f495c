import Modal from 'react-bootstrap/Modal';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { formatDay } from '../../lib/shop-time';
import type { ExpiredLine } from './till-expiry';

/** What a shop does with a till sale that would take expired stock (Setting's `expired_sale`). */
export type ExpiredRule = 'approval' | 'never';

/** A quantity as the cart writes it: "2", "1.5 kg". */
function useQtyText() {
  const { t } = useTranslation();
  return (qty: number, unit: ExpiredLine['unit']) =>
    unit && unit !== 'pcs' ? `${formatNumber(qty)} ${t(`adminTill.cart.units.${unit}`)}` : formatNumber(qty);
}

/** "selling 1 of Bread (400 g), expired on 05 Mar 2025": what a manager approves. */
export function useExpiredWhat() {
  const { t } = useTranslation();
  const local = useLocalName();
  const qtyText = useQtyText();
  return (line: ExpiredLine) =>
    t('adminTill.staff.kinds.expired', {
      qty: qtyText(line.qty, line.unit),
      title: local(line.title, line.title_bn),
      date: formatDay(line.expiry),
    });
}

/**
 * "Expired stock": shown the moment a product goes into the cart (or its quantity grows) so that
 * part of it would come from a batch that expired before today. It names the product, how much,
 * and the date, and tells the cashier to check the pack. With Setting's rule `approval` a manager
 * approves it (their phone and PIN, the till's approval dialog) or the line goes; a cashier who may
 * approve sells it on their own word. With `never` the line can only go: the batch is written off
 * first. No button takes the focus: a scanner's next Enter must not answer it.
 */
export function TillExpiredDialog({
  line,
  rule,
  mayApprove,
  onRemove,
  onApprove,
  onClose,
}: {
  line: ExpiredLine;
  rule: ExpiredRule;
  mayApprove: boolean;
  onRemove: () => void;
  onApprove: () => void;
  /** Closed without a choice: the line stays, and Save asks again. */
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const local = useLocalName();
  const qtyText = useQtyText();
  const title = local(line.title, line.title_bn);
  const attri = local(line.attri, line.attri_bn);
  return (
    <Modal show onHide={onClose} centered animation={false} aria-labelledby="till-expired-title">
      <Modal.Header closeButton closeLabel={t('adminTill.expiry.close')}>
        <Modal.Title as="h2" id="till-expired-title" className="h5 text-danger">
          {t('adminTill.expiry.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fw-semibold" data-testid="till-expired-text">
          {t(line.qty < line.inCart ? 'adminTill.expiry.text' : 'adminTill.expiry.textAll', {
            title: attri ? `${title} (${attri})` : title,
            qty: qtyText(line.qty, line.unit),
            inCart: qtyText(line.inCart, line.unit),
            date: formatDay(line.expiry),
          })}
        </p>
        <p className="mb-0">{rule === 'never' ? t('adminTill.expiry.never') : t('adminTill.expiry.check')}</p>
      </Modal.Body>
      <Modal.Footer className="flex-wrap">
        <button type="button" className="btn btn-outline-danger" onClick={onRemove}>
          {t('adminTill.expiry.remove')}
        </button>
        {rule === 'approval' && (
          <button type="button" className="btn btn-primary" onClick={onApprove}>
            {mayApprove ? t('adminTill.expiry.sell') : t('adminTill.expiry.approve')}
          </button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
