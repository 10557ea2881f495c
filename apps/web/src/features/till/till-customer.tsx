import { phoneSchema } from '@bazar/contracts/common';
import { customerAddBody, customerEditBody } from '@bazar/contracts/customers';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { LanguageOptions } from '../../components/language-select';
import { serverMessage } from '../../lib/form-errors';
import { fieldMessage, isBlank, numberInput, useZodForm, numberField } from '../../lib/forms';
import { isLanguage, useTranslation, type Language } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { cachedCustomer, keepPendingCustomer, rememberCustomer } from './offline/till-customers';
import { isUnreachable, markReachable } from './offline/till-connection';
import type { TillCustomerRow } from './offline/till-db';
import { addCustomer, findCustomer, updateCustomer, useTillAreas, type Customer } from './till-api';
import { TillCustomerCredit } from './till-credit';
import { focusProductBox } from './till-product-box';
import { EMPTY_CUSTOMER as EMPTY, type CustomerFields, type CustomerMode } from './till-sale';

/** A new customer: POST /api/customer/add (the name is required: "Please enter the name"). */
const addSchema = customerAddBody.pick({ phone: true, name: true, area: true, address: true, lang: true });

/** A found customer: POST /api/customer/edit/{id}; the till also asks for the area and the address. */
const updateSchema = customerEditBody.pick({ name: true, balance: true, lang: true }).extend({
  phone: phoneSchema,
  area: customerEditBody.shape.area.unwrap().min(1),
  address: customerEditBody.shape.address.unwrap().min(1),
});

const fieldsOf = (c: Customer): CustomerFields => ({
  phone: c.phone,
  name: c.name,
  area: c.area,
  address: c.address,
  balance: c.balance,
  lang: c.lang,
});

const foundMode = (c: Customer): CustomerMode => ({
  kind: 'found',
  id: c.id,
  balance: c.balance ?? 0,
  due: c.due,
  creditLimit: c.credit_limit,
});

const rowFields = (row: TillCustomerRow, lang: Language): CustomerFields => ({
  phone: row.phone,
  name: row.name,
  area: row.area,
  address: row.address,
  balance: row.id === null ? 0 : row.balance,
  lang: row.lang ?? lang,
});

/** Asks the server; when it cannot be reached, says so (null) instead of failing. */
async function online<T>(call: () => Promise<T>): Promise<{ answer: T } | null> {
  try {
    const answer = await call();
    markReachable(true);
    return { answer };
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    markReachable(false);
    return null;
  }
}

type Props = {
  /** The block as the sale kept it (a reload shows it again). */
  initial: { fields: CustomerFields; mode: CustomerMode };
  onChange: (fields: CustomerFields, mode: CustomerMode) => void;
};

/**
 * The till's customer block: find a customer by phone (Enter), then save a new one or update the
 * found one. The sale reads the fields and the found customer's stored advance (`mode.balance`, what
 * the advance payment may take) through `onChange`. The customer's language (their SMS and receipts)
 * is picked here too: a new customer starts in the till screen's.
 */
export function TillCustomer({ initial, onChange }: Props) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<CustomerMode>(initial.mode);
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const areas = useTillAreas();
  // Which rules hold depends on the mode; the form keeps its values across a change of mode.
  const { register, handleSubmit, getValues, reset, watch, formState } = useZodForm(
    (mode.kind === 'found' ? updateSchema : addSchema) as typeof updateSchema,
    { defaultValues: { ...initial.fields, lang: initial.fields.lang ?? language } },
  );
  const { errors } = formState;

  useEffect(() => {
    const subscription = watch((values) => onChange({ ...EMPTY, ...values } as CustomerFields, mode));
    return () => subscription.unsubscribe();
  }, [watch, onChange, mode]);

  const show = (fields: CustomerFields, next: CustomerMode) => {
    reset(fields);
    onChange(fields, next);
    setMode(next);
  };

  const search = async () => {
    const phone = getValues('phone').trim();
    // A customer not found keeps the language picked so far.
    const picked = getValues('lang');
    const lang = isLanguage(picked) ? picked : language;
    if (phone.length < 11) {
      setStatus({ text: t('adminTill.customer.phoneShort'), ok: false });
      return;
    }
    setBusy(true);
    setStatus({ text: t('adminTill.customer.searching'), ok: true });
    try {
      const reached = await online(() => findCustomer(phone));
      if (reached) {
        const found = reached.answer;
        if (found) {
          void rememberCustomer(found);
          show(fieldsOf(found), foundMode(found));
          setStatus(null);
          focusProductBox();
        } else {
          show({ ...EMPTY, phone, lang }, { kind: 'new' });
          setStatus({ text: t('adminTill.customer.notFound'), ok: false });
          // No such customer: the name is what the cashier types next.
          focusName();
        }
        return;
      }
      // No server: the customers this till has seen, and those added here offline.
      const row = await cachedCustomer(phone);
      if (row && row.id !== null) {
        show(rowFields(row, lang), { kind: 'found', id: row.id, balance: row.balance });
        setStatus({ text: t('adminTill.customer.foundOffline'), ok: true });
      } else if (row) {
        show(rowFields(row, lang), { kind: 'new' });
        setStatus({ text: t('adminTill.customer.pendingOffline'), ok: true });
      } else {
        show({ ...EMPTY, phone, lang }, { kind: 'new' });
        setStatus({ text: t('adminTill.customer.notFoundOffline'), ok: false });
        focusName();
      }
    } catch (error) {
      setStatus({ text: serverMessage(error, t('common.somethingWrong')), ok: false });
    } finally {
      setBusy(false);
    }
  };

  // After the form shows the new mode (the next frame): the field is there to take the focus.
  const focusName = () => requestAnimationFrame(() => document.getElementById('till-name')?.focus());

  const onPhoneKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    }
  };

  const save = async (values: CustomerFields) => {
    if (mode.kind === 'initial') return;
    setBusy(true);
    try {
      const reached = await online(() =>
        mode.kind === 'new' ? addCustomer(values) : updateCustomer(mode.id, values),
      );
      if (!reached) {
        if (mode.kind !== 'new') return setStatus({ text: t('adminTill.customer.updateOffline'), ok: false });
        const row = await keepPendingCustomer(values);
        show(rowFields(row, language), { kind: 'new' });
        setStatus({ text: t('adminTill.customer.keptOffline'), ok: true });
        return;
      }
      const saved = reached.answer.data;
      void rememberCustomer(saved);
      show(fieldsOf(saved), foundMode(saved));
      focusProductBox();
      setStatus({
        text: t(mode.kind === 'new' ? 'adminTill.customer.saved' : 'adminTill.customer.updated'),
        ok: true,
      });
    } catch (error) {
      setStatus({ text: serverMessage(error, t('common.somethingWrong')), ok: false });
    } finally {
      setBusy(false);
    }
  };

  // A new customer needs a name; an update needs name, area and address.
  const onInvalid = (invalid: typeof errors) => {
    const values = getValues();
    let text: string | undefined;
    if (mode.kind === 'new' && invalid.name) text = t('adminTill.customer.nameMissing');
    else if (mode.kind === 'found' && [values.name, values.area, values.address].some(isBlank))
      text = t('adminTill.customer.fillAll');
    else text = fieldMessage(Object.values(invalid).find((error) => error?.message));
    setStatus(text ? { text, ok: false } : null);
  };

  const areaTitles = areas.data?.map((a) => a.title) ?? [];

  // The till's own copy of the areas (it works offline): each area by the screen's language.
  const local = useLocalName();
  const bangla = new Map(areas.data?.map((a) => [a.title, a.title_bn]) ?? []);
  const areaName = (title: string) => local(title, bangla.get(title));
  const area = watch('area');
  if (area && !areaTitles.includes(area)) areaTitles.unshift(area);
  const control = (invalid: unknown, base = 'form-control') =>
    `${base} ${base}-sm${invalid ? ' is-invalid' : ''}`;

  return (
    <section className="card shadow-sm" aria-labelledby="till-customer-title">
      <form
        className="card-body"
        onSubmit={handleSubmit((values) => save(values as CustomerFields), onInvalid)}
        noValidate
      >
        <h2 id="till-customer-title" className="h6 mb-3">
          {t('adminTill.customer.heading')}
        </h2>
        <div className="row g-2">
          <div className="col-12 col-sm-6">
            <label htmlFor="till-phone" className="form-label small mb-1">
              {t('adminTill.customer.phone')}
            </label>
            <input
              id="till-phone"
              type="tel"
              inputMode="tel"
              className={control(errors.phone)}
              onKeyDown={onPhoneKey}
              aria-describedby="till-phone-help"
              aria-invalid={errors.phone ? true : undefined}
              autoComplete="off"
              {...register('phone')}
            />
            <div id="till-phone-help" className="form-text">
              {t('adminTill.customer.phoneHelp')}
            </div>
          </div>
          <div className="col-12 col-sm-6">
            <label htmlFor="till-name" className="form-label small mb-1">
              {t('adminTill.customer.name')}
            </label>
            <input
              id="till-name"
              className={control(errors.name)}
              aria-invalid={errors.name ? true : undefined}
              maxLength={100}
              autoComplete="off"
              {...register('name')}
            />
          </div>
          <div className="col-6">
            <label htmlFor="till-area" className="form-label small mb-1">
              {t('adminTill.customer.area')}
            </label>
            <select
              id="till-area"
              className={control(errors.area, 'form-select')}
              aria-invalid={errors.area ? true : undefined}
              {...register('area')}
            >
              <option value="">{t('adminTill.customer.chooseArea')}</option>
              {areaTitles.map((title) => (
                <option key={title} value={title}>
                  {areaName(title)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6">
            <label htmlFor="till-balance" className="form-label small mb-1">
              {t('adminTill.customer.balance')}
            </label>
            <input
              id="till-balance"
              {...numberField('whole')}
              className={control(errors.balance)}
              aria-invalid={errors.balance ? true : undefined}
              {...numberInput(register, 'balance', { empty: null })}
            />
          </div>
          <div className="col-8">
            <label htmlFor="till-address" className="form-label small mb-1">
              {t('adminTill.customer.address')}
            </label>
            <input
              id="till-address"
              className={control(errors.address)}
              aria-invalid={errors.address ? true : undefined}
              maxLength={500}
              autoComplete="off"
              {...register('address')}
            />
          </div>
          <div className="col-4">
            <label htmlFor="till-language" className="form-label small mb-1">
              {t('adminTill.customer.language')}
            </label>
            <select
              id="till-language"
              className={control(errors.lang, 'form-select')}
              title={t('adminTill.customer.languageHelp')}
              {...register('lang')}
            >
              <LanguageOptions />
            </select>
          </div>
        </div>
        <div className="d-flex align-items-center gap-2 mt-3 flex-wrap">
          <button type="submit" className="btn btn-sm btn-primary" disabled={mode.kind === 'initial' || busy}>
            {t(mode.kind === 'found' ? 'adminTill.customer.update' : 'adminTill.customer.save')}
          </button>
          <p
            className={`small mb-0 ${status?.ok ? 'text-success' : 'text-danger'}`}
            role="status"
            aria-live="polite"
          >
            {status?.text}
          </p>
        </div>
        {mode.kind === 'found' && (
          <TillCustomerCredit
            customerId={mode.id}
            onReceived={(receipt) => void navigate(`/admin/due-slip/${receipt.id}?print=1&then=pos`)}
          />
        )}
      </form>
    </section>
  );
}
