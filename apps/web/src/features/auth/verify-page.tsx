import { verifyBody } from '@bazar/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { isBlank, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { sendCodeAgain, verifyCode } from './auth-api';
import { AuthCard } from './auth-card';
import { failureText } from './failure-text';
import { useNext } from './next-path';
import { PROFILE_KEY } from './use-profile';

export function VerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Where the person was going before registering (checkout): back there once verified.
  const next = useNext();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const { register, handleSubmit, getValues, formState } = useZodForm(verifyBody, {
    defaultValues: { code: '' },
  });

  const onSubmit = async ({ code }: { code: string }) => {
    try {
      await verifyCode(code);
      // The profile's status changed from 0: read it again.
      await queryClient.invalidateQueries({ queryKey: [PROFILE_KEY] });
      await navigate(next ?? '/', { replace: true });
    } catch (error) {
      const text = isApiError(error, 401) ? t('auth.messages.notLoggedIn') : t('auth.messages.codeIncorrect');
      toast.error(failureText(error, text, t));
    }
  };

  // Spec §8: no code says "Code is required"; a code that is not 6 digits is marked under the field.
  const onInvalid = () => {
    if (isBlank(getValues('code'))) toast.error(t('auth.messages.codeRequired'));
  };

  const onSendAgain = async () => {
    setSending(true);
    try {
      const answer = await sendCodeAgain();
      if (answer?.message) toast.success(answer.message);
    } catch (error) {
      if (isApiError(error, 401)) toast.error(t('auth.messages.notLoggedIn'));
      else toast.error(failureText(error, t('auth.messages.sendCodeFailed'), t));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard title={t('auth.verify.title')}>
      <p className="text-secondary">{t('auth.verify.help')}</p>
      <form onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate>
        <TextField
          id="verify-code"
          label={t('auth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={formState.errors.code?.message}
          {...register('code')}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
          {t('auth.verify.submit')}
        </button>
      </form>
      <button type="button" className="btn btn-link px-0 mt-3" onClick={onSendAgain} disabled={sending}>
        {t('auth.verify.sendAgain')}
      </button>
    </AuthCard>
  );
}
