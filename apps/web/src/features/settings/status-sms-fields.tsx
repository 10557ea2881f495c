import { STATUS_SMS_TEXTS, type SettingsInput, type StatusSmsText } from '@bazar/contracts/settings';
import { useFormContext } from 'react-hook-form';
import { FieldError } from '../../components/field-error';
import { useTranslation } from '../../lib/i18n/i18n';
// The Bangla texts are drawn in Noto Sans Bengali in English mode too (a computer without a Bengali
// font would show boxes); the unicode-range keeps the font unfetched until Bengali is on screen.
import '../../lib/i18n/bn-font.css';
import './settings.css';

/** The storefront's name of each status (shopOrders.status), which labels its SMS; and the paid case. */
const STATUS_NAMES = {
  processing: 'shopOrders.status.processing',
  collecting: 'shopOrders.status.collecting',
  out_for_delivery: 'shopOrders.status.outForDelivery',
  delivered: 'shopOrders.status.delivered',
  canceled: 'shopOrders.status.canceled',
  out_for_delivery_paid: 'settings.statusSms.paidOutForDelivery',
} as const satisfies Record<StatusSmsText, string>;

const LANGUAGES = [
  ['en', 'settings.statusSms.english'],
  ['bn', 'settings.statusSms.bangla'],
] as const;

/** Setting's texts of the SMS each status change sends the customer: one per status and language. */
export function StatusSmsFields() {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<SettingsInput>();
  const errors = formState.errors.status_sms;
  return (
    <fieldset className="mb-3 status-sms-fields">
      <legend className="form-label fs-6 mb-1">{t('settings.statusSms.title')}</legend>
      <p id="setting-status-sms-help" className="form-text mt-0">
        {t('settings.statusSms.help')}
      </p>
      {LANGUAGES.map(([lang, languageKey]) =>
        STATUS_SMS_TEXTS.map((key) => {
          const id = `setting-status-sms-${lang}-${key}`;
          const error = errors?.[lang]?.[key]?.message;
          return (
            <div key={id} className="mb-2">
              <label htmlFor={id} className="form-label small mb-1">
                {t('settings.statusSms.label', { status: t(STATUS_NAMES[key]), language: t(languageKey) })}
              </label>
              <textarea
                id={id}
                lang={lang}
                rows={3}
                maxLength={300}
                className={`form-control${error ? ' is-invalid' : ''}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `setting-status-sms-help ${id}-error` : 'setting-status-sms-help'}
                {...register(`status_sms.${lang}.${key}`)}
              />
              <FieldError id={id} message={error} />
            </div>
          );
        }),
      )}
    </fieldset>
  );
}
