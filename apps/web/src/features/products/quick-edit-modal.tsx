import { quickEditBody } from '@bazar/contracts/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/i18n/i18n';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { PRODUCTS_KEY, quickEditProduct, type AdminProduct, type QuickEdit } from './products-api';

type Key = 'offprice' | 'price' | 'qty';

/**
 * The body of POST /api/product/edit-quick/{id}. An empty Before Price is left out: the shared
 * schema reads a missing offprice as "no offer price" (null), but turns "" and null into 0.
 */
export function quickEditPayload(values: { offprice: string }, parsed: QuickEdit): QuickEdit {
  const { offprice, ...rest } = parsed;
  return values.offprice.trim() === '' ? rest : { ...rest, offprice };
}
type Values = Record<Key, string>;

/** "Product Quick Edit": Before Price (the offer price), Price and QTY of one product. */
export function QuickEditModal({ product, onClose }: { product: AdminProduct | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal show={product !== null} onHide={onClose} centered aria-labelledby="quick-edit-title">
      <Modal.Header closeButton closeLabel={t('adminCatalog.common.close')}>
        <Modal.Title as="h2" id="quick-edit-title" className="h5">
          {t('adminCatalog.quickEdit.title')}
        </Modal.Title>
      </Modal.Header>
      {product && <QuickEditForm key={product.id} product={product} onClose={onClose} />}
    </Modal>
  );
}

function QuickEditForm({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({
    offprice: product.offprice === null ? '' : String(product.offprice),
    price: String(product.price),
    qty: String(product.qty),
  });
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [pending, setPending] = useState(false);

  const change = (key: Key) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (!values.price.trim() || !values.qty.trim()) {
      setMessage(t('adminCatalog.quickEdit.required'));
      return;
    }
    setMessage(null);
    const parsed = quickEditBody.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Key, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Key;
        found[key] = key === 'qty' ? t('adminCatalog.common.quantity') : t('adminCatalog.common.wholeTaka');
      }
      setErrors(found);
      return;
    }
    setPending(true);
    try {
      await quickEditProduct(product.id, quickEditPayload(values, parsed.data));
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      toast.success(t('adminCatalog.quickEdit.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error, 422) && error.errors) {
        const found: Partial<Record<Key, string>> = {};
        for (const key of ['offprice', 'price', 'qty'] as const) found[key] = error.errors[key]?.[0];
        setErrors(found);
        if (!Object.values(found).some(Boolean)) setMessage(error.message);
      } else {
        setMessage(serverMessage(error, t('common.somethingWrong')));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Modal.Body>
        <p className="fw-semibold mb-3">
          {product.title}
          {product.attri && <span className="text-secondary fw-normal"> ({product.attri})</span>}
        </p>
        {message && (
          <div className="alert alert-danger py-2" role="alert">
            {message}
          </div>
        )}
        <TextField
          id="quick-offprice"
          label={t('adminCatalog.quickEdit.beforePrice')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.offprice}
          onChange={change('offprice')}
          error={errors.offprice}
        />
        <TextField
          id="quick-price"
          label={t('adminCatalog.quickEdit.price')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.price}
          onChange={change('price')}
          error={errors.price}
        />
        <TextField
          id="quick-qty"
          label={t('adminCatalog.quickEdit.qty')}
          type="number"
          inputMode="decimal"
          step={0.01}
          value={values.qty}
          onChange={change('qty')}
          error={errors.qty}
          className="mb-0"
        />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('adminCatalog.common.close')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('adminCatalog.common.saveChanges')}
        </button>
      </Modal.Footer>
    </form>
  );
}
