import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../components/text-field';
import { setServerErrors } from '../../lib/form-errors';
import { saveSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { registerAccount } from './auth-api';
import { AuthCard } from './auth-card';
import { failureText } from './failure-text';

interface RegisterForm {
  name: string;
  phone: string;
  password: string;
}

const PHONE_MIN = 11;
const PASSWORD_MIN = 6;

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() || undefined;
  const { register, handleSubmit, setError, formState } = useForm<RegisterForm>({
    defaultValues: { name: '', phone: '', password: '' },
  });
  const { errors } = formState;

  const onSubmit = async ({ name, phone, password }: RegisterForm) => {
    if (phone.trim().length < PHONE_MIN || password.length < PASSWORD_MIN || !name.trim()) {
      toast.error(t('auth.messages.registerCheck'));
      return;
    }
    try {
      const answer = await registerAccount({
        name: name.trim(),
        phone: phone.trim(),
        password,
        ...(ref && { ref }),
      });
      saveSession(answer.token, answer.user);
      await navigate('/varify', { replace: true });
    } catch (error) {
      if (!setServerErrors(error, setError, ['name', 'phone', 'password'])) {
        toast.error(failureText(error, t('auth.messages.registerIncorrect'), t));
      }
    }
  };

  return (
    <AuthCard title={t('auth.register.title')}>
      {ref && <p className="small text-secondary">{t('auth.register.referral', { code: ref })}</p>}
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField
          id="register-name"
          label={t('auth.name')}
          autoComplete="name"
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
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
          {t('auth.register.submit')}
        </button>
      </form>
      <p className="mt-3 mb-0">
        <Link to="/login">{t('auth.register.haveAccount')}</Link>
      </p>
    </AuthCard>
  );
}
