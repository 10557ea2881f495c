import { quickEditBody } from '@bazar/contracts/catalog';
import { useState } from 'react';
import type { z } from 'zod';
import { FormModal, ModalForm } from '../../components/form-modal';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { toast } from '../../lib/toast';
import { quickEditProduct, type AdminProduct } from './products-api';

/** The Quick Edit body: no attributes (the list edit page sends them). */
const schema = quickEditBody.omit({ attri: true, attri_bn: true });
type Key = 'offprice' | 'price' | 'qty';
const KEYS: readonly Key[] = ['offprice', 'price', 'qty'];

/** "Product Quick Edit": Before Price (the offer price), Price and QTY of one product. */
export function QuickEditModal({
  product,
  onClose,
  onSaved,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  /** The product as the server saved it. */
  onSaved: (saved: AdminProduct) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      show={product !== null}
      id="quick-edit"
      title={t('adminCatalog.quickEdit.title')}
      onClose={onClose}
    >
      {product && <QuickEditForm key={product.id} product={product} onClose={onClose} onSaved={onSaved} />}
    </FormModal>
  );
}

function QuickEditForm({
  product,
  onClose,
  onSaved,
}: {
  product: AdminProduct;
  onClose: () => void;
  onSaved: (saved: AdminProduct) => void;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  const attri = name(product.attri, product.attri_bn);
  const { register, handleSubmit, setError, getValues, formState } = useZodForm(schema, {
    defaultValues: { offprice: product.offprice, price: product.price, qty: product.qty },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (body: z.output<typeof schema>) => {
    setFailure(null);
    try {
      onSaved(await quickEditProduct(product.id, body));
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
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      failure={message}
      submitLabel={t('adminCatalog.common.saveChanges')}
      onClose={onClose}
    >
      <p className="fw-semibold mb-3">
        {name(product.title, product.title_bn)}
        {attri && <span className="text-secondary fw-normal"> ({attri})</span>}
      </p>
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
    </ModalForm>
  );
}
