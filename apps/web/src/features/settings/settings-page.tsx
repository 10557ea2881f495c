import { QuickKeysCard } from './quick-keys-card';
import {
  EXPIRED_SALE,
  settingsBody,
  STATUS_SMS_TEXTS,
  type Settings,
  type SettingsInput,
} from '@bazar/contracts/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { QueryState } from '../../components/query-state';
import { FieldError } from '../../components/field-error';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberInput, useZodForm, numberField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { SHOP_KEYS } from '../../lib/shop-api';
import { toast } from '../../lib/toast';
import { ReceiptPrinterCard } from '../printing/printer-card';
import { BackupsCard } from './backups-card';
import { DeliverySlotsCard } from './delivery-slots-card';
import { ScaleRulesTable } from './scale-rules-table';
import { ShopPagesCard } from './shop-pages-card';
import { SmsStatusCard } from './sms-status-card';
import { StatusSmsFields } from './status-sms-fields';
import { fetchSettings, saveSettings } from './settings-api';

/**
 * /admin/setting: the spec's delivery charge, affiliate registration point and order SMS numbers;
 * the daily SMS budget; what invoices and receipts print about the shop; the till's scale labels
 * and whether a new sale starts with the delivery charge; how far Expiring soon looks ahead and
 * what the till does with expired stock.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: SHOP_KEYS.adminSettings, queryFn: fetchSettings });

  return (
    <>
      <section className="card shadow-sm admin-form-card" aria-labelledby="settings-title">
        <div className="card-body">
          <h1 id="settings-title" className="h4 mb-3">
            {t('settings.title')}
          </h1>
          <QueryState query={settings}>{(data) => <SettingsForm initial={data} />}</QueryState>
        </div>
      </section>
      <DeliverySlotsCard />
      <ShopPagesCard />
      <SmsStatusCard />
      <BackupsCard />
      <QuickKeysCard />
      <ReceiptPrinterCard />
    </>
  );
}

const FIELDS = [
  'ship',
  'reg_point',
  'sms_numbers',
  'shop_address',
  'shop_phone',
  'payment_numbers',
  'sms_budget',
  'shop_name',
  'scale_rules',
  'till_ship',
  'receipt_footer',
  'language',
  'credit_limit',
  'dues_reminder_over',
  'expiry_days',
  'expired_sale',
  ...(['en', 'bn'] as const).flatMap((lang) =>
    STATUS_SMS_TEXTS.map((key) => `status_sms.${lang}.${key}` as const),
  ),
] as const;

function SettingsForm({ initial }: { initial: Settings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(settingsBody, { defaultValues: initial });
  const { register, handleSubmit, setError, reset, formState } = form;
  const { errors } = formState;

  const onSubmit = async (values: SettingsInput) => {
    try {
      // Quick keys are the Quick keys card's: left out, they stay as saved.
      const { quick_keys: _quickKeys, ...rest } = values;
      const saved = await saveSettings(rest);
      queryClient.setQueryData(SHOP_KEYS.adminSettings, saved);
      // Checkout, the till and the invoices read the charge and the shop's details.
      void queryClient.invalidateQueries({ queryKey: SHOP_KEYS.ship });
      void queryClient.invalidateQueries({ queryKey: SHOP_KEYS.shopInfo });
      reset(saved);
      toast.success(t('settings.updated'));
    } catch (error) {
      if (!setServerErrors(error, setError, FIELDS)) {
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    }
  };

  const whole = numberField('whole');

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField
          id="setting-shop-name"
          label={t('settings.shopName')}
          help={t('settings.shopNameHelp')}
          maxLength={100}
          autoComplete="off"
          error={errors.shop_name?.message}
          {...register('shop_name')}
        />
        <TextField
          id="setting-ship"
          label={t('settings.ship')}
          {...whole}
          error={fieldMessage(errors.ship, t('settings.wholeTaka'))}
          {...numberInput(register, 'ship')}
        />
        <TextField
          id="setting-reg-point"
          label={t('settings.regPoint')}
          {...whole}
          error={fieldMessage(errors.reg_point, t('settings.wholeTaka'))}
          {...numberInput(register, 'reg_point')}
        />
        <TextField
          id="setting-sms-numbers"
          label={t('settings.smsNumbers')}
          help={t('settings.smsNumbersHelp')}
          inputMode="tel"
          error={fieldMessage(errors.sms_numbers, t('settings.phones'))}
          {...register('sms_numbers')}
        />
        <TextField
          id="setting-sms-budget"
          label={t('settings.smsBudget')}
          help={t('settings.smsBudgetHelp')}
          {...whole}
          error={errors.sms_budget?.message}
          {...numberInput(register, 'sms_budget')}
        />
        <TextField
          id="setting-shop-address"
          label={t('settings.shopAddress')}
          help={t('settings.invoiceHelp')}
          maxLength={200}
          error={fieldMessage(errors.shop_address, t('settings.tooLong'))}
          {...register('shop_address')}
        />
        <TextField
          id="setting-shop-phone"
          label={t('settings.shopPhone')}
          inputMode="tel"
          maxLength={200}
          error={fieldMessage(errors.shop_phone, t('settings.tooLong'))}
          {...register('shop_phone')}
        />
        <TextField
          id="setting-payment-numbers"
          label={t('settings.paymentNumbers')}
          help={t('settings.paymentNumbersHelp')}
          maxLength={200}
          error={fieldMessage(errors.payment_numbers, t('settings.tooLong'))}
          {...register('payment_numbers')}
        />
        <TextField
          id="setting-receipt-footer"
          label={t('settings.receiptFooter')}
          help={t('settings.receiptFooterHelp')}
          maxLength={200}
          error={fieldMessage(errors.receipt_footer, t('settings.tooLong'))}
          {...register('receipt_footer')}
        />
        <div className="mb-3">
          <label htmlFor="setting-language" className="form-label">
            {t('settings.language')}
          </label>
          <select
            id="setting-language"
            className={`form-select${errors.language ? ' is-invalid' : ''}`}
            aria-describedby="setting-language-help"
            {...register('language')}
          >
            <option value="en" lang="en">
              English
            </option>
            <option value="bn" lang="bn">
              বাংলা
            </option>
          </select>
          <div id="setting-language-help" className="form-text">
            {t('settings.languageHelp')}
          </div>
          <FieldError id="setting-language" message={errors.language?.message} />
        </div>
        <TextField
          id="setting-credit-limit"
          label={t('adminKhata.settings.creditLimit')}
          help={t('adminKhata.settings.creditLimitHelp')}
          {...whole}
          error={fieldMessage(errors.credit_limit, t('settings.wholeTaka'))}
          {...numberInput(register, 'credit_limit', { empty: null })}
        />
        <TextField
          id="setting-dues-reminder"
          label={t('adminKhata.settings.reminderOver')}
          help={t('adminKhata.settings.reminderHelp')}
          {...whole}
          error={fieldMessage(errors.dues_reminder_over, t('settings.wholeTaka'))}
          {...numberInput(register, 'dues_reminder_over', { empty: null })}
        />
        <div className="form-check mb-3">
          <input
            id="setting-till-ship"
            type="checkbox"
            className="form-check-input"
            aria-describedby="setting-till-ship-help"
            {...register('till_ship')}
          />
          <label htmlFor="setting-till-ship" className="form-check-label">
            {t('settings.tillShip')}
          </label>
          <div id="setting-till-ship-help" className="form-text mt-0">
            {t('settings.tillShipHelp')}
          </div>
          <FieldError id="setting-till-ship" message={errors.till_ship?.message} />
        </div>
        <TextField
          id="setting-expiry-days"
          label={t('expiry.settings.days')}
          help={t('expiry.settings.daysHelp')}
          {...whole}
          maxLength={2}
          error={fieldMessage(errors.expiry_days)}
          {...numberInput(register, 'expiry_days')}
        />
        <fieldset className="mb-3" aria-describedby="setting-expired-sale-help">
          <legend className="form-label fs-6 mb-1">{t('expiry.settings.expiredSale')}</legend>
          {EXPIRED_SALE.map((choice) => (
            <div key={choice} className="form-check">
              <input
                id={`setting-expired-sale-${choice}`}
                type="radio"
                className="form-check-input"
                value={choice}
                {...register('expired_sale')}
              />
              <label htmlFor={`setting-expired-sale-${choice}`} className="form-check-label">
                {t(`expiry.settings.${choice}`)}
              </label>
            </div>
          ))}
          <div id="setting-expired-sale-help" className="form-text mt-0">
            {t('expiry.settings.expiredSaleHelp')}
          </div>
          <FieldError id="setting-expired-sale" message={errors.expired_sale?.message} />
        </fieldset>
        <ScaleRulesTable />
        {/* A server from before the status SMS answers without them: nothing to edit then. */}
        {initial.status_sms && <StatusSmsFields />}
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {t('settings.submit')}
        </button>
      </form>
    </FormProvider>
  );
}
