import { quickEditBody } from '@bazar/contracts/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { z } from 'zod';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberInput, useZodForm, numberField } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { PRODUCTS_KEY, quickEditProduct, type AdminProduct } from './products-api';

/** The Quick Edit body: no attributes (the list edit page sends them). */
const schema = quickEditBody.omit({ attri: true, attri_bn: true });
type Key = 'offprice' | 'price' | 'qty';
const KEYS: readonly Key[] = ['offprice', 'price', 'qty'];

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
  const name = useLocalName();
  const attri = name(product.attri, product.attri_bn);
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, getValues, formState } = useZodForm(schema, {
    defaultValues: { offprice: product.offprice, price: product.price, qty: product.qty },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (body: z.output<typeof schema>) => {
    setFailure(null);
    try {
      await quickEditProduct(product.id, body);
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      toast.success(t('adminCatalog.quickEdit.saved'));
      onClose();
    } catch (error) {
      if (!setServerErrors(error, setError, KEYS))
        setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  // Spec §5: an empty price or quantity says "Price & QTY are requried" (and goes once both are
  // filled); any other refusal is said under its field.
  const empty = (key: 'price' | 'qty') => Boolean(errors[key]) && getValues(key) === undefined;
  const message = empty('price') || empty('qty') ? t('adminCatalog.quickEdit.required') : failure;
  const wholeTaka = t('adminCatalog.common.wholeTaka');
  const whole = numberField('whole');

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Modal.Body>
        <p className="fw-semibold mb-3">
          {name(product.title, product.title_bn)}
          {attri && <span className="text-secondary fw-normal"> ({attri})</span>}
        </p>
        {message && (
          <div className="alert alert-danger py-2" role="alert">
            {message}
          </div>
        )}
        {/* An empty Before Price is no offer price (null). */}
        <TextField
          id="quick-offprice"
          label={t('adminCatalog.quickEdit.beforePrice')}
          {...whole}
          error={fieldMessage(errors.offprice, wholeTaka)}
          {...numberInput(register, 'offprice', { empty: null })}
        />
        <TextField
          id="quick-price"
          label={t('adminCatalog.quickEdit.price')}
          {...whole}
          invalid={empty('price')}
          error={empty('price') ? undefined : fieldMessage(errors.price, wholeTaka)}
          {...numberInput(register, 'price')}
        />
        <TextField
          id="quick-qty"
          label={t('adminCatalog.quickEdit.qty')}
          {...numberField('decimal')}
          className="mb-0"
          invalid={empty('qty')}
          error={empty('qty') ? undefined : fieldMessage(errors.qty, t('adminCatalog.common.quantity'))}
          {...numberInput(register, 'qty')}
        />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('adminCatalog.common.close')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {t('adminCatalog.common.saveChanges')}
        </button>
      </Modal.Footer>
    </form>
  );
}
