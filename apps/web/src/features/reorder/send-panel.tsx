import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { smsLink, whatsAppLink, type PurchaseOrder } from './reorder-api';

/**
 * The order as the text the owner sends the supplier (the server writes it): shown whole, with
 * Copy, and links that open the phone's SMS app or WhatsApp with it written in when the supplier
 * has a phone number. The shop sends nothing itself: the owner sends it from their own phone.
 */
export function SendPanel({ order, focus }: { order: PurchaseOrder; focus: boolean }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const text = useRef<HTMLTextAreaElement>(null);
  const { phone, name } = order.supplier;

  // Just sent: the message is what to do next, so the focus goes there.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  const copy = async () => {
    try {
      // Not there on a page served over plain HTTP from another machine (not a secure context).
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(order.message);
      toast.success(t('reorder.message.copied'));
    } catch {
      text.current?.select();
      toast.error(t('reorder.message.copyFailed'));
    }
  };

  return (
    <section
      className="card border-info-subtle shadow-sm mb-3 po-message d-print-none"
      aria-labelledby="po-message-title"
    >
      <div className="card-body">
        <h2 id="po-message-title" className="h6" tabIndex={-1} ref={heading}>
          {t('reorder.message.title')}
        </h2>
        <p className="small text-secondary mb-2">
          {phone ? t('reorder.message.help', { name }) : t('reorder.message.noPhone')}
        </p>
        <label htmlFor="po-message-text" className="visually-hidden">
          {t('reorder.message.text')}
        </label>
        <textarea
          id="po-message-text"
          ref={text}
          className="form-control font-monospace small mb-2"
          rows={Math.min(8, order.message.split('\n').length)}
          readOnly
          value={order.message}
          translate="no"
          data-testid="po-message"
        />
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
            {t('reorder.message.copy')}
          </button>
          {phone && (
            <>
              <a className="btn btn-outline-primary" href={smsLink(phone, order.message)}>
                {t('reorder.message.sms')}
              </a>
              <a
                className="btn btn-outline-success"
                href={whatsAppLink(phone, order.message)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('reorder.message.whatsApp')}
              </a>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
