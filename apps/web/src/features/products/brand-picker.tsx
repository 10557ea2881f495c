import { brandBody } from '@bazar/contracts/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { EditIcon, TrashIcon } from '../../components/admin-icons';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { FieldError } from '../../components/field-error';
import { fieldMessage, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import './products.css';
import { pickerFailure } from './picker-failure';
import { addBrand, BRANDS_KEY, deleteBrand, editBrand, fetchBrands, type Brand } from './products-api';

interface BrandPickerProps {
  value: Brand | null;
  onChange: (brand: Brand | null) => void;
  /** The product form's message for the brand (a 422 on brand_id). */
  error?: string | undefined;
  invalid?: boolean;
}

/**
 * The brand of a product (back-office spec §2, Brand picker): choose one from the list, or add,
 * rename (update mode) and delete brands. Not a <form>: it sits inside the product form.
 */
export function BrandPicker({ value, onChange, error, invalid = false }: BrandPickerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const brands = useQuery({ queryKey: BRANDS_KEY, queryFn: fetchBrands });
  const [editing, setEditing] = useState<Brand | null>(null);
  // Its own small form (not a <form>: it sits inside the product form), checked by the server's schema.
  const form = useZodForm(brandBody, { defaultValues: { title: '' } });
  const fieldError = fieldMessage(form.formState.errors.title, t('adminCatalog.brands.required'));
  const [listError, setListError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: BRANDS_KEY });

  const toAddMode = () => {
    setEditing(null);
    form.reset({ title: '' });
  };

  const save = useMutation({
    mutationFn: ({ id, text }: { id: number | null; text: string }) =>
      id === null ? addBrand(text) : editBrand(id, text),
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
    void form.handleSubmit(({ title }) => save.mutate({ id: editing?.id ?? null, text: title }))();
  };

  // Enter adds (or updates) the brand instead of sending the product form around the picker.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  const startEdit = (brand: Brand) => {
    setEditing(brand);
    form.reset({ title: brand.title });
    setListError(null);
  };

  const fieldId = 'brand-title';
  const describedBy = fieldError ? `${fieldId}-error` : undefined;

  return (
    <fieldset className={`card card-body shadow-sm mb-3${invalid ? ' border-danger' : ''}`}>
      <legend className="h6 mb-2">{t('adminCatalog.brands.title')}</legend>
      {brands.isPending ? (
        <PageSpinner />
      ) : brands.isError ? (
        <LoadFailed onRetry={() => void brands.refetch()} />
      ) : brands.data.length === 0 ? (
        <p className="text-secondary small">{t('adminCatalog.brands.empty')}</p>
      ) : (
        <ul className="list-group admin-picker-list mb-2" aria-label={t('adminCatalog.brands.choose')}>
          {brands.data.map((brand) => (
            <li
              key={brand.id}
              className={`list-group-item d-flex align-items-center gap-1 py-1${
                value?.id === brand.id ? ' active-choice' : ''
              }`}
            >
              <div className="form-check flex-grow-1 mb-0 min-w-0">
                <input
                  type="radio"
                  className="form-check-input"
                  name="brand"
                  id={`brand-${brand.id}`}
                  checked={value?.id === brand.id}
                  onChange={() => onChange(brand)}
                />
                <label className="form-check-label text-break" htmlFor={`brand-${brand.id}`}>
                  {brand.title}
                </label>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-link text-secondary p-1"
                aria-label={t('adminCatalog.brands.edit', { title: brand.title })}
                title={t('adminCatalog.brands.edit', { title: brand.title })}
                onClick={() => startEdit(brand)}
              >
                <EditIcon />
              </button>
              <button
                type="button"
                className="btn btn-sm btn-link text-danger p-1"
                aria-label={t('adminCatalog.brands.delete', { title: brand.title })}
                title={t('adminCatalog.brands.delete', { title: brand.title })}
                onClick={() => {
                  setListError(null);
                  setDeleting(brand);
                }}
              >
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
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
      <label htmlFor={fieldId} className="form-label small mb-1">
        {editing ? t('adminCatalog.brands.editBrand') : t('adminCatalog.brands.newBrand')}
      </label>
      <div className="input-group input-group-sm has-validation">
        <input
          id={fieldId}
          className={`form-control${fieldError ? ' is-invalid' : ''}`}
          maxLength={200}
          {...form.register('title')}
          onKeyDown={onKeyDown}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
        />
        <button
          type="button"
          className={`btn ${editing ? 'btn-primary' : 'btn-outline-primary'}`}
          onClick={submit}
          disabled={save.isPending}
        >
          {editing ? t('adminCatalog.brands.update') : t('adminCatalog.brands.add')}
        </button>
        {editing && (
          <button type="button" className="btn btn-outline-secondary" onClick={toAddMode}>
            {t('adminCatalog.brands.cancel')}
          </button>
        )}
        <FieldError id={fieldId} message={fieldError} />
      </div>
      <AdminConfirmModal
        show={deleting !== null}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {t('adminCatalog.brands.deleteText', { title: deleting?.title ?? '' })}
      </AdminConfirmModal>
    </fieldset>
  );
}
