import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/i18n';
import { ProductInput } from './product-form-fields';
import { emptyVariation, type ProductFormValues } from './product-form-model';

/**
 * The Product Variation card of Add Product: Bind Stock, and rows of attribute (and its Bangla
 * text), price, offer price, buy price and quantity with Add More and Remove. A row left blank is
 * not sent.
 */
export function ProductVariations() {
  const { t } = useTranslation();
  const { control, register } = useFormContext<ProductFormValues>();
  const variations = useFieldArray({ control, name: 'variations' });

  return (
    <section className="card shadow-sm mb-3" aria-labelledby="variation-title">
      <div className="card-header bg-white d-flex flex-wrap align-items-center gap-2">
        <h2 id="variation-title" className="h6 mb-0 me-auto">
          {t('adminCatalog.form.variation')}
        </h2>
        <div className="form-check form-switch mb-0">
          <input
            id="product-link-qty"
            type="checkbox"
            role="switch"
            className="form-check-input"
            aria-describedby="product-link-qty-help"
            {...register('link_qty')}
          />
          <label htmlFor="product-link-qty" className="form-check-label">
            {t('adminCatalog.form.bindStock')}
          </label>
        </div>
      </div>
      <div className="card-body">
        <p className="small text-secondary mb-2">
          {t('adminCatalog.form.variationHelp')}{' '}
          <span id="product-link-qty-help">{t('adminCatalog.form.bindStockHelp')}</span>
        </p>
        {variations.fields.map((row, index) => {
          const n = index + 1;
          return (
            <fieldset key={row.id} className="variation-row mb-2">
              <legend className="small fw-semibold mb-1">{t('adminCatalog.form.variationRow', { n })}</legend>
              <div className="row g-2 align-items-end">
                {/* The attribute and its Bangla text on a line of their own, the numbers under them. */}
                <ProductInput
                  name={`variations.${index}.title`}
                  label={t('adminCatalog.form.variationAttri')}
                  className="col-12 col-sm-6"
                />
                <ProductInput
                  name={`variations.${index}.title_bn`}
                  label={t('adminCatalog.form.variationAttriBn')}
                  lang="bn"
                  maxLength={200}
                  className="col-12 col-sm-6"
                />
                <ProductInput
                  name={`variations.${index}.price`}
                  label={t('adminCatalog.form.variationPrice')}
                  kind="money"
                  className="col-6 col-md"
                />
                <ProductInput
                  name={`variations.${index}.offprice`}
                  label={t('adminCatalog.form.variationOffprice')}
                  kind="money"
                  className="col-6 col-md"
                />
                <ProductInput
                  name={`variations.${index}.buyprice`}
                  label={t('adminCatalog.form.variationBuyprice')}
                  kind="money"
                  className="col-6 col-md"
                />
                <ProductInput
                  name={`variations.${index}.qty`}
                  label={t('adminCatalog.form.variationQty')}
                  kind="qty"
                  className="col-6 col-md"
                />
                <div className="col-12 col-md-auto d-flex">
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm w-100"
                    aria-label={t('adminCatalog.form.removeLabel', { n })}
                    onClick={() => variations.remove(index)}
                  >
                    {t('adminCatalog.form.remove')}
                  </button>
                </div>
              </div>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          onClick={() => variations.append(emptyVariation(), { shouldFocus: true })}
        >
          {t('adminCatalog.form.addMore')}
        </button>
      </div>
    </section>
  );
}
