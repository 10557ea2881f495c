import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n/i18n';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../components/text-field';
import { ADMIN_ROLE, saveSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { login } from './auth-api';
import { AuthCard } from './auth-card';
import { failureText } from './failure-text';

interface LoginForm {
  phone: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    defaultValues: { phone: '', password: '' },
  });

  const onSubmit = async ({ phone, password }: LoginForm) => {
    if (!phone.trim() || !password) {
      toast.error(t('auth.messages.loginRequired'));
      return;
    }
    try {
      const answer = await login({ phone: phone.trim(), password });
      saveSession(answer.token, answer.user);
      await navigate(answer.user.role === ADMIN_ROLE ? '/admin' : '/', { replace: true });
    } catch (error) {
      toast.error(failureText(error, t('auth.messages.loginIncorrect'), t));
    }
  };

  return (
    <AuthCard title={t('auth.login.title')}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField
          id="login-phone"
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          {...register('phone')}
        />
        <TextField
          id="login-password"
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          {...register('password')}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
          {t('auth.login.submit')}
        </button>
      </form>
      <div className="d-flex flex-wrap justify-content-between gap-2 mt-3">
        <Link to="/forgot">{t('auth.login.forgot')}</Link>
        <Link to="/register">{t('auth.login.register')}</Link>
      </div>
    </AuthCard>
  );
}
