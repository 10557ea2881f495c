import { productFields } from '@bazar/contracts/catalog';
import { useEffect, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/i18n';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { BrandPicker } from './brand-picker';
import { CategoryPicker, type ChosenCategory } from './category-picker';
import type { AdminProduct, Brand } from './products-api';
import './products.css';

export interface VariationValues {
  title: string;
  price: string;
  offprice: string;
  buyprice: string;
  qty: string;
}

/** What the inputs hold: text, as typed; the shared schema checks and converts it before sending. */
export interface ProductFormValues {
  title: string;
  attri: string;
  price: string;
  offprice: string;
  buyprice: string;
  qty: string;
  barcode: string;
  desc: string;
  tags: string;
  offer: boolean;
  popular: boolean;
  stock_out: boolean;
  food: boolean;
  link_qty: boolean;
  variations: VariationValues[];
  brand: Brand | null;
  category: ChosenCategory[];
  image: File | null;
}

type FieldName = FieldPath<ProductFormValues>;

const emptyVariation = (): VariationValues => ({ title: '', price: '', offprice: '', buyprice: '', qty: '' });

export const emptyProduct = (): ProductFormValues => ({
  title: '',
  attri: '',
  price: '',
  offprice: '',
  buyprice: '',
  qty: '',
  barcode: '',
  desc: '',
  tags: '',
  offer: false,
  popular: false,
  stock_out: false,
  food: false,
  link_qty: false,
  variations: [emptyVariation()],
  brand: null,
  category: [],
  image: null,
});

export const productToValues = (product: AdminProduct): ProductFormValues => ({
  title: product.title,
  attri: product.attri,
  price: String(product.price),
  offprice: product.offprice === null ? '' : String(product.offprice),
  buyprice: String(product.buyprice),
  qty: String(product.qty),
  barcode: product.barcode,
  desc: product.desc,
  tags: product.tags,
  offer: product.offer === 'on',
  popular: product.popular === 'on',
  stock_out: product.stock_out === 'on',
  food: product.food === 'on',
  link_qty: product.link_qty === 1,
  variations: [],
  brand: product.brand,
  category: product.category,
  image: null,
});

const flagValue = (set: boolean) => (set ? 'on' : '');
const isBlankRow = (row: VariationValues) => Object.values(row).every((text) => !text.trim());

/** Maps a field name of the server's 422 answer (`variations[0][price]`, `category.1`) to ours. */
function formField(key: string): FieldName | null {
  const path = key
    .replace(/\[(\w*)\]/g, (_match, part: string) => (part ? `.${part}` : ''))
    .replace(/^\./, '');
  const [head, index, field] = path.split('.');
  if (head === 'brand_id' || head === 'brand') return 'brand';
  if (head === 'category') return 'category';
  if (head === 'variations' && index !== undefined && /^\d+$/.test(index) && field)
    return `variations.${Number(index)}.${field}` as FieldName;
  const plain: string[] = [
    'title',
    'attri',
    'price',
    'offprice',
    'buyprice',
    'qty',
    'barcode',
    'desc',
    'tags',
    'image',
  ];
  return head && plain.includes(head) ? (head as FieldName) : null;
}

const MONEY = new Set(['price', 'offprice', 'buyprice']);

interface ProductFormProps {
  mode: 'add' | 'edit';
  initial: ProductFormValues;
  /** The current picture (edit form). */
  currentImage?: string | null;
  /** Sends the multipart body; a rejection with a 422 puts its messages under the fields. */
  onSave: (body: FormData) => Promise<void>;
}

/**
 * The product form of Add Product and Edit Product (back-office spec §2). Add has the Product
 * Variation card with Bind Stock and requires a picture; Edit shows the current picture and the
 * Food option instead, and silently ignores a save with a required field empty (spec §5).
 */
export function ProductForm({ mode, initial, currentImage = null, onSave }: ProductFormProps) {
  const { t } = useTranslation();
  const adding = mode === 'add';
  const { register, control, handleSubmit, setError, clearErrors, formState } = useForm<ProductFormValues>({
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const variations = useFieldArray({ control, name: 'variations' });
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const onSubmit = async (values: ProductFormValues) => {
    setOtherErrors([]);
    const empty = new Set<string>();
    if (!values.title.trim()) empty.add('title');
    if (!values.price.trim()) empty.add('price');
    if (!values.tags.trim()) empty.add('tags');
    if (!values.brand) empty.add('brand');
    if (adding && !values.image) empty.add('image');
    // Add marks the empty fields and says "These * filed are required"; edit ignores the save
    // without a word (spec §5).
    setMissing(adding ? empty : new Set());
    if (empty.size > 0 || !values.brand) return;

    // Variation rows left blank are not sent; a row with anything in it needs its price.
    const rows = adding
      ? values.variations.map((row, index) => ({ row, index })).filter(({ row }) => !isBlankRow(row))
      : [];
    let valid = true;
    for (const { row, index } of rows) {
      if (!row.price.trim()) {
        setError(`variations.${index}.price`, { message: t('adminCatalog.form.variationPriceRequired') });
        valid = false;
      }
    }

    const fields = {
      title: values.title,
      attri: values.attri,
      price: values.price,
      offprice: values.offprice,
      buyprice: values.buyprice,
      qty: values.qty,
      desc: values.desc,
      tags: values.tags,
      barcode: values.barcode,
      brand_id: values.brand.id,
      category: values.category.map((category) => category.id),
      variations: rows.map(({ row }) => row),
    };
    const parsed = productFields.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, position, part] = issue.path.map(String);
        let name: FieldName | null;
        if (head === 'variations' && position !== undefined && part) {
          const original = rows[Number(position)]?.index ?? 0;
          name = `variations.${original}.${part}` as FieldName;
        } else {
          name = head ? formField(head) : null;
        }
        const key = part ?? head ?? '';
        const message = MONEY.has(key)
          ? t('adminCatalog.common.wholeTaka')
          : key === 'qty'
            ? t('adminCatalog.common.quantity')
            : issue.message;
        if (name) setError(name, { type: 'client', message });
      }
      valid = false;
    }
    if (!valid) return;

    const body = new FormData();
    body.append('title', values.title.trim());
    body.append('attri', values.attri.trim());
    body.append('price', values.price.trim());
    // An empty offer price is left out: the shared schema reads a missing one as "none" but "" as 0.
    if (values.offprice.trim()) body.append('offprice', values.offprice.trim());
    body.append('buyprice', values.buyprice.trim());
    body.append('qty', values.qty.trim());
    body.append('desc', values.desc);
    body.append('tags', values.tags.trim());
    body.append('barcode', values.barcode.trim());
    body.append('offer', flagValue(values.offer));
    body.append('popular', flagValue(values.popular));
    body.append('stock_out', flagValue(values.stock_out));
    if (adding) body.append('link_qty', values.link_qty ? '1' : '0');
    else body.append('food', flagValue(values.food));
    body.append('brand_id', String(values.brand.id));
    for (const category of values.category) body.append('category[]', String(category.id));
    rows.forEach(({ row }, position) => {
      for (const key of ['title', 'price', 'offprice', 'buyprice', 'qty'] as const) {
        if (key !== 'offprice' || row.offprice.trim())
          body.append(`variations[${position}][${key}]`, row[key].trim());
      }
    });
    if (values.image) body.append('image', values.image);

    try {
      await onSave(body);
    } catch (error) {
      if (isApiError(error, 422) && error.errors) {
        const unplaced: string[] = [];
        for (const [key, messages] of Object.entries(error.errors)) {
          const message = messages[0];
          if (!message) continue;
          let name = formField(key);
          // The server counts only the rows sent; ours include blank ones.
          const sentRow = /^variations[.[](\d+)/.exec(key)?.[1];
          if (name && sentRow !== undefined) {
            const original = rows[Number(sentRow)]?.index;
            name =
              original === undefined
                ? null
                : (name.replace(/^variations\.\d+/, `variations.${original}`) as FieldName);
          }
          if (name) setError(name, { type: 'server', message });
          else unplaced.push(message);
        }
        setOtherErrors(unplaced);
      } else {
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    }
  };

  const fieldError = (name: FieldName): string | undefined => {
    const parts = name.split('.');
    let node: unknown = errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };

  const input = (name: FieldName, label: string, options: InputOptions = {}) => (
    <Field
      id={`product-${name.replace(/\./g, '-')}`}
      label={label}
      error={fieldError(name)}
      invalid={missing.has(name)}
      help={options.help}
      className={options.className}
    >
      {(props) => (
        <input
          {...props}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          step={options.step}
          min={options.min}
          autoComplete="off"
          aria-required={options.required || undefined}
          {...register(name, { onChange: () => fieldError(name) && clearErrors(name) })}
        />
      )}
    </Field>
  );

  const money = (name: FieldName, label: string, required = false, className = 'col-6 col-md-3') =>
    input(name, label, { type: 'number', inputMode: 'numeric', step: '1', min: '0', required, className });

  const pictureLabel = adding ? t('adminCatalog.form.picture') : t('adminCatalog.form.pictureEdit');
  const pictureError = fieldError('image');
  const required = adding && missing.size > 0;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <div className="row g-3">
        <div className="col-12 col-xl-8">
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
                {input('title', t('adminCatalog.form.title'), {
                  required: true,
                  className: 'col-12 col-md-7',
                })}
                {input('attri', t('adminCatalog.form.attri'), {
                  className: 'col-12 col-md-5',
                  help: t('adminCatalog.form.attriHelp'),
                })}
                {money('price', t('adminCatalog.form.price'), true)}
                {money('offprice', t('adminCatalog.form.offprice'))}
                {money('buyprice', t('adminCatalog.form.buyprice'))}
                {input('qty', t('adminCatalog.form.qty'), {
                  type: 'number',
                  inputMode: 'decimal',
                  step: '0.01',
                  className: 'col-6 col-md-3',
                })}
                {input('barcode', t('adminCatalog.form.barcode'), {
                  className: 'col-12 col-md-6',
                  help: t('adminCatalog.form.barcodeHelp'),
                })}
                <Controller
                  control={control}
                  name="image"
                  render={({ field }) => (
                    <Field
                      id="product-image"
                      label={pictureLabel}
                      error={pictureError}
                      invalid={missing.has('image')}
                      help={
                        adding ? t('adminCatalog.form.pictureHelp') : t('adminCatalog.form.pictureEditHelp')
                      }
                      className="col-12 col-md-6"
                    >
                      {(props) => (
                        <input
                          {...props}
                          type="file"
                          accept="image/jpeg,image/png,image/webp,image/gif"
                          aria-required={adding || undefined}
                          name={field.name}
                          ref={field.ref}
                          onBlur={field.onBlur}
                          onChange={(event) => {
                            clearErrors('image');
                            field.onChange(event.target.files?.[0] ?? null);
                          }}
                        />
                      )}
                    </Field>
                  )}
                />
                <Pictures control={control} currentImage={currentImage} />
              </div>
            </div>
          </section>

          {adding && (
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
                  const name = t('adminCatalog.form.variationRow', { n });
                  const cell = (
                    key: keyof VariationValues,
                    label: string,
                    className: string,
                    options: InputOptions,
                  ) => input(`variations.${index}.${key}`, label, { ...options, className });
                  return (
                    <fieldset key={row.id} className="variation-row mb-2">
                      <legend className="small fw-semibold mb-1">{name}</legend>
                      <div className="row g-2 align-items-end">
                        {cell('title', t('adminCatalog.form.variationAttri'), 'col-12 col-md-3', {})}
                        {cell('price', t('adminCatalog.form.variationPrice'), 'col-6 col-md', NUMBER)}
                        {cell('offprice', t('adminCatalog.form.variationOffprice'), 'col-6 col-md', NUMBER)}
                        {cell('buyprice', t('adminCatalog.form.variationBuyprice'), 'col-6 col-md', NUMBER)}
                        {cell('qty', t('adminCatalog.form.variationQty'), 'col-6 col-md', DECIMAL)}
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
          )}

          <section className="card shadow-sm mb-3">
            <div className="card-body">
              <Field id="product-desc" label={t('adminCatalog.form.description')} error={fieldError('desc')}>
                {(props) => <textarea {...props} rows={5} {...register('desc')} />}
              </Field>
              {input('tags', t('adminCatalog.form.tags'), {
                required: true,
                help: t('adminCatalog.form.tagsHelp'),
                className: 'mb-0',
              })}
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
                onChange={(brand) => {
                  clearErrors('brand');
                  field.onChange(brand);
                }}
                error={fieldError('brand')}
                invalid={missing.has('brand')}
              />
            )}
          />
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <CategoryPicker
                value={field.value}
                onChange={(next) => {
                  clearErrors('category');
                  field.onChange(next);
                }}
                onDuplicate={
                  adding ? undefined : () => toast.error(t('adminCatalog.categories.alreadyAdded'))
                }
                error={fieldError('category')}
              />
            )}
          />

          {required && (
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
  );
}

interface InputOptions {
  type?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  step?: string;
  min?: string;
  required?: boolean;
  help?: string;
  className?: string;
}

const NUMBER: InputOptions = { type: 'number', inputMode: 'numeric', step: '1', min: '0' };
const DECIMAL: InputOptions = { type: 'number', inputMode: 'decimal', step: '0.01' };

interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, the control, its help text and its message; `invalid` marks a required field left empty. */
function Field({
  id,
  label,
  error,
  invalid = false,
  help,
  className = 'mb-3',
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  invalid?: boolean;
  help?: string | undefined;
  className?: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const bad = Boolean(error) || invalid;
  const describedBy = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children({
        id,
        className: `form-control${bad ? ' is-invalid' : ''}`,
        'aria-invalid': bad ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}

interface CheckProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  ref?: Ref<HTMLInputElement>;
}

function Check({ id, label, ...input }: CheckProps) {
  return (
    <div className="form-check mb-0">
      <input id={id} type="checkbox" className="form-check-input" {...input} />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  );
}

/** The current picture (edit form) and a preview of the chosen file; re-renders only when the file changes. */
function Pictures({
  control,
  currentImage,
}: {
  control: Control<ProductFormValues>;
  currentImage: string | null;
}) {
  const { t } = useTranslation();
  const image = useWatch({ control, name: 'image' });
  const preview = useObjectUrl(image);
  if (!preview && !currentImage) return null;
  return (
    <div className="col-12 d-flex flex-wrap gap-3">
      {currentImage && (
        <figure className="mb-0">
          <img src={currentImage} alt={t('adminCatalog.form.currentPicture')} className="admin-preview" />
          <figcaption className="small text-secondary">{t('adminCatalog.form.currentPicture')}</figcaption>
        </figure>
      )}
      {preview && (
        <figure className="mb-0">
          <img src={preview} alt={t('adminCatalog.form.preview')} className="admin-preview" />
          <figcaption className="small text-secondary text-break">{image?.name}</figcaption>
        </figure>
      )}
    </div>
  );
}

/** An object URL for the chosen file (the picture's preview), revoked when the file changes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
