import type { TillProduct } from '@bazar/contracts/till';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useFocusOnOpen } from './focus-on-open';
import { tillDb } from './offline/till-db';
import { productsById } from './offline/waiting';
import { useTillSettings } from './till-api';
import { focusProductBox } from './till-product-box';

/** A quantity the cashier typed: more than 0, at most two decimals; NaN otherwise. */
const quantityOf = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  return /^\d{1,6}(\.\d{1,2})?$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : Number.NaN;
};

/**
 * The till's quick keys (Setting → Quick keys): a tile per product for goods without a barcode,
 * in the owner's groups. A tile adds the product; one sold by weight (or litre) asks how much
 * first. The products come from the till's own copy of the catalogue, so the tiles work offline.
 */
export function TillQuickKeys({ onAdd }: { onAdd: (product: TillProduct, qty: number) => void }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const { quickKeys } = useTillSettings();
  const [open, setOpen] = useState(0);
  const [weighing, setWeighing] = useState<TillProduct | null>(null);
  const ids = [...new Set(quickKeys.flatMap((g) => g.product_ids))];
  const products = useQuery({
    queryKey: ['till', 'quick-keys', ids.join(',')],
    queryFn: async () => {
      const found = await productsById(tillDb(), ids);
      return new Map(found.flatMap((p) => (p ? [[p.id, p] as const] : [])));
    },
    enabled: ids.length > 0,
    networkMode: 'always',
    staleTime: 60_000,
  });
  if (quickKeys.length === 0) return null;
  const group = quickKeys[Math.min(open, quickKeys.length - 1)]!;
  const tiles = group.product_ids.flatMap((id) => {
    const product = products.data?.get(id);
    return product ? [product] : [];
  });
  const pick = (product: TillProduct) => (product.unit === 'pcs' ? onAdd(product, 1) : setWeighing(product));

  return (
    <section className="till-quick-keys mb-3" aria-labelledby="till-quick-keys-title">
      <h2 id="till-quick-keys-title" className="visually-hidden">
        {t('adminQuickKeys.tiles')}
      </h2>
      {quickKeys.length > 1 && (
        <div className="nav nav-pills small mb-2" role="tablist">
          {quickKeys.map((g, at) => (
            <button
              key={at}
              type="button"
              role="tab"
              aria-selected={at === open}
              className={`nav-link py-1 px-2${at === open ? ' active' : ''}`}
              onClick={() => setOpen(at)}
            >
              {g.group}
            </button>
          ))}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2" role="group" aria-label={group.group}>
        {tiles.map((p) => (
          <button
            key={p.id}
            type="button"
            className="btn btn-outline-success till-tile text-start"
            style={{ width: '9rem', minHeight: '4rem' }}
            onClick={() => pick(p)}
          >
            <span className="d-block fw-semibold lh-sm">{local(p.title, p.title_bn)}</span>
            <span className="d-block small">
              {p.attri && `${local(p.attri, p.attri_bn)} · `}
              {formatNumber(p.offprice ?? p.price)}
              {p.unit !== 'pcs' && `/${p.unit}`}
            </span>
          </button>
        ))}
      </div>
      {weighing && (
        <WeighDialog
          product={weighing}
          onClose={() => {
            setWeighing(null);
            // Once the dialog is gone: the next scan goes to the product box, not the tile.
            requestAnimationFrame(focusProductBox);
          }}
          onAdd={(qty) => {
            onAdd(weighing, qty);
            setWeighing(null);
          }}
        />
      )}
    </section>
  );
}

/** How much of a product sold by weight: typed in kg (or litres), two decimals at most. */
function WeighDialog({
  product,
  onClose,
  onAdd,
}: {
  product: TillProduct;
  onClose: () => void;
  onAdd: (qty: number) => void;
}) {
  const { t } = useTranslation();
  const local = useLocalName();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const name = local(product.title, product.title_bn);
  // The dialog opens for this one field: it takes the cashier's keys.
  useFocusOnOpen('till-weigh');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const qty = quantityOf(text);
    if (Number.isNaN(qty)) return setError(t('adminQuickKeys.badQuantity'));
    onAdd(qty);
  };
  return (
    <Modal
      show
      onHide={onClose}
      centered
      animation={false}
      aria-labelledby="till-weigh-title"
      restoreFocus={false}
    >
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('adminQuickKeys.cancel')}>
          <Modal.Title as="h2" id="till-weigh-title" className="h5">
            {t('adminQuickKeys.weighTitle', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <label htmlFor="till-weigh" className="form-label">
            {t('adminQuickKeys.weight')}
          </label>
          <input
            id="till-weigh"
            className={`form-control${error ? ' is-invalid' : ''}`}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
          />
          {error && (
            <p className="text-danger small mt-1 mb-0" role="alert">
              {error}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('adminQuickKeys.cancel')}
          </button>
          <button type="submit" className="btn btn-primary">
            {t('adminQuickKeys.add')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
