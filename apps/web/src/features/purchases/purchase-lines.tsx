import { useFormContext, useWatch, type FieldArrayWithId } from 'react-hook-form';
import { TrashIcon } from '../../components/admin-icons';
import { DataTable } from '../../components/data-table';
import { FieldError } from '../../components/field-error';
import { errorAt, fieldMessage, numberField, numberInput } from '../../lib/forms';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { namesIn } from '../../lib/line-names';
import { amountOf, type PurchaseValues } from './purchase-model';
import { dayOrNothing } from './tracks-expiry';

interface PurchaseLinesProps {
  fields: FieldArrayWithId<PurchaseValues, 'lines'>[];
  onRemove: (index: number) => void;
  /** Products the server said are gone (409): their lines are marked. */
  gone: ReadonlySet<number>;
  /** Products that keep their stock by expiry date: their lines need the date on the pack. */
  tracked: ReadonlySet<number>;
  /** The list's error (no line yet), shown under it. */
  error: string | undefined;
}

/**
 * The products of a new purchase, each with its own quantity and buy price and its amount by the
 * money rule (contracts' lineTotal, as the server counts it).
 */
export function PurchaseLines({ fields, onRemove, gone, tracked, error }: PurchaseLinesProps) {
  const { t, language } = useTranslation();
  const { register, control, formState } = useFormContext<PurchaseValues>();
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const { errors } = formState;
  /** A line's product in the screen's language, with its attribute. */
  const titleOf = (field: FieldArrayWithId<PurchaseValues, 'lines'>) => {
    const names = namesIn(language, field);
    return names.attri ? `${names.title} (${names.attri})` : names.title;
  };
  const label = {
    quantity: t('adminPurchases.form.quantity'),
    buyPrice: t('adminPurchases.form.buyPrice'),
    amount: t('adminPurchases.form.lineTotal'),
    expiry: t('adminPurchases.form.expiry'),
    batch: t('adminPurchases.form.batch'),
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
          <DataTable
            className="table-sm align-middle admin-cards purchase-lines-table mb-0"
            rows={fields.map((field, index) => ({ field, index }))}
            rowKey={({ field }) => field.id}
            rowProps={({ field }) => ({
              'data-product-id': field.product_id,
              className: gone.has(field.product_id) ? 'table-danger' : '',
            })}
            columns={[
              {
                key: 'product',
                header: t('adminPurchases.form.product'),
                className: 'card-main',
                rowHeader: true,
                cell: ({ field }) => (
                  <>
                    {titleOf(field)}
                    {gone.has(field.product_id) && (
                      <span className="d-block small text-danger">
                        {t('adminPurchases.form.errors.goneLine')}
                      </span>
                    )}
                    {tracked.has(field.product_id) && (
                      <span className="d-block small fw-normal text-secondary">
                        {t('adminPurchases.form.tracksExpiry')}
                      </span>
                    )}
                  </>
                ),
              },
              {
                key: 'quantity',
                header: label.quantity,
                label: label.quantity,
                className: 'input-col',
                cell: ({ field, index }) => {
                  const id = `purchase-line-${field.id}-qty`;
                  const error = fieldMessage(
                    errorAt(errors, `lines.${index}.quantity`),
                    t('adminPurchases.form.errors.quantity'),
                  );
                  return (
                    <>
                      <input
                        id={id}
                        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                        aria-label={t('adminPurchases.form.quantityOf', { title: titleOf(field) })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        {...numberField('decimal')}
                        {...numberInput(register, `lines.${index}.quantity`)}
                      />
                      <FieldError id={id} message={error} />
                    </>
                  );
                },
              },
              {
                key: 'buyprice',
                header: label.buyPrice,
                label: label.buyPrice,
                className: 'input-col',
                cell: ({ field, index }) => {
                  const id = `purchase-line-${field.id}-price`;
                  const error = fieldMessage(
                    errorAt(errors, `lines.${index}.buyprice`),
                    t('adminPurchases.form.errors.buyPrice'),
                  );
                  return (
                    <>
                      <input
                        id={id}
                        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                        aria-label={t('adminPurchases.form.buyPriceOf', { title: titleOf(field) })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        {...numberField('whole')}
                        {...numberInput(register, `lines.${index}.buyprice`)}
                      />
                      <FieldError id={id} message={error} />
                    </>
                  );
                },
              },
              {
                key: 'amount',
                header: label.amount,
                label: label.amount,
                className: 'num',
                cell: ({ index }) => {
                  const amount = amountOf(lines[index] ?? {});
                  return amount === null ? '–' : formatNumber(amount);
                },
              },
              {
                key: 'expiry',
                header: label.expiry,
                label: label.expiry,
                className: 'date-col',
                cell: ({ field, index }) => {
                  const id = `purchase-line-${field.id}-expiry`;
                  const needed = tracked.has(field.product_id);
                  const error = fieldMessage(
                    errorAt(errors, `lines.${index}.expiry`),
                    t('adminPurchases.form.errors.expiry'),
                  );
                  return (
                    <>
                      <input
                        id={id}
                        type="date"
                        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                        aria-label={t('adminPurchases.form.expiryOf', { title: titleOf(field) })}
                        aria-required={needed || undefined}
                        required={needed}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        {...register(`lines.${index}.expiry`, { setValueAs: dayOrNothing })}
                      />
                      <FieldError id={id} message={error} />
                    </>
                  );
                },
              },
              {
                key: 'batch',
                header: label.batch,
                label: label.batch,
                className: 'batch-col',
                cell: ({ field, index }) => {
                  const id = `purchase-line-${field.id}-batch`;
                  const error = fieldMessage(errorAt(errors, `lines.${index}.batch`));
                  return (
                    <>
                      <input
                        id={id}
                        type="text"
                        maxLength={40}
                        autoComplete="off"
                        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                        aria-label={t('adminPurchases.form.batchOf', { title: titleOf(field) })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        {...register(`lines.${index}.batch`)}
                      />
                      <FieldError id={id} message={error} />
                    </>
                  );
                },
              },
              {
                key: 'remove',
                header: <span className="visually-hidden">{t('adminPurchases.form.remove')}</span>,
                className: 'text-end card-menu',
                cell: ({ field, index }) => (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    aria-label={t('adminPurchases.form.removeLabel', { title: titleOf(field) })}
                    title={t('adminPurchases.form.removeLabel', { title: titleOf(field) })}
                    onClick={() => onRemove(index)}
                  >
                    <TrashIcon />
                  </button>
                ),
              },
            ]}
          />
          <FieldError id="purchase-lines" message={error} />
        </>
      )}
    </section>
  );
}
