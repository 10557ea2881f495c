import type { FoundProduct } from '@bazar/contracts/catalog';
import { stockAddBody } from '@bazar/contracts/stock';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import type { z } from 'zod';
import { TrashIcon } from '../../components/admin-icons';
import { FormModal, ModalForm } from '../../components/form-modal';
import { isApiError } from '../../lib/api';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { toast } from '../../lib/toast';
import { StaffProductSearch } from '../../components/staff-product-search';
import { TextField } from '../../components/text-field';
import { dayOrNothing, useTracksExpiry } from '../purchases/tracks-expiry';
import { NumberField } from './number-field';
import { addStock, type StockEntry } from './stock-api';

/** The stock page searches products only with more than 2 characters. */
const SEARCH_MIN = 3;
const ERROR_ID = 'add-stock-error';

type Item = Pick<FoundProduct, 'id' | 'title' | 'attri' | 'title_bn' | 'attri_bn'>;

interface AddStockModalProps {
  show: boolean;
  onClose: () => void;
  /** After the server saved the entry; the page reloads its list. */
  onSaved: (entry: StockEntry) => void;
}

/**
 * "Add Stock": a buy price, the products bought and the quantity of each, and the pack's expiry
 * date and batch code (needed when a product listed tracks expiry) (POST /api/stock/add).
 */
export function AddStockModal({ show, onClose, onSaved }: AddStockModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal show={show} id="add-stock" title={t('adminStock.addStock.title')} onClose={onClose}>
      <AddStockForm onClose={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

function AddStockForm({ onClose, onSaved }: Omit<AddStockModalProps, 'show'>) {
  const { t } = useTranslation();
  const name = useLocalName();
  const { register, control, handleSubmit, getValues, setError, formState } = useZodForm(stockAddBody, {
    defaultValues: { items: [] },
  });
  const { errors, isSubmitting } = formState;
  const chosen = useController({ control, name: 'items' });
  const items = chosen.field.value as Item[];
  const [failure, setFailure] = useState<string | null>(null);
  // Products that keep their stock by expiry date: what comes in needs the date on the pack.
  const tracked = useTracksExpiry(items.map((item) => item.id));
  const dated = items.filter((item) => tracked.has(item.id));

  const pick = (product: FoundProduct) => {
    if (items.some((item) => item.id === product.id)) return;
    const { id, title, attri, title_bn, attri_bn } = product;
    chosen.field.onChange([...items, { id, title, attri, title_bn, attri_bn }]);
  };
  const remove = (id: number) => chosen.field.onChange(items.filter((item) => item.id !== id));

  const onSubmit = async (body: z.output<typeof stockAddBody>) => {
    setFailure(null);
    if (dated.length > 0 && !body.expiry) {
      setError(
        'expiry',
        { type: 'manual', message: t('adminStock.addStock.expiryNeeded') },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const entry = await addStock({
        ...body,
        items: body.items.map(({ id }) => ({ id, title: items.find((item) => item.id === id)?.title ?? '' })),
      });
      toast.success(t('adminStock.addStock.saved'));
      onSaved(entry);
      onClose();
    } catch (error) {
      if (isApiError(error, 409)) {
        setError('items', { type: 'server', message: t('adminStock.addStock.gone') });
      } else if (!setServerErrors(error, setError, ['price', 'qty', 'items', 'expiry', 'batch'])) {
        setFailure(serverMessage(error, t('common.somethingWrong')));
      }
    }
  };

  // The error area (one list for the modal): an empty buy price would be 0 taka, so it is asked for.
  const priceError =
    errors.price &&
    (getValues('price') === undefined ? t('adminStock.addStock.priceRequired') : fieldMessage(errors.price));
  const itemsError = fieldMessage(errors.items?.message ? errors.items : errors.items?.root);
  const messages = [...new Set([priceError, itemsError, fieldMessage(errors.qty), failure].filter(Boolean))];
  const invalid = new Set(Object.keys(errors));

  return (
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      submitLabel={t('adminStock.addStock.save')}
      onClose={onClose}
    >
      <div aria-live="polite">
        {messages.length > 0 && (
          <div id={ERROR_ID} className="alert alert-danger py-2" role="alert">
            {messages.map((text) => (
              <div key={text}>{text}</div>
            ))}
          </div>
        )}
      </div>
      <NumberField
        id="add-stock-price"
        label={t('adminStock.addStock.buyPrice')}
        help={t('adminStock.addStock.buyPriceHelp')}
        inputMode="numeric"
        invalid={invalid.has('price')}
        {...numberInput(register, 'price')}
        errorId={ERROR_ID}
      />
      <StaffProductSearch
        id="add-stock-search"
        min={SEARCH_MIN}
        labels={{
          search: t('adminStock.addStock.search'),
          placeholder: t('adminStock.addStock.searchPlaceholder'),
          help: t('adminStock.addStock.searchHelp'),
          suggestions: t('adminStock.addStock.suggestions'),
          noMatch: t('adminStock.addStock.noMatch'),
        }}
        price={(product) => t('common.price', { amount: product.offprice ?? product.price })}
        onPick={pick}
      />
      <h3 className="h6" id="add-stock-items">
        {t('adminStock.addStock.items')}
      </h3>
      {items.length === 0 ? (
        <p className={`small mb-3 ${invalid.has('items') ? 'text-danger' : 'text-secondary'}`}>
          {t('adminStock.addStock.noItems')}
        </p>
      ) : (
        <ul
          className={`list-group mb-3${invalid.has('items') ? ' border border-danger rounded' : ''}`}
          aria-labelledby="add-stock-items"
        >
          {items.map((item) => {
            const title = name(item.title, item.title_bn);
            const attri = name(item.attri, item.attri_bn);
            return (
              <li key={item.id} className="list-group-item d-flex align-items-center gap-2 py-1 pe-1">
                <span className="me-auto">
                  {title}
                  {attri && <span className="text-secondary"> ({attri})</span>}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('adminStock.addStock.remove', { title })}
                  title={t('adminStock.addStock.remove', { title })}
                  onClick={() => remove(item.id)}
                >
                  <TrashIcon />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <NumberField
        id="add-stock-qty"
        label={t('adminStock.addStock.qty')}
        help={t('adminStock.addStock.qtyHelp')}
        inputMode="decimal"
        invalid={invalid.has('qty')}
        {...numberInput(register, 'qty')}
        errorId={ERROR_ID}
      />
      <div className="row g-3">
        <div className="col-7">
          <TextField
            id="add-stock-expiry"
            className=""
            type="date"
            label={t('adminStock.addStock.expiry')}
            required={dated.length > 0}
            aria-required={dated.length > 0 || undefined}
            help={
              dated.length > 0
                ? t('adminStock.addStock.expiryNeededFor', {
                    names: dated.map((item) => name(item.title, item.title_bn)).join(', '),
                  })
                : t('adminStock.addStock.expiryHelp')
            }
            error={fieldMessage(errors.expiry)}
            {...register('expiry', { setValueAs: dayOrNothing })}
          />
        </div>
        <div className="col-5">
          <TextField
            id="add-stock-batch"
            className=""
            label={t('adminStock.addStock.batch')}
            maxLength={40}
            autoComplete="off"
            error={fieldMessage(errors.batch)}
            {...register('batch')}
          />
        </div>
      </div>
    </ModalForm>
  );
}
