import { Controller, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { errorAt } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { Field, Pictures, ProductInput, productMessage } from './product-form-fields';
import { UNITS, type ProductFormValues } from './product-form-model';
import { FileInput } from '../../components/file-input';

/**
 * The first card of the product form: title and attribute (each with its Bangla text), prices,
 * quantity, unit, barcode and the picture (required on Add; on Edit the current one is shown and a
 * new file replaces it).
 */
export function ProductMainCard({ adding, currentImage }: { adding: boolean; currentImage: string | null }) {
  const { t } = useTranslation();
  const { control, register, getValues, formState } = useFormContext<ProductFormValues>();
  const unitError = errorAt(formState.errors, 'unit');
  const imageError = errorAt(formState.errors, 'image');

  return (
    <section className="card shadow-sm mb-3" aria-labelledby="product-form-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 id="product-form-title" className="h4 mb-0 me-auto">
            {adding ? t('adminCatalog.form.addTitle') : t('adminCatalog.form.editTitle')}
          </h1>
          <Link to="/admin/products" className="btn btn-outline-secondary btn-sm">
            {t('adminCatalog.form.back')}
          </Link>
        </div>
        <div className="row g-3">
          {/* Each Bangla text beside its English one (under it on a phone), the same width. */}
          <ProductInput
            name="title"
            label={t('adminCatalog.form.title')}
            required
            className="col-12 col-md-6"
          />
          <ProductInput
            name="title_bn"
            label={t('adminCatalog.form.titleBn')}
            help={t('adminCatalog.form.titleBnHelp')}
            lang="bn"
            maxLength={200}
            className="col-12 col-md-6"
          />
          <ProductInput
            name="attri"
            label={t('adminCatalog.form.attri')}
            help={t('adminCatalog.form.attriHelp')}
            className="col-12 col-md-6"
          />
          <ProductInput
            name="attri_bn"
            label={t('adminCatalog.form.attriBn')}
            lang="bn"
            maxLength={200}
            className="col-12 col-md-6"
          />
          <ProductInput
            name="price"
            label={t('adminCatalog.form.price')}
            kind="money"
            required
            className="col-6 col-md-3"
          />
          <ProductInput
            name="offprice"
            label={t('adminCatalog.form.offprice')}
            kind="money"
            className="col-6 col-md-3"
          />
          <ProductInput
            name="buyprice"
            label={t('adminCatalog.form.buyprice')}
            kind="money"
            className="col-6 col-md-3"
          />
          <ProductInput name="qty" label={t('adminCatalog.form.qty')} kind="qty" className="col-6 col-md-3" />
          <Field
            id="product-unit"
            label={t('adminCatalog.form.unit')}
            error={productMessage(t, 'unit', unitError, getValues('unit'))}
            help={t('adminCatalog.form.unitHelp')}
            className="col-12 col-md-3"
          >
            {({ className, ...props }) => (
              <select
                {...props}
                className={className.replace('form-control', 'form-select')}
                {...register('unit')}
              >
                {UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`adminCatalog.form.units.${unit}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <ProductInput
            name="barcode"
            label={t('adminCatalog.form.barcode')}
            help={t('adminCatalog.form.barcodeHelp')}
            className="col-12 col-md-5"
          />
          <ProductInput
            name="plu"
            label={t('adminCatalog.form.plu')}
            help={t('adminCatalog.form.pluHelp')}
            inputMode="numeric"
            maxLength={5}
            className="col-12 col-md-4"
          />
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <Field
                id="product-image"
                label={adding ? t('adminCatalog.form.picture') : t('adminCatalog.form.pictureEdit')}
                error={productMessage(t, 'image', imageError, field.value)}
                invalid={Boolean(imageError)}
                help={adding ? t('adminCatalog.form.pictureHelp') : t('adminCatalog.form.pictureEditHelp')}
                className="col-12"
              >
                {(props) => (
                  <FileInput
                    {...props}
                    accept="image/jpeg,image/png,image/webp,image/gif"
                    aria-required={adding || undefined}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
                  />
                )}
              </Field>
            )}
          />
          <Pictures currentImage={currentImage} />
        </div>
      </div>
    </section>
  );
}
