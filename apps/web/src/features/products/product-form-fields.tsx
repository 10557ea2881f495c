import { useEffect, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { describedBy, FieldError } from '../../components/field-error';
import { errorAt, fieldMessage, isBlank, numberInput, numberField } from '../../lib/forms';
import { useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { REQUIRED, type ProductFormValues } from './product-form-model';

export type ProductField = FieldPath<ProductFormValues>;

const MONEY = /(^|\.)(price|offprice|buyprice)$/;
const QTY = /(^|\.)qty$/;

/** True when a field the spec requires (or a variation's price) is marked because it is empty. */
export function isMissing(name: string, error: unknown, value: unknown): boolean {
  return (
    Boolean(error) &&
    isBlank(value) &&
    ((REQUIRED as readonly string[]).includes(name) || /^variations\.\d+\.price$/.test(name))
  );
}

/**
 * The text under a product field: none for a required field left empty (the form's alert says it),
 * "Enter the price of this variation" for a variation's, the catalogue's words for a number the
 * schema refused, else the schema's or the server's.
 */
export function productMessage(
  t: TFunction,
  name: string,
  error: { type?: unknown; message?: string } | undefined,
  value: unknown,
) {
  if (!error) return undefined;
  if (isMissing(name, error, value) && error.type !== 'server')
    return name.startsWith('variations.') ? t('adminCatalog.form.variationPriceRequired') : undefined;
  if (MONEY.test(name)) return fieldMessage(error, t('adminCatalog.common.wholeTaka'));
  if (QTY.test(name)) return fieldMessage(error, t('adminCatalog.common.quantity'));
  return fieldMessage(error);
}

interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, the control, its help text and its message; `invalid` marks it without a message. */
export function Field({
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
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children({
        id,
        className: `form-control${bad ? ' is-invalid' : ''}`,
        'aria-invalid': bad ? true : undefined,
        'aria-describedby': describedBy(id, { help, error }),
      })}
      <FieldError id={id} message={error} />
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}

export interface InputOptions {
  /** money: whole taka; qty: 0.01 steps; text by default. */
  kind?: 'text' | 'money' | 'qty';
  required?: boolean;
  help?: string;
  className?: string;
  /** A text input's keyboard and length (the PLU: five digits). */
  inputMode?: 'numeric';
  maxLength?: number;
  /** The language of the text typed (bn: a Bangla text), for the keyboard and the spelling check. */
  lang?: 'bn';
}

/** One input of the product form, registered in it (numbers as JSON numbers) with its message. */
export function ProductInput({
  name,
  label,
  kind = 'text',
  required = false,
  help,
  className,
  inputMode,
  maxLength,
  lang,
}: { name: ProductField; label: string } & InputOptions) {
  const { t } = useTranslation();
  const { register, getValues, formState } = useFormContext<ProductFormValues>();
  const error = errorAt(formState.errors, name);
  const value = getValues(name);
  const registered = kind === 'text' ? register(name) : numberInput(register, name);
  const number =
    kind === 'money'
      ? numberField('whole')
      : kind === 'qty'
        ? numberField('decimal')
        : { type: 'text', inputMode, maxLength };
  return (
    <Field
      id={`product-${name.replace(/\./g, '-')}`}
      label={label}
      error={productMessage(t, name, error, value)}
      invalid={Boolean(error)}
      help={help}
      className={className}
    >
      {(props) => (
        <input
          {...props}
          {...(number as InputHTMLAttributes<HTMLInputElement>)}
          autoComplete="off"
          lang={lang}
          aria-required={required || undefined}
          {...registered}
        />
      )}
    </Field>
  );
}

interface CheckProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  ref?: Ref<HTMLInputElement>;
}

export function Check({ id, label, ...input }: CheckProps) {
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
export function Pictures({ currentImage }: { currentImage: string | null }) {
  const { t } = useTranslation();
  const image = useWatch<ProductFormValues, 'image'>({ name: 'image' });
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
