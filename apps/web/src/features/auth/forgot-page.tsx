import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/i18n';
import { useNavigate } from 'react-router';
import { TextField } from '../../components/text-field';
import { toast } from '../../lib/toast';
import { forgotPassword, resetPassword } from './auth-api';
import { AuthCard } from './auth-card';
import { failureText } from './failure-text';

const PASSWORD_MIN = 6;

/** Step 1 asks for the phone and sends a code; step 2 takes the code and a new password. */
export function ForgotPage() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState<string | null>(null);
  return (
    <AuthCard title={t('auth.forgot.title')}>
      {phone === null ? <PhoneStep onSent={setPhone} /> : <ResetStep phone={phone} />}
    </AuthCard>
  );
}

function PhoneStep({ onSent }: { onSent: (phone: string) => void }) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<{ phone: string }>({ defaultValues: { phone: '' } });

  const onSubmit = async ({ phone }: { phone: string }) => {
    if (!phone.trim()) {
      toast.error(t('auth.messages.phoneRequired'));
      return;
    }
    try {
      await forgotPassword(phone.trim());
      toast.success(t('auth.messages.codeSent'));
      onSent(phone.trim());
    } catch (error) {
      toast.error(failureText(error, t('auth.messages.phoneIncorrect'), t));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <p className="text-secondary">{t('auth.forgot.help')}</p>
      <TextField
        id="forgot-phone"
        label={t('auth.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...register('phone')}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
        {t('auth.forgot.send')}
      </button>
    </form>
  );
}

function ResetStep({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<{ code: string; password: string }>({
    defaultValues: { code: '', password: '' },
  });

  const onSubmit = async ({ code, password }: { code: string; password: string }) => {
    if (!code.trim() || password.length < PASSWORD_MIN) {
      toast.error(t('auth.messages.resetCheck'));
      return;
    }
    try {
      await resetPassword({ phone, code: code.trim(), password });
      await navigate('/login', { replace: true });
    } catch (error) {
      toast.error(failureText(error, t('auth.messages.codeIncorrect'), t));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <p className="text-secondary">{t('auth.forgot.codeHelp', { phone })}</p>
      <TextField
        id="forgot-code"
        autoFocus
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        {...register('code')}
      />
      <TextField
        id="forgot-password"
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        {...register('password')}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
        {t('auth.forgot.submit')}
      </button>
    </form>
  );
}
