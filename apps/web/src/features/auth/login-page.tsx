import { loginBody } from '@bazar/contracts/auth';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../components/text-field';
import { isBlank, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { ADMIN_ROLE, saveSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { login } from './auth-api';
import { ridesOnly } from './permissions';
import { AuthCard, CheckoutReason } from './auth-card';
import { failureText } from './failure-text';
import { nextQuery, useNext } from './next-path';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Where the person was going (`?next=`, a path of this site only): back there after signing in.
  const next = useNext();
  const { register, handleSubmit, getValues, formState } = useZodForm(loginBody, {
    defaultValues: { phone: '', password: '' },
  });
  const { errors } = formState;

  const onSubmit = async (body: z.output<typeof loginBody>) => {
    try {
      const answer = await login(body);
      saveSession(answer.token, answer.user);
      // A rider starts on their deliveries; other staff in the back office; customers in the shop,
      // or where they were going (checkout).
      const start = ridesOnly(answer.user)
        ? '/rider'
        : answer.user.role === ADMIN_ROLE
          ? '/admin'
          : (next ?? '/');
      await navigate(start, { replace: true });
    } catch (error) {
      toast.error(failureText(error, t('auth.messages.loginIncorrect'), t));
    }
  };

  // Spec §8: a form without phone or password says so; a phone that is not one is marked under it.
  const onInvalid = () => {
    const { phone, password } = getValues();
    if (isBlank(phone) || !password) toast.error(t('auth.messages.loginRequired'));
  };

  return (
    <AuthCard title={t('auth.login.title')}>
      <CheckoutReason next={next} />
      <form onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate>
        <TextField
          id="login-phone"
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          id="login-password"
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          maxLength={200}
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
          {t('auth.login.submit')}
        </button>
      </form>
      <div className="d-flex flex-wrap justify-content-between gap-2 mt-3">
        <Link to={`/forgot${nextQuery(next)}`}>{t('auth.login.forgot')}</Link>
        <Link to={`/register${nextQuery(next)}`}>{t('auth.login.register')}</Link>
      </div>
    </AuthCard>
  );
}
