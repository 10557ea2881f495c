import { orderFilterQuery } from '@bazar/contracts/orders';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { FieldError } from '../../components/field-error';
import { useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { fetchSlotStarts, FILTER_FIELDS, slotStartsKey, type OrderFilter } from './orders-api';

type Output = z.output<typeof orderFilterQuery>;

/** The filter bar's answer as the list's filter (the URL's text; the schema's defaults filled in). */
const toFilter = (values: Output): OrderFilter => ({
  field: (FILTER_FIELDS as readonly string[]).includes(values.field ?? '') ? (values.field ?? 'ID') : 'ID',
  value: values.value ?? '',
  from: values.from ?? '',
  to: values.to ?? '',
  type: String(values.type),
  status: String(values.status),
  slot_date: values.slot_date ?? '',
  slot_start: values.slot_date ? (values.slot_start ?? '') : '',
});

/**
 * The orders' filter bar: field, value, from and to dates, type and status, checked by the
 * server's own query schema (GET /api/order-filter) before the list asks; then the delivery slot's
 * day and slot (shown when the shop has slots).
 */
export function OrdersFilter({
  initial,
  type,
  onFilter,
}: {
  initial: OrderFilter;
  /** The list's type: the All/Online/Offline toggles and this bar's Type are one choice. */
  type: string;
  onFilter: (filter: OrderFilter) => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, setValue } = useZodForm(orderFilterQuery, {
    defaultValues: {
      ...initial,
      // The list's filter names one of the bar's fields (use-orders-list filterIn).
      field: initial.field as (typeof FILTER_FIELDS)[number],
      slot_start: initial.slot_start || undefined,
    },
  });
  useEffect(() => setValue('type', type), [setValue, type]);
  const { errors } = formState;
  const slots = useQuery({ queryKey: slotStartsKey, queryFn: fetchSlotStarts, staleTime: 5 * 60_000 });
  const slotsOn = (slots.data?.length ?? 0) > 0;
  const controlClass = (invalid: unknown) => `form-control${invalid ? ' is-invalid' : ''}`;

  return (
    <form
      className="row g-2 align-items-end mb-3"
      onSubmit={handleSubmit((values) => onFilter(toFilter(values)))}
      aria-label={t('adminOrders.filter.title')}
      noValidate
    >
      <div className="col-6 col-md-2">
        <label htmlFor="filter-field" className="form-label">
          {t('adminOrders.filter.field')}
        </label>
        <select id="filter-field" className="form-select" {...register('field')}>
          {FILTER_FIELDS.map((field) => (
            <option key={field} value={field}>
              {t(`adminOrders.filter.fields.${field}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor="filter-value" className="form-label">
          {t('adminOrders.filter.value')}
        </label>
        <input
          id="filter-value"
          type="search"
          className={controlClass(errors.value)}
          maxLength={100}
          autoComplete="off"
          aria-invalid={errors.value ? true : undefined}
          {...register('value')}
        />
        <FieldError id="filter-value" message={errors.value?.message} />
      </div>
      <div className="col-6 col-md-2">
        <label htmlFor="filter-from" className="form-label">
          {t('adminOrders.filter.from')}
        </label>
        <input
          id="filter-from"
          type="date"
          className={controlClass(errors.from)}
          aria-invalid={errors.from ? true : undefined}
          aria-describedby={errors.from ? 'filter-from-error' : undefined}
          {...register('from')}
        />
        <FieldError id="filter-from" message={errors.from?.message} />
      </div>
      <div className="col-6 col-md-2">
        <label htmlFor="filter-to" className="form-label">
          {t('adminOrders.filter.to')}
        </label>
        <input
          id="filter-to"
          type="date"
          className={controlClass(errors.to)}
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={errors.to ? 'filter-to-error' : undefined}
          {...register('to')}
        />
        <FieldError id="filter-to" message={errors.to?.message} />
      </div>
      <div className="col-6 col-md-1">
        <label htmlFor="filter-type" className="form-label">
          {t('adminOrders.filter.type')}
        </label>
        <select id="filter-type" className="form-select" {...register('type')}>
          <option value={2}>{t('adminOrders.list.all')}</option>
          <option value={1}>{t('adminOrders.list.online')}</option>
          <option value={0}>{t('adminOrders.list.offline')}</option>
        </select>
      </div>
      <div className="col-6 col-md-1">
        <label htmlFor="filter-status" className="form-label">
          {t('adminOrders.filter.status')}
        </label>
        <select id="filter-status" className="form-select" {...register('status')}>
          <option value={0}>{t('adminOrders.filter.statusAll')}</option>
          <option value={1}>{t('adminOrders.filter.statusDue')}</option>
          <option value={2}>{t('adminOrders.filter.statusPaid')}</option>
        </select>
      </div>
      {slotsOn && (
        <>
          <div className="col-6 col-md-2">
            <label htmlFor="filter-slot-date" className="form-label">
              {t('delivery.orders.slotDay')}
            </label>
            <input
              id="filter-slot-date"
              type="date"
              className={controlClass(errors.slot_date)}
              aria-invalid={errors.slot_date ? true : undefined}
              aria-describedby={errors.slot_date ? 'filter-slot-date-error' : undefined}
              {...register('slot_date')}
            />
            <FieldError id="filter-slot-date" message={errors.slot_date?.message} />
          </div>
          <div className="col-6 col-md-2">
            <label htmlFor="filter-slot-start" className="form-label">
              {t('delivery.orders.slot')}
            </label>
            <select
              id="filter-slot-start"
              className="form-select"
              {...register('slot_start', { setValueAs: (v: string) => v || undefined })}
            >
              <option value="">{t('delivery.orders.anySlot')}</option>
              {(slots.data ?? []).map((slot) => (
                <option key={slot.start} value={slot.start}>
                  {t('delivery.slot.range', { start: slot.start, end: slot.end })}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <div className="col-12 col-md-1">
        <button type="submit" className="btn btn-primary w-100 text-nowrap px-1">
          {t('adminOrders.filter.submit')}
        </button>
      </div>
    </form>
  );
}
