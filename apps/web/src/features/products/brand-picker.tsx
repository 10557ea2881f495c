import { brandBody } from '@bazar/contracts/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { QueryState } from '../../components/query-state';
import { FieldError } from '../../components/field-error';
import { fieldMessage, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import './products.css';
import { BrandList } from './brand-list';
import { pickerFailure } from './picker-failure';
import {
  addBrand,
  BRANDS_KEY,
  deleteBrand,
  editBrand,
  fetchBrands,
  type Brand,
  type BrandInput,
} from './products-api';

interface BrandPickerProps {
  value: Brand | null;
  onChange: (brand: Brand | null) => void;
  /** The product form's message for the brand (a 422 on brand_id). */
  error?: string | undefined;
  invalid?: boolean;
}

/**
 * The brand of a product choose one from the list, or add,
 * rename (update mode) and delete brands. Not a <form>: it sits inside the product form. Names show
 * in the language on screen; the form has the Bangla name too.
 */
export function BrandPicker({ value, onChange, error, invalid = false }: BrandPickerProps) {
  const { t } = useTranslation();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const brands = useQuery({ queryKey: BRANDS_KEY, queryFn: fetchBrands });
  const [editing, setEditing] = useState<Brand | null>(null);
  // Its own small form (not a <form>: it sits inside the product form), checked by the server's schema.
  const form = useZodForm(brandBody, { defaultValues: { title: '', title_bn: '' } });
  const fieldError = fieldMessage(form.formState.errors.title, t('adminCatalog.brands.required'));
  const banglaError = fieldMessage(form.formState.errors.title_bn);
  const [listError, setListError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: BRANDS_KEY });

  const toAddMode = () => {
    setEditing(null);
    form.reset({ title: '', title_bn: '' });
  };

  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BrandInput }) =>
      id === null ? addBrand(body) : editBrand(id, body),
    onSuccess: (brand, { id }) => {
      if (id === null) {
        toast.success(t('adminCatalog.brands.added'));
        onChange(brand); // a brand is added to be used
      } else {
        toast.success(t('adminCatalog.brands.updated'));
        if (value?.id === brand.id) onChange(brand);
      }
      toAddMode();
    },
    onError: (failure) =>
      form.setError('title', {
        type: 'server',
        message: pickerFailure(failure, 'title', t('common.somethingWrong')),
      }),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (brand: Brand) => deleteBrand(brand.id),
    onSuccess: (_answer, brand) => {
      toast.success(t('adminCatalog.brands.deleted'));
      if (value?.id === brand.id) onChange(null);
      if (editing?.id === brand.id) toAddMode();
    },
    // e.g. 409: products still use the brand, in the server's words
    onError: (failure) => setListError(pickerFailure(failure, 'title', t('common.somethingWrong'))),
    onSettled: () => {
      setDeleting(null);
      return refresh();
    },
  });

  const submit = () => {
    setListError(null);
    // The Bangla name is always sent: on an edit, an emptied one removes it.
    void form.handleSubmit(({ title, title_bn }) =>
      save.mutate({ id: editing?.id ?? null, body: { title, title_bn: title_bn ?? '' } }),
    )();
  };

  // Enter adds (or updates) the brand instead of sending the product form around the picker.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  const startEdit = (brand: Brand) => {
    setEditing(brand);
    form.reset({ title: brand.title, title_bn: brand.title_bn ?? '' });
    setListError(null);
  };

  const fieldId = 'brand-title';
  const banglaId = 'brand-title-bn';

  return (
    <fieldset className={`card card-body shadow-sm mb-3${invalid ? ' border-danger' : ''}`}>
      <legend className="h6 mb-2">{t('adminCatalog.brands.title')}</legend>
      <QueryState
        query={brands}
        empty={<p className="text-secondary small">{t('adminCatalog.brands.empty')}</p>}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <BrandList
            brands={list}
            chosen={value}
            onChoose={onChange}
            onEdit={startEdit}
            onDelete={(brand) => {
              setListError(null);
              setDeleting(brand);
            }}
          />
        )}
      </QueryState>
      {error && (
        <div className="text-danger small mb-2" role="alert">
          {error}
        </div>
      )}
      {listError && (
        <div className="alert alert-danger py-2 small" role="alert">
          {listError}
        </div>
      )}
      <div className="row g-2">
        <div className="col-12 col-sm-6 col-xl-12">
          <label htmlFor={fieldId} className="form-label small mb-1">
            {editing ? t('adminCatalog.brands.editBrand') : t('adminCatalog.brands.newBrand')}
          </label>
          <input
            id={fieldId}
            className={`form-control form-control-sm${fieldError ? ' is-invalid' : ''}`}
            maxLength={200}
            {...form.register('title')}
            onKeyDown={onKeyDown}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${fieldId}-error` : undefined}
            autoComplete="off"
          />
          <FieldError id={fieldId} message={fieldError} />
        </div>
        <div className="col-12 col-sm-6 col-xl-12">
          <label htmlFor={banglaId} className="form-label small mb-1">
            {t('adminCatalog.brands.titleBn')}
          </label>
          <input
            id={banglaId}
            lang="bn"
            className={`form-control form-control-sm${banglaError ? ' is-invalid' : ''}`}
            maxLength={200}
            {...form.register('title_bn')}
            onKeyDown={onKeyDown}
            aria-invalid={banglaError ? true : undefined}
            aria-describedby={banglaError ? `${banglaId}-error` : undefined}
            autoComplete="off"
          />
          <FieldError id={banglaId} message={banglaError} />
        </div>
        <div className="col-12 d-flex gap-2">
          <button
            type="button"
            className={`btn btn-sm ${editing ? 'btn-primary' : 'btn-outline-primary'}`}
            onClick={submit}
            disabled={save.isPending}
          >
            {editing ? t('adminCatalog.brands.update') : t('adminCatalog.brands.add')}
          </button>
          {editing && (
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={toAddMode}>
              {t('adminCatalog.brands.cancel')}
            </button>
          )}
        </div>
      </div>
      <AdminConfirmModal
        show={deleting !== null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {t('adminCatalog.brands.deleteText', {
          title: deleting ? name(deleting.title, deleting.title_bn) : '',
        })}
      </AdminConfirmModal>
    </fieldset>
  );
}
