import { useFormContext, useWatch, type FieldArrayWithId } from 'react-hook-form';
import { TrashIcon } from '../../components/admin-icons';
import { FieldError } from '../../components/field-error';
import { errorAt, fieldMessage, numberField, numberInput } from '../../lib/forms';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { namesIn } from '../../lib/line-names';
import { amountOf, type PurchaseValues } from './purchase-model';

interface PurchaseLinesProps {
  fields: FieldArrayWithId<PurchaseValues, 'lines'>[];
  onRemove: (index: number) => void;
  /** Products the server said are gone (409): their lines are marked. */
  gone: ReadonlySet<number>;
  /** The list's error (no line yet), shown under it. */
  error: string | undefined;
}

/**
 * The products of a new purchase, each with its own quantity and buy price and its amount by the
 * money rule (contracts' lineTotal, as the server counts it).
 */
export function PurchaseLines({ fields, onRemove, gone, error }: PurchaseLinesProps) {
  const { t, language } = useTranslation();
  const { register, control, formState } = useFormContext<PurchaseValues>();
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const { errors } = formState;
  const label = {
    quantity: t('adminPurchases.form.quantity'),
    buyPrice: t('adminPurchases.form.buyPrice'),
    amount: t('adminPurchases.form.lineTotal'),
  };

  return (
    <section aria-labelledby="purchase-lines-title" className="mb-3">
      <h3 id="purchase-lines-title" className="h6">
        {t('adminPurchases.form.lines')}
      </h3>
      {fields.length === 0 ? (
        <p className={`small mb-0 ${error ? 'text-danger' : 'text-secondary'}`} id="purchase-lines-error">
          {error ?? t('adminPurchases.form.noLines')}
        </p>
      ) : (
        <>
          <div className="table-responsive">
            <table className="table table-sm align-middle admin-cards purchase-lines-table mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('adminPurchases.form.product')}</th>
                  <th scope="col" className="input-col">
                    {label.quantity}
                  </th>
                  <th scope="col" className="input-col">
                    {label.buyPrice}
                  </th>
                  <th scope="col" className="num">
                    {label.amount}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('adminPurchases.form.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.map((field, index) => {
                  const names = namesIn(language, field);
                  const title = names.attri ? `${names.title} (${names.attri})` : names.title;
                  const qtyId = `purchase-line-${field.id}-qty`;
                  const priceId = `purchase-line-${field.id}-price`;
                  const qtyError = fieldMessage(
                    errorAt(errors, `lines.${index}.quantity`),
                    t('adminPurchases.form.errors.quantity'),
                  );
                  const priceError = fieldMessage(
                    errorAt(errors, `lines.${index}.buyprice`),
                    t('adminPurchases.form.errors.buyPrice'),
                  );
                  const isGone = gone.has(field.product_id);
                  const amount = amountOf(lines[index] ?? {});
                  return (
                    <tr
                      key={field.id}
                      data-product-id={field.product_id}
                      className={isGone ? 'table-danger' : ''}
                    >
                      <th scope="row" className="card-main fw-normal">
                        {title}
                        {isGone && (
                          <span className="d-block small text-danger">
                            {t('adminPurchases.form.errors.goneLine')}
                          </span>
                        )}
                      </th>
                      <td className="input-col" data-label={label.quantity}>
                        <input
                          id={qtyId}
                          className={`form-control form-control-sm${qtyError ? ' is-invalid' : ''}`}
                          aria-label={t('adminPurchases.form.quantityOf', { title })}
                          aria-invalid={qtyError ? true : undefined}
                          aria-describedby={qtyError ? `${qtyId}-error` : undefined}
                          {...numberField('decimal')}
                          {...numberInput(register, `lines.${index}.quantity`)}
                        />
                        <FieldError id={qtyId} message={qtyError} />
                      </td>
                      <td className="input-col" data-label={label.buyPrice}>
                        <input
                          id={priceId}
                          className={`form-control form-control-sm${priceError ? ' is-invalid' : ''}`}
                          aria-label={t('adminPurchases.form.buyPriceOf', { title })}
                          aria-invalid={priceError ? true : undefined}
                          aria-describedby={priceError ? `${priceId}-error` : undefined}
                          {...numberField('whole')}
                          {...numberInput(register, `lines.${index}.buyprice`)}
                        />
                        <FieldError id={priceId} message={priceError} />
                      </td>
                      <td className="num" data-label={label.amount}>
                        {amount === null ? '–' : formatNumber(amount)}
                      </td>
                      <td className="text-end card-menu">
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          aria-label={t('adminPurchases.form.removeLabel', { title })}
                          title={t('adminPurchases.form.removeLabel', { title })}
                          onClick={() => onRemove(index)}
                        >
                          <TrashIcon />
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <FieldError id="purchase-lines" message={error} />
        </>
      )}
    </section>
  );
}
