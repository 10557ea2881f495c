import { forgotBody, resetPasswordBody } from '@bazar/contracts/auth';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '../../components/text-field';
import { isBlank, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { forgotPassword, resetPassword } from './auth-api';
import { AuthCard } from './auth-card';
import { failureText } from './failure-text';
import { nextQuery, useNext } from './next-path';

/** The reset form's part of the body; the phone is the one step 1 sent the code to. */
const resetSchema = resetPasswordBody.pick({ code: true, password: true });

/**
 * Step 1 asks for the phone and sends a code; step 2 takes the code and a new password. A reset
 * does not sign in: it leads to the login page, keeping `?next=` (a guest from Checkout signs in
 * with the new password and is back at checkout).
 */
export function ForgotPage() {
  const { t } = useTranslation();
  const next = useNext();
  const [phone, setPhone] = useState<string | null>(null);
  return (
    <AuthCard title={t('auth.forgot.title')}>
      {phone === null ? <PhoneStep onSent={setPhone} /> : <ResetStep phone={phone} next={next} />}
    </AuthCard>
  );
}

function PhoneStep({ onSent }: { onSent: (phone: string) => void }) {
  const { t } = useTranslation();
  const { register, handleSubmit, getValues, formState } = useZodForm(forgotBody, {
    defaultValues: { phone: '' },
  });

  const onSubmit = async ({ phone }: { phone: string }) => {
    try {
      await forgotPassword(phone);
      toast.success(t('auth.messages.codeSent'));
      onSent(phone);
    } catch (error) {
      toast.error(failureText(error, t('auth.messages.phoneIncorrect'), t));
    }
  };

  const onInvalid = () => {
    if (isBlank(getValues('phone'))) toast.error(t('auth.messages.phoneRequired'));
  };

  return (
    <form onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate>
      <p className="text-secondary">{t('auth.forgot.help')}</p>
      <TextField
        id="forgot-phone"
        label={t('auth.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={formState.errors.phone?.message}
        {...register('phone')}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
        {t('auth.forgot.send')}
      </button>
    </form>
  );
}

function ResetStep({ phone, next }: { phone: string; next: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register, handleSubmit, getValues, formState } = useZodForm(resetSchema, {
    defaultValues: { code: '', password: '' },
  });
  const { errors } = formState;

  const onSubmit = async ({ code, password }: { code: string; password: string }) => {
    try {
      await resetPassword({ phone, code, password });
      await navigate(`/login${nextQuery(next)}`, { replace: true });
    } catch (error) {
      toast.error(failureText(error, t('auth.messages.codeIncorrect'), t));
    }
  };

  // Spec §8: no code or a short password gets the spec's one message; the fields say which.
  const onInvalid = (invalid: typeof errors) => {
    if (isBlank(getValues('code')) || invalid.password) toast.error(t('auth.messages.resetCheck'));
  };

  return (
    <form onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate>
      <p className="text-secondary">{t('auth.forgot.codeHelp', { phone })}</p>
      <TextField
        id="forgot-code"
        autoFocus
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
      <TextField
        id="forgot-password"
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        error={errors.password?.message}
        {...register('password')}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
        {t('auth.forgot.submit')}
      </button>
    </form>
  );
}
