import { dateRangeQuery } from '@bazar/contracts/cash';
import { z } from 'zod';
import { FieldError } from '../../components/field-error';
import { useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import type { PurchaseFilter, Supplier } from './purchases-api';

/** A supplier ('' for all) and two shop days checked by the server's own date rules. */
const filterSchema = dateRangeQuery.extend({ supplier_id: z.string() });

interface PurchasesFilterProps {
  suppliers: Supplier[];
  initial: PurchaseFilter;
  onSearch: (filter: PurchaseFilter) => void;
}

/** The purchases list's filter bar: supplier, from date, to date and Search. */
export function PurchasesFilter({ suppliers, initial, onSearch }: PurchasesFilterProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useZodForm(filterSchema, { defaultValues: initial });
  const { errors } = formState;

  const date = (key: 'from' | 'to') => {
    const error = errors[key]?.message;
    const id = `purchases-${key}`;
    return (
      <div className="col-6 col-md-3">
        <label htmlFor={id} className="form-label">
          {t(`adminPurchases.list.${key}`)}
        </label>
        <input
          id={id}
          type="date"
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(key)}
        />
        <FieldError id={id} message={error} />
      </div>
    );
  };

  return (
    <form
      className="row g-2 align-items-end mb-3"
      aria-label={t('adminPurchases.list.filter')}
      noValidate
      onSubmit={handleSubmit(({ supplier_id, from = '', to = '' }) => onSearch({ supplier_id, from, to }))}
    >
      <div className="col-12 col-md-4">
        <label htmlFor="purchases-supplier" className="form-label">
          {t('adminPurchases.list.supplier')}
        </label>
        <select id="purchases-supplier" className="form-select" {...register('supplier_id')}>
          <option value="">{t('adminPurchases.list.allSuppliers')}</option>
          {suppliers.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
          {/* A supplier named by a link but not (or no longer) in the list stays choosable. */}
          {initial.supplier_id && !suppliers.some((s) => String(s.id) === initial.supplier_id) && (
            <option value={initial.supplier_id}>#{initial.supplier_id}</option>
          )}
        </select>
      </div>
      {date('from')}
      {date('to')}
      <div className="col-12 col-md-2 d-grid">
        <button type="submit" className="btn btn-primary">
          {t('adminPurchases.list.search')}
        </button>
      </div>
    </form>
  );
}
