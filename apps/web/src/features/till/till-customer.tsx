import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { addCustomer, fetchAreas, findCustomer, updateCustomer, type CustomerFields } from './till-api';

/** initial: nothing looked up (save disabled); new: phone not found; found: an existing customer. */
export type CustomerMode = { kind: 'initial' } | { kind: 'new' } | { kind: 'found'; id: number };

type Props = {
  fields: CustomerFields;
  mode: CustomerMode;
  onChange: (fields: CustomerFields, mode?: CustomerMode) => void;
};

/** The till's customer block (back-office spec §2 "Point of sale", §4, §5). */
export function TillCustomer({ fields, mode, onChange }: Props) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const areas = useQuery({ queryKey: ['areas'], queryFn: fetchAreas, staleTime: 60_000 });
  const set = (patch: Partial<CustomerFields>) => onChange({ ...fields, ...patch });

  const search = async () => {
    const phone = fields.phone.trim();
    if (phone.length < 11) {
      setStatus({ text: t('adminTill.customer.phoneShort'), ok: false });
      return;
    }
    setBusy(true);
    setStatus({ text: t('adminTill.customer.searching'), ok: true });
    try {
      const found = await findCustomer(phone);
      if (found) {
        onChange(
          {
            phone: found.phone,
            name: found.name,
            area: found.area,
            address: found.address,
            balance: found.balance,
          },
          { kind: 'found', id: found.id },
        );
        setStatus(null);
      } else {
        onChange({ phone, name: '', area: '', address: '', balance: 0 }, { kind: 'new' });
        setStatus({ text: t('adminTill.customer.notFound'), ok: false });
      }
    } catch (error) {
      setStatus({ text: serverMessage(error, t('common.somethingWrong')), ok: false });
    } finally {
      setBusy(false);
    }
  };

  const onPhoneKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (mode.kind === 'initial') return;
    if (mode.kind === 'new' && !fields.name.trim()) {
      setStatus({ text: t('adminTill.customer.nameMissing'), ok: false });
      return;
    }
    if (mode.kind === 'found' && (!fields.name.trim() || !fields.area.trim() || !fields.address.trim())) {
      setStatus({ text: t('adminTill.customer.fillAll'), ok: false });
      return;
    }
    setBusy(true);
    try {
      const answer = mode.kind === 'new' ? await addCustomer(fields) : await updateCustomer(mode.id, fields);
      const c = answer.data;
      onChange(
        { phone: c.phone, name: c.name, area: c.area, address: c.address, balance: c.balance },
        { kind: 'found', id: c.id },
      );
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

  const areaTitles = areas.data?.map((a) => a.title) ?? [];
  if (fields.area && !areaTitles.includes(fields.area)) areaTitles.unshift(fields.area);

  return (
    <section className="card shadow-sm" aria-labelledby="till-customer-title">
      <form className="card-body" onSubmit={(event) => void save(event)} noValidate>
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
              className="form-control form-control-sm"
              value={fields.phone}
              onChange={(event) => set({ phone: event.target.value })}
              onKeyDown={onPhoneKey}
              aria-describedby="till-phone-help"
              autoComplete="off"
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
              className="form-control form-control-sm"
              value={fields.name}
              onChange={(event) => set({ name: event.target.value })}
              autoComplete="off"
            />
          </div>
          <div className="col-6">
            <label htmlFor="till-area" className="form-label small mb-1">
              {t('adminTill.customer.area')}
            </label>
            <select
              id="till-area"
              className="form-select form-select-sm"
              value={fields.area}
              onChange={(event) => set({ area: event.target.value })}
            >
              <option value="">{t('adminTill.customer.chooseArea')}</option>
              {areaTitles.map((title) => (
                <option key={title} value={title}>
                  {title}
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
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              className="form-control form-control-sm"
              value={fields.balance}
              onChange={(event) => set({ balance: Math.max(0, Math.floor(Number(event.target.value) || 0)) })}
            />
          </div>
          <div className="col-12">
            <label htmlFor="till-address" className="form-label small mb-1">
              {t('adminTill.customer.address')}
            </label>
            <input
              id="till-address"
              className="form-control form-control-sm"
              value={fields.address}
              onChange={(event) => set({ address: event.target.value })}
              autoComplete="off"
            />
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
      </form>
    </section>
  );
}
