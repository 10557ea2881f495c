import { useMemo, useState } from 'react';
import { Controller, FormProvider, type FieldPath } from 'react-hook-form';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { errorAt, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { BrandPicker } from './brand-picker';
import { CategoryPicker } from './category-picker';
import { Check, Field, isMissing, ProductInput } from './product-form-fields';
import {
  formField,
  productFormSchema,
  REQUIRED,
  sentRows,
  toMultipart,
  type ProductFormValues,
  type ProductOutput,
} from './product-form-model';
import { ProductMainCard } from './product-main-card';
import { ProductVariations } from './product-variations';
import './products.css';

export { emptyProduct, productToValues, type ProductFormValues } from './product-form-model';

interface ProductFormProps {
  mode: 'add' | 'edit';
  initial: ProductFormValues;
  /** The current picture (edit form). */
  currentImage?: string | null;
  /** Sends the multipart body; a rejection with a 422 puts its messages under the fields. */
  onSave: (body: FormData) => Promise<void>;
}

/**
 * The product form of Add Product and Edit Product. Add has the Product
 * Variation card with Bind Stock and requires a picture; Edit shows the current picture and the
 * Food option instead. A required field left empty is marked until it is filled; Add also says
 * "These * filed are required", Edit sends nothing without a word.
 */
export function ProductForm({ mode, initial, currentImage = null, onSave }: ProductFormProps) {
  const { t } = useTranslation();
  const adding = mode === 'add';
  const schema = useMemo(() => productFormSchema(adding), [adding]);
  const form = useZodForm<typeof schema, ProductFormValues>(schema, { defaultValues: initial });
  const { control, register, handleSubmit, setError, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const onSubmit = async (values: ProductOutput) => {
    setOtherErrors([]);
    try {
      await onSave(toMultipart(values, adding));
    } catch (error) {
      if (isApiError(error, 422) && error.errors) {
        const rows = sentRows(values);
        const unplaced: string[] = [];
        for (const [key, messages] of Object.entries(error.errors)) {
          const message = messages[0];
          if (!message) continue;
          const name = formField(key, rows);
          if (name) setError(name as FieldPath<ProductFormValues>, { type: 'server', message });
          else unplaced.push(message);
        }
        setOtherErrors(unplaced);
      } else {
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    }
  };

  const fieldError = (name: FieldPath<ProductFormValues>) => errorAt(errors, name);
  // Derived from the marks, so it goes as soon as the last empty required field is filled.
  const missingRequired =
    adding && REQUIRED.some((name) => isMissing(name, fieldError(name), getValues(name)));

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <div className="row g-3">
          <div className="col-12 col-xl-8">
            <ProductMainCard adding={adding} currentImage={currentImage} />
            {adding && <ProductVariations />}
            <section className="card shadow-sm mb-3">
              <div className="card-body">
                <Field
                  id="product-desc"
                  label={t('adminCatalog.form.description')}
                  error={fieldError('desc')?.message}
                >
                  {(props) => <textarea {...props} rows={5} {...register('desc')} />}
                </Field>
                <Field
                  id="product-desc_bn"
                  label={t('adminCatalog.form.descriptionBn')}
                  error={fieldError('desc_bn')?.message}
                >
                  {(props) => <textarea {...props} rows={5} lang="bn" {...register('desc_bn')} />}
                </Field>
                <ProductInput
                  name="tags"
                  label={t('adminCatalog.form.tags')}
                  required
                  help={t('adminCatalog.form.tagsHelp')}
                  className="mb-0"
                />
              </div>
            </section>
          </div>

          <div className="col-12 col-xl-4">
            <fieldset className="card card-body shadow-sm mb-3">
              <legend className="h6 mb-2">{t('adminCatalog.form.option')}</legend>
              <div className="d-flex flex-wrap gap-3">
                <Check id="product-offer" label={t('adminCatalog.form.offer')} {...register('offer')} />
                <Check id="product-popular" label={t('adminCatalog.form.popular')} {...register('popular')} />
                <Check
                  id="product-stock-out"
                  label={t('adminCatalog.form.stockOut')}
                  {...register('stock_out')}
                />
                {!adding && (
                  <Check id="product-food" label={t('adminCatalog.form.food')} {...register('food')} />
                )}
              </div>
            </fieldset>

            <Controller
              control={control}
              name="brand"
              render={({ field }) => (
                <BrandPicker
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldError('brand')?.type === 'server' ? fieldError('brand')?.message : undefined}
                  invalid={Boolean(fieldError('brand'))}
                />
              )}
            />
            <Controller
              control={control}
              name="category"
              render={({ field }) => (
                <CategoryPicker
                  value={field.value}
                  onChange={field.onChange}
                  onDuplicate={
                    adding ? undefined : () => toast.error(t('adminCatalog.categories.alreadyAdded'))
                  }
                  error={fieldError('category')?.message}
                />
              )}
            />

            {missingRequired && (
              <div className="alert alert-danger py-2" role="alert">
                {t('adminCatalog.form.required')}
              </div>
            )}
            {otherErrors.length > 0 && (
              <div className="alert alert-danger py-2" role="alert">
                {otherErrors.map((message) => (
                  <div key={message}>{message}</div>
                ))}
              </div>
            )}
            <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
              {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {t('adminCatalog.form.submit')}
            </button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
