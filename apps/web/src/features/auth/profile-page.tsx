import { profileUpdateBody, type Profile } from '@bazar/contracts/auth';
import { PASSWORD_MIN } from '@bazar/contracts/common';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useTranslation } from '../../lib/i18n/i18n';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { TextField } from '../../components/text-field';
import { setServerErrors } from '../../lib/form-errors';
import { fieldMessage, useZodForm } from '../../lib/forms';
import { saveName, useToken } from '../../lib/session';
import { toast } from '../../lib/toast';
import { updateProfile } from './auth-api';
import { failureText } from './failure-text';
import { PROFILE_KEY, useProfile } from './use-profile';
import { useLogout } from './use-logout';

/** /user/profile, inside RequireCustomer: the profile is already loaded. */
export function ProfilePage() {
  const profile = useProfile();
  return <QueryState query={profile}>{(data) => <ProfileView profile={data} />}</QueryState>;
}

function ProfileView({ profile }: { profile: Profile }) {
  const { t, formatNumber } = useTranslation();
  const { logout, pending } = useLogout();
  const { name, phone, ref_code, point } = profile;

  return (
    <div className="row g-3 my-1">
      <div className="col-12 col-lg-5">
        <section className="card shadow-sm h-100" aria-labelledby="profile-title">
          <div className="card-body">
            <h1 id="profile-title" className="h4 mb-3">
              {t('profile.title')}
            </h1>
            <dl className="profile-facts mb-4">
              <dt>{t('profile.name')}</dt>
              <dd>{name}</dd>
              <dt>{t('profile.phone')}</dt>
              <dd>{phone}</dd>
              <dt>{t('profile.refCode')}</dt>
              <dd className="font-monospace">{ref_code}</dd>
              <dt>{t('profile.point')}</dt>
              <dd>{formatNumber(point)}</dd>
            </dl>
            <div className="d-flex flex-wrap gap-2">
              <Link to="/user/orders" className="btn btn-primary">
                {t('profile.orders')}
              </Link>
              <button type="button" className="btn btn-outline-danger" onClick={logout} disabled={pending}>
                {t('profile.logout')}
              </button>
            </div>
          </div>
        </section>
      </div>
      <div className="col-12 col-lg-7">
        <ProfileForm key={name} name={name} />
      </div>
    </div>
  );
}

function ProfileForm({ name }: { name: string }) {
  const { t } = useTranslation();
  const token = useToken();
  const queryClient = useQueryClient();
  // An empty password keeps the current one (the shared schema says so too); a new one needs the
  // current one, which is sent only then.
  const { register, handleSubmit, setError, resetField, formState } = useZodForm(profileUpdateBody, {
    defaultValues: { name, password: '', current_password: '' },
  });
  const { errors } = formState;

  const onSubmit = async (values: z.output<typeof profileUpdateBody>) => {
    const password = values.password ?? '';
    try {
      const updated = await updateProfile({
        name: values.name,
        password,
        ...(password && { current_password: values.current_password ?? '' }),
      });
      queryClient.setQueryData<Profile>([PROFILE_KEY, token], (old) =>
        old ? { ...old, ...updated } : updated,
      );
      saveName(updated.name);
      resetField('password');
      resetField('current_password');
      toast.success(t('auth.messages.profileUpdated'));
    } catch (error) {
      if (!setServerErrors(error, setError, ['name', 'password', 'current_password'])) {
        toast.error(failureText(error, t('common.somethingWrong'), t));
      }
    }
  };

  return (
    <section className="card shadow-sm h-100" aria-labelledby="profile-edit-title">
      <div className="card-body">
        <h2 id="profile-edit-title" className="h5 mb-3">
          {t('profile.edit')}
        </h2>
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <TextField
            id="profile-name"
            label={t('profile.name')}
            autoComplete="name"
            maxLength={100}
            error={fieldMessage(errors.name, t('profile.nameRequired'))}
            {...register('name')}
          />
          <TextField
            id="profile-current-password"
            label={t('profile.currentPassword')}
            type="password"
            autoComplete="current-password"
            help={t('profile.currentPasswordHelp')}
            maxLength={200}
            error={fieldMessage(errors.current_password)}
            {...register('current_password')}
          />
          <TextField
            id="profile-password"
            label={t('profile.password')}
            type="password"
            autoComplete="new-password"
            help={t('profile.passwordHelp')}
            maxLength={200}
            error={fieldMessage(errors.password, t('profile.passwordShort', { min: PASSWORD_MIN }))}
            {...register('password')}
          />
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            {t('profile.save')}
          </button>
        </form>
      </div>
    </section>
  );
}
