import type { TillProduct } from '@bazar/contracts/till';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { messageInLanguage } from '../../lib/messages';
import { useShopTime } from '../../lib/shop-time';
import { useFocusOnOpen } from './focus-on-open';
import { readStatus } from './offline/catalog-sync';
import { DEFAULT_SCALE_RULES, scanLocal } from './offline/lookup';
import { tillDb } from './offline/till-db';
import { readSettings } from './offline/till-meta';

type Checked = { product: TillProduct; quantity: number; asOf: string | null } | { failure: string };

/**
 * Price check (F6, or its button): a code scanned key by key (or typed) shows the product's price,
 * its offer price and the stock, and adds nothing to the sale. Read from the till's own copy of the
 * catalogue, which every back-office page keeps current, so it answers the same with no network;
 * the stock is as of that copy's last sync, and says so.
 */
export function TillPriceCheck({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const time = useShopTime();
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  useFocusOnOpen('price-check-code');

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const db = tillDb();
    const [settings, status] = await Promise.all([readSettings(db), readStatus(db)]);
    const scanned = code.trim();
    const hit = await scanLocal(
      db,
      scanned,
      settings && 'scale_rules' in settings ? settings.scale_rules : DEFAULT_SCALE_RULES,
    );
    // The next scan replaces this one: the field is emptied for it.
    setCode('');
    setChecked(
      'product' in hit
        ? { product: hit.product, quantity: hit.quantity, asOf: status.checked }
        : {
            // The scanner's own words for a code that finds nothing or is not a code.
            failure:
              hit.status === 404
                ? t('adminTill.products.notFound', { code: scanned })
                : t('adminTill.products.badCode', { code: scanned, reason: messageInLanguage(hit.message) }),
          },
    );
  };

  return (
    <Modal
      show
      onHide={onClose}
      centered
      animation={false}
      aria-labelledby="price-check-title"
      restoreFocus={false}
    >
      <form onSubmit={(e) => void check(e)} noValidate>
        <Modal.Header closeButton closeLabel={t('adminTill.priceCheck.close')}>
          <Modal.Title as="h2" id="price-check-title" className="h5">
            {t('adminTill.priceCheck.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <label htmlFor="price-check-code" className="form-label">
            {t('adminTill.priceCheck.code')}
          </label>
          <input
            id="price-check-code"
            className="form-control"
            inputMode="numeric"
            autoComplete="off"
            aria-describedby="price-check-help"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <div id="price-check-help" className="form-text">
            {t('adminTill.priceCheck.help')}
          </div>
          <div role="status" aria-live="polite" className="mt-3" data-testid="price-check-result">
            {checked && 'failure' in checked && <p className="text-danger mb-0">{checked.failure}</p>}
            {checked && 'product' in checked && (
              <>
                <p className="h5 mb-1">
                  {local(checked.product.title, checked.product.title_bn)}{' '}
                  <span className="text-secondary fw-normal">
                    {local(checked.product.attri, checked.product.attri_bn)}
                  </span>
                </p>
                <dl className="row mb-1">
                  <dt className="col-6">{t('adminTill.priceCheck.price')}</dt>
                  <dd className="col-6 text-end mb-0 fs-5" data-testid="price-check-price">
                    {formatNumber(checked.product.price)} BDT
                    {checked.product.unit !== 'pcs' && `/${checked.product.unit}`}
                  </dd>
                  {checked.product.offprice !== null && (
                    <>
                      <dt className="col-6">{t('adminTill.priceCheck.offer')}</dt>
                      <dd className="col-6 text-end mb-0 fs-5 text-success">
                        {formatNumber(checked.product.offprice)} BDT
                      </dd>
                    </>
                  )}
                  <dt className="col-6">{t('adminTill.priceCheck.stock')}</dt>
                  <dd className="col-6 text-end mb-0" data-testid="price-check-stock">
                    {formatNumber(checked.product.stock)}
                    {checked.product.unit !== 'pcs' && ` ${checked.product.unit}`}
                  </dd>
                </dl>
                {checked.asOf && (
                  <p className="small text-secondary mb-0">
                    {t('adminTill.priceCheck.asOf', { time: time.dateTime(checked.asOf) })}
                  </p>
                )}
              </>
            )}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('adminTill.priceCheck.close')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
