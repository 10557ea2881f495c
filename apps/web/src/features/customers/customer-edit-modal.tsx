import { customerEditBody } from '@bazar/contracts/customers';
import { useState } from 'react';
import type { z } from 'zod';
import { FormModal, ModalForm } from '../../components/form-modal';
import { LanguageOptions } from '../../components/language-select';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberInput, useZodForm, numberField } from '../../lib/forms';
import { isLanguage, useTranslation } from '../../lib/i18n/i18n';
import { usePermissions } from '../auth/permissions';
import { useAreas, useAreaName } from '../../lib/shop-api';
import { toast } from '../../lib/toast';
import { editCustomer, type Customer } from './customers-api';

const ERROR_ID = 'customer-edit-error';
/** What Quick Edit sends and the customer's language; the till's phone and status are not part of it. */
const schema = customerEditBody.pick({
  name: true,
  area: true,
  address: true,
  balance: true,
  point: true,
  lang: true,
  credit_limit: true,
  sms_opt_out: true,
});
type Key = keyof z.input<typeof schema>;
const KEYS: readonly Key[] = [
  'name',
  'area',
  'address',
  'balance',
  'point',
  'lang',
  'credit_limit',
  'sms_opt_out',
];

interface CustomerEditModalProps {
  customer: Customer | null;
  onClose: () => void;
  /** Gets the customer as the server saved it. */
  onSaved: (customer: Customer) => void;
}

/**
 * "Customer Edit": name, area, address, balance, point and language (their SMS and invoices) of one
 * customer (POST /api/customer/edit/{id}).
 */
export function CustomerEditModal({ customer, onClose, onSaved }: CustomerEditModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      show={customer !== null}
      id="customer-edit"
      title={t('adminCustomers.edit.title')}
      onClose={onClose}
    >
      {customer && <EditForm key={customer.id} customer={customer} onClose={onClose} onSaved={onSaved} />}
    </FormModal>
  );
}

function EditForm({
  customer,
  onClose,
  onSaved,
}: { customer: Customer } & Omit<CustomerEditModalProps, 'customer'>) {
  const { t } = useTranslation();
  const areas = useAreas();
  const { register, handleSubmit, setError, watch, formState } = useZodForm(schema, {
    defaultValues: {
      name: customer.name,
      area: customer.area,
      address: customer.address,
      balance: customer.balance,
      point: customer.point,
      lang: isLanguage(customer.lang) ? customer.lang : 'en',
      credit_limit: customer.credit_limit,
      sms_opt_out: customer.sms_opt_out,
    },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  // The customer's own area stays choosable even when it is no longer in the area list.
  const areaTitles = (areas.data ?? []).map((area) => area.title);
  const areaName = useAreaName();
  const area = watch('area');
  if (area && !areaTitles.includes(area)) areaTitles.unshift(area);

  const onSubmit = async (values: z.output<typeof schema>) => {
    setFailure(null);
    try {
      const { name, area = '', address = '', balance = null, point = 0, lang = 'en' } = values;
      const credit_limit = values.credit_limit ?? null;
      const sms_opt_out = values.sms_opt_out ?? false;
      onSaved(
        await editCustomer(customer.id, {
          name,
          area,
          address,
          balance,
          point,
          lang,
          credit_limit,
          sms_opt_out,
        }),
      );
      toast.success(t('adminCustomers.edit.saved'));
      onClose();
    } catch (error) {
      if (!setServerErrors(error, setError, KEYS))
        setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  // The error area says what is wrong (spec: "Name is requried" for an empty name); the fields it
  // speaks about are marked and point at it.
  const messages = [
    ...new Set(
      [
        fieldMessage(errors.name, t('adminCustomers.edit.required')),
        ...KEYS.slice(1).map((key) => fieldMessage(errors[key])),
        failure,
      ].filter(Boolean),
    ),
  ];
  const { can } = usePermissions();
  const input = (key: Key, base = 'form-control') => ({
    id: `customer-${key}`,
    className: `${base}${errors[key] ? ' is-invalid' : ''}`,
    ...(errors[key] && { 'aria-invalid': true as const, 'aria-describedby': ERROR_ID }),
  });
  const whole = numberField('whole');
  // The advance and the points are money the shop owes: shown, but changed only with the right.
  const moneyLocked = !can('customers.balance');

  return (
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      submitLabel={t('adminCustomers.edit.save')}
      onClose={onClose}
    >
      <p className="text-secondary mb-3">{t('adminCustomers.edit.phone', { phone: customer.phone })}</p>
      <div aria-live="polite">
        {messages.length > 0 && (
          <div id={ERROR_ID} className="alert alert-danger py-2" role="alert">
            {messages.map((text) => (
              <div key={text}>{text}</div>
            ))}
          </div>
        )}
      </div>
      <div className="mb-3">
        <label htmlFor="customer-name" className="form-label">
          {t('adminCustomers.edit.name')}
        </label>
        <input {...input('name')} maxLength={100} autoComplete="off" {...register('name')} />
      </div>
      <div className="mb-3">
        <label htmlFor="customer-area" className="form-label">
          {t('adminCustomers.edit.area')}
        </label>
        <select {...input('area', 'form-select')} {...register('area')}>
          <option value="">{t('adminCustomers.edit.noArea')}</option>
          {areaTitles.map((title) => (
            <option key={title} value={title}>
              {areaName(title)}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-3">
        <label htmlFor="customer-address" className="form-label">
          {t('adminCustomers.edit.address')}
        </label>
        <input {...input('address')} maxLength={500} autoComplete="off" {...register('address')} />
      </div>
      <div className="row g-3">
        <div className="col-6">
          <label htmlFor="customer-balance" className="form-label">
            {t('adminCustomers.edit.balance')}
          </label>
          {/* An empty balance is no balance (null); an empty point is 0 points. */}
          <input
            {...input('balance')}
            {...whole}
            readOnly={moneyLocked}
            {...numberInput(register, 'balance', { empty: null })}
          />
        </div>
        <div className="col-6">
          <label htmlFor="customer-point" className="form-label">
            {t('adminCustomers.edit.point')}
          </label>
          <input
            {...input('point')}
            {...whole}
            readOnly={moneyLocked}
            {...numberInput(register, 'point', { empty: 0 })}
          />
        </div>
      </div>
      <div className="mt-3">
        <label htmlFor="customer-credit_limit" className="form-label">
          {t('adminKhata.customer.creditLimit')}
        </label>
        {/* Empty: the shop's default limit (null). */}
        <input
          {...input('credit_limit')}
          {...whole}
          readOnly={moneyLocked}
          aria-describedby="customer-credit-help"
          {...numberInput(register, 'credit_limit', { empty: null })}
        />
        <div id="customer-credit-help" className="form-text">
          {t('adminKhata.customer.creditLimitHelp')}
        </div>
      </div>
      <div className="form-check mt-3">
        <input
          id="customer-sms_opt_out"
          type="checkbox"
          className="form-check-input"
          {...register('sms_opt_out')}
        />
        <label htmlFor="customer-sms_opt_out" className="form-check-label">
          {t('adminKhata.customer.smsOptOut')}
        </label>
      </div>
      <div className="mt-3">
        <label htmlFor="customer-lang" className="form-label">
          {t('adminCustomers.edit.language')}
        </label>
        <select aria-describedby="customer-lang-help" {...input('lang', 'form-select')} {...register('lang')}>
          <LanguageOptions />
        </select>
        <div id="customer-lang-help" className="form-text">
          {t('adminCustomers.edit.languageHelp')}
        </div>
      </div>
    </ModalForm>
  );
}
