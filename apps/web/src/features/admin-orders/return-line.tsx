import type { FieldError as FormFieldError, UseFormRegister } from 'react-hook-form';
import { FieldError } from '../../components/field-error';
import { fieldMessage, numberField, numberInput } from '../../lib/forms';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { namesIn } from '../../lib/line-names';
import type { ReturnInput, ReturnRow } from './return-rows';

/** One product of a return: its name, price and what can still come back, the quantity, and All. */
export function ReturnLine({
  row,
  index,
  register,
  error,
  onAll,
}: {
  row: ReturnRow;
  index: number;
  register: UseFormRegister<ReturnInput>;
  error: FormFieldError | undefined;
  /** Fills in everything that can come back. */
  onAll: () => void;
}) {
  const { t, language } = useTranslation();
  const id = `return-qty-${index}`;
  const names = namesIn(language, row);
  const name = `${names.title} ${names.attri}`.trim();
  const message = fieldMessage(
    error,
    error?.type === 'custom' ? undefined : t('adminOrders.returns.quantityInvalid'),
  );
  return (
    <li className="list-group-item" data-product-id={row.product_id}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="me-auto">
          <div>
            {names.title}
            {names.attri && <span className="text-secondary"> {names.attri}</span>}
          </div>
          <div className="small text-secondary">
            {t('adminOrders.returns.columns.price')} {formatNumber(row.price)} ·{' '}
            {t('adminOrders.returns.columns.left')} {formatNumber(row.left)}
          </div>
        </div>
        <div className="input-group input-group-sm return-qty">
          <input
            id={id}
            {...numberField('decimal')}
            className={`form-control${error ? ' is-invalid' : ''}`}
            aria-label={t('adminOrders.returns.quantity', { title: name })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...numberInput(register, `lines.${index}.quantity`)}
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label={t('adminOrders.returns.allLabel', { title: name })}
            onClick={onAll}
          >
            {t('adminOrders.returns.all')}
          </button>
        </div>
      </div>
      <FieldError id={id} message={message} className="text-end" />
    </li>
  );
}
