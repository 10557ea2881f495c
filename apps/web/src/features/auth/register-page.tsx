import { registerBody } from '@bazar/contracts/auth';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../components/text-field';
import { setServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/forms';
import { currentLanguage, useTranslation } from '../../lib/i18n/i18n';
import { saveSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { registerAccount } from './auth-api';
import { AuthCard, CheckoutReason } from './auth-card';
import { failureText } from './failure-text';
import { nextQuery, useNext } from './next-path';

/** The form's part of the registration body; the referral code comes from the link, the language from the screen. */
const schema = registerBody.omit({ ref: true, lang: true });

/** Spec §5: a phone shorter than this gets the spec's one message (a longer wrong one is marked). */
const PHONE_MIN = 11;

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() || undefined;
  // Where the person was going: kept through /varify, and back there once the phone is verified.
  const next = useNext();
  const { register, handleSubmit, setError, getValues, formState } = useZodForm(schema, {
    defaultValues: { name: '', phone: '', password: '' },
  });
  const { errors } = formState;

  const onSubmit = async (body: z.output<typeof schema>) => {
    try {
      const answer = await registerAccount({ ...body, lang: currentLanguage(), ...(ref && { ref }) });
      saveSession(answer.token, answer.user);
      await navigate(`/varify${nextQuery(next)}`, { replace: true });
    } catch (error) {
      if (!setServerErrors(error, setError, ['name', 'phone', 'password'])) {
        toast.error(failureText(error, t('auth.messages.registerIncorrect'), t));
      }
    }
  };

  const onInvalid = (invalid: typeof errors) => {
    if (invalid.name || invalid.password || getValues('phone').trim().length < PHONE_MIN) {
      toast.error(t('auth.messages.registerCheck'));
    }
  };

  return (
    <AuthCard title={t('auth.register.title')}>
      <CheckoutReason next={next} />
      {ref && <p className="small text-secondary">{t('auth.register.referral', { code: ref })}</p>}
      <form onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate>
        <TextField
          id="register-name"
          label={t('auth.name')}
          autoComplete="name"
          maxLength={100}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="register-phone"
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          id="register-password"
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          maxLength={200}
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
          {t('auth.register.submit')}
        </button>
      </form>
      <p className="mt-3 mb-0">
        <Link to={`/login${nextQuery(next)}`}>{t('auth.register.haveAccount')}</Link>
      </p>
    </AuthCard>
  );
}
