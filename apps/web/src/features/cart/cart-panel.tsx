import { useEffect } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useNavigate } from 'react-router';
import { useLocalName } from '../../lib/names';
import { cartTotal } from '../../lib/money';
import { type CartLine, changeCartQty, useCartLines } from '../../lib/session';

/** The cart that slides in from the top bar: lines with minus/qty/plus and a Checkout button. */
export function CartPanel({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lines = useCartLines();
  const total = cartTotal(lines);

  // Toasts ("Product added to cart") sit at the bottom, where the panel has its Checkout button:
  // while the panel is open they move to the top (styles.css, .cart-open).
  useEffect(() => {
    document.body.classList.toggle('cart-open', show);
    return () => document.body.classList.remove('cart-open');
  }, [show]);

  const checkout = () => {
    onClose();
    void navigate('/user/checkout');
  };

  return (
    <Offcanvas show={show} onHide={onClose} placement="end" aria-labelledby="cart-title">
      <Offcanvas.Header className="border-bottom">
        <Offcanvas.Title as="h2" id="cart-title" className="h5 mb-0">
          {t('cart.title')}
        </Offcanvas.Title>
        <button type="button" className="btn btn-sm btn-outline-secondary ms-auto" onClick={onClose}>
          {t('common.close')}
        </button>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column">
        {lines.length === 0 ? (
          <p className="text-secondary">{t('cart.empty')}</p>
        ) : (
          <ul className="list-unstyled mb-3">
            {lines.map((line) => (
              <CartLineRow key={line.id} line={line} />
            ))}
          </ul>
        )}
        <div className="mt-auto">
          {lines.length > 0 && (
            <p className="d-flex justify-content-between fw-semibold">
              <span>{t('cart.total')}</span>
              <span>{t('common.price', { amount: total })}</span>
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary w-100"
            onClick={checkout}
            disabled={lines.length === 0}
          >
            {t('cart.checkout')}
          </button>
        </div>
      </Offcanvas.Body>
    </Offcanvas>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const title = local(line.title, line.title_bn);
  const attri = local(line.atrri, line.atrri_bn);
  return (
    <li className="d-flex gap-2 align-items-center py-2 border-bottom">
      {line.image ? (
        <img
          src={line.image}
          alt={title}
          width={56}
          height={56}
          className="cart-thumb rounded border"
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="cart-thumb rounded border" style={{ width: 56, height: 56 }} aria-hidden="true" />
      )}
      <div className="flex-grow-1 min-w-0">
        <p className="mb-0 fw-semibold text-truncate">{title}</p>
        {attri && <p className="mb-0 small text-secondary">{attri}</p>}
        <p className="mb-0 small">{t('common.price', { amount: line.price })}</p>
      </div>
      <div className="d-flex align-items-center gap-1" role="group" aria-label={title}>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary qty-btn"
          aria-label={t('cart.decrease', { title })}
          onClick={() => changeCartQty(line.id, -1)}
        >
          −
        </button>
        <output className="qty-value" aria-label={t('cart.quantity', { title })}>
          {formatNumber(line.qty)}
        </output>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary qty-btn"
          aria-label={t('cart.increase', { title })}
          onClick={() => changeCartQty(line.id, 1)}
        >
          +
        </button>
      </div>
    </li>
  );
}
