import { settingsBody, type Settings, type SettingsBody } from '@bazar/contracts/settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/i18n';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { fetchSettings, saveSettings, SETTINGS_KEY } from './settings-api';

/** /admin/setting: delivery charge, affiliate registration point and order SMS numbers. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: fetchSettings });

  return (
    <section className="card shadow-sm admin-form-card" aria-labelledby="settings-title">
      <div className="card-body">
        <h1 id="settings-title" className="h4 mb-3">
          {t('settings.title')}
        </h1>
        {settings.isPending ? (
          <PageSpinner />
        ) : settings.isError ? (
          <LoadFailed onRetry={() => void settings.refetch()} />
        ) : (
          <SettingsForm initial={settings.data} />
        )}
      </div>
    </section>
  );
}

// The inputs hold text; the shared schema (SettingsBody in, Settings out) checks and converts it.
const toFields = (settings: Settings): SettingsBody => ({
  ship: String(settings.ship),
  reg_point: String(settings.reg_point),
  sms_numbers: settings.sms_numbers,
  shop_address: settings.shop_address,
  shop_phone: settings.shop_phone,
  payment_numbers: settings.payment_numbers,
});

function SettingsForm({ initial }: { initial: Settings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The shared schema checks the values; the texts under the fields come from the catalogue.
  const { register, handleSubmit, setError, reset, formState } = useForm<SettingsBody, unknown, Settings>({
    resolver: zodResolver(settingsBody),
    defaultValues: toFields(initial),
  });
  const { errors } = formState;
  const message = (error: { type?: string; message?: string } | undefined, clientText: string) =>
    error && (error.type === 'server' ? error.message : clientText);

  const onSubmit = async (values: Settings) => {
    try {
      const saved = await saveSettings(values);
      queryClient.setQueryData(SETTINGS_KEY, saved);
      reset(toFields(saved));
      toast.success(t('settings.updated'));
    } catch (error) {
      if (
        !setServerErrors(error, setError, [
          'ship',
          'reg_point',
          'sms_numbers',
          'shop_address',
          'shop_phone',
          'payment_numbers',
        ])
      ) {
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        id="setting-ship"
        label={t('settings.ship')}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={message(errors.ship, t('settings.wholeTaka'))}
        {...register('ship')}
      />
      <TextField
        id="setting-reg-point"
        label={t('settings.regPoint')}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={message(errors.reg_point, t('settings.wholeTaka'))}
        {...register('reg_point')}
      />
      <TextField
        id="setting-sms-numbers"
        label={t('settings.smsNumbers')}
        help={t('settings.smsNumbersHelp')}
        inputMode="tel"
        error={message(errors.sms_numbers, t('settings.phones'))}
        {...register('sms_numbers')}
      />
      <TextField
        id="setting-shop-address"
        label={t('settings.shopAddress')}
        help={t('settings.invoiceHelp')}
        error={message(errors.shop_address, t('settings.tooLong'))}
        {...register('shop_address')}
      />
      <TextField
        id="setting-shop-phone"
        label={t('settings.shopPhone')}
        inputMode="tel"
        error={message(errors.shop_phone, t('settings.tooLong'))}
        {...register('shop_phone')}
      />
      <TextField
        id="setting-payment-numbers"
        label={t('settings.paymentNumbers')}
        help={t('settings.paymentNumbersHelp')}
        error={message(errors.payment_numbers, t('settings.tooLong'))}
        {...register('payment_numbers')}
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {t('settings.submit')}
      </button>
    </form>
  );
}
