import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { useNavigate } from 'react-router';
import { clearSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { forgetAdminProfile } from './admin-profile';
import { logout } from './auth-api';

/** POST /api/logout, then always forget the session, say so and go home (or to `to`: the rider's sign-in). */
export function useLogout(to = '/') {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      await logout();
    } catch (error) {
      console.error('Logout call failed', error);
    }
    toast.success(t('auth.messages.loggedOut'));
    clearSession(); // the profile cached under the old token is never read again (keys carry the token)
    forgetAdminProfile(); // nor may this browser open the back office offline any more
    setPending(false);
    await navigate(to);
  };

  return { logout: run, pending };
}
