import { customerEditBody } from '@bazar/contracts/customers';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { AREAS_KEY, editCustomer, fetchAreas, type Customer, type CustomerEdit } from './customers-api';

type Key = keyof CustomerEdit;
type Values = Record<Key, string>;
const ERROR_ID = 'customer-edit-error';

interface CustomerEditModalProps {
  customer: Customer | null;
  onClose: () => void;
  /** Gets the customer as the server saved it. */
  onSaved: (customer: Customer) => void;
}

/** "Customer Edit": name, area, address, balance and point of one customer (POST /api/customer/edit/{id}). */
export function CustomerEditModal({ customer, onClose, onSaved }: CustomerEditModalProps) {
  const { t } = useTranslation();
  return (
    <Modal show={customer !== null} onHide={onClose} centered aria-labelledby="customer-edit-title">
      <Modal.Header closeButton closeLabel={t('adminCustomers.edit.close')}>
        <Modal.Title as="h2" id="customer-edit-title" className="h5">
          {t('adminCustomers.edit.title')}
        </Modal.Title>
      </Modal.Header>
      {customer && <EditForm key={customer.id} customer={customer} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditForm({
  customer,
  onClose,
  onSaved,
}: { customer: Customer } & Omit<CustomerEditModalProps, 'customer'>) {
  const { t } = useTranslation();
  const areas = useQuery({ queryKey: AREAS_KEY, queryFn: fetchAreas, staleTime: 60_000 });
  const [values, setValues] = useState<Values>({
    name: customer.name,
    area: customer.area,
    address: customer.address,
    balance: String(customer.balance),
    point: String(customer.point),
  });
  const [messages, setMessages] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState(false);

  // The customer's own area stays choosable even when it is no longer in the area list.
  const areaTitles = (areas.data ?? []).map((area) => area.title);
  if (values.area && !areaTitles.includes(values.area)) areaTitles.unshift(values.area);

  const change = (key: Key) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const fail = (texts: string[], fields: Iterable<string> = []) => {
    setMessages([...new Set(texts)]);
    setInvalid(new Set(fields));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) return fail([t('adminCustomers.edit.required')], ['name']);
    // The shared schema gives the server's own words for a bad balance or point, before sending.
    const parsed = customerEditBody.safeParse({
      ...values,
      balance: values.balance.trim() === '' ? null : values.balance,
      point: values.point.trim() === '' ? '0' : values.point,
    });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      return fail(
        issues.map((issue) => issue.message),
        issues.map((issue) => String(issue.path[0])),
      );
    }
    const { name, area = '', address = '', balance = null, point = 0 } = parsed.data;
    fail([]);
    setPending(true);
    try {
      onSaved(await editCustomer(customer.id, { name, area, address, balance, point }));
      toast.success(t('adminCustomers.edit.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error, 422) && error.errors) {
        fail([error.message, ...Object.values(error.errors).flat()], Object.keys(error.errors));
      } else {
        fail([serverMessage(error, t('common.somethingWrong'))]);
      }
    } finally {
      setPending(false);
    }
  };

  // A field the error area speaks about is marked and points at it.
  const mark = (key: Key) =>
    invalid.has(key) ? { 'aria-invalid': true as const, 'aria-describedby': ERROR_ID } : {};
  const control = (key: Key, base = 'form-control') => `${base}${invalid.has(key) ? ' is-invalid' : ''}`;
  const input = (key: Key) => ({
    id: `customer-${key}`,
    className: control(key),
    value: values[key],
    onChange: change(key),
    ...mark(key),
  });
  const whole = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Modal.Body>
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
          <input {...input('name')} maxLength={100} autoComplete="off" />
        </div>
        <div className="mb-3">
          <label htmlFor="customer-area" className="form-label">
            {t('adminCustomers.edit.area')}
          </label>
          <select {...input('area')} className={control('area', 'form-select')}>
            <option value="">{t('adminCustomers.edit.noArea')}</option>
            {areaTitles.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
        </div>
        <div className="mb-3">
          <label htmlFor="customer-address" className="form-label">
            {t('adminCustomers.edit.address')}
          </label>
          <input {...input('address')} maxLength={500} autoComplete="off" />
        </div>
        <div className="row g-3">
          <div className="col-6">
            <label htmlFor="customer-balance" className="form-label">
              {t('adminCustomers.edit.balance')}
            </label>
            <input {...input('balance')} {...whole} />
          </div>
          <div className="col-6">
            <label htmlFor="customer-point" className="form-label">
              {t('adminCustomers.edit.point')}
            </label>
            <input {...input('point')} {...whole} />
          </div>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('adminCustomers.edit.close')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('adminCustomers.edit.save')}
        </button>
      </Modal.Footer>
    </form>
  );
}
