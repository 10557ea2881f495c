import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { Navigate, useMatches, useNavigate } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { AdminCheck, type AdminRouteHandle } from '../../lib/admin-check';
import { isApiError } from '../../lib/api';
import { registerAppWorker } from '../../lib/app-worker';
import { ADMIN_ROLE, getStoredPhone, getStoredRole, getToken } from '../../lib/session';
import { toast } from '../../lib/toast';
import { forgetAdminProfile, rememberAdminProfile, rememberedAdminProfile } from './admin-profile';
import { ridesOnly } from './permissions';
import { useProfileOf } from './use-profile';

/** No answer from the server: no network, or a proxy in front of it that found no server. */
const unreachable = (error: unknown) => isApiError(error) && [0, 502, 503, 504].includes(error.status);

/**
 * The back office needs an admin profile: no token or a 401 goes to /, any other role
 * is told "Access Restricted" and goes to /. The server enforces the same; this is for comfort.
 * With no server, an admin whose profile this browser loaded before keeps the back office, so the
 * till works offline; the server checks the token again once it answers.
 * While the profile is on its way, a page that allows it (the till) shows its empty screen in the
 * frame when this browser's last sign-in was an admin's, instead of a spinner (lib/admin-check.ts).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const [token] = useState(getToken); // the session found on entry (see RequireCustomer)
  const profile = useProfileOf(token);
  const early =
    useMatches().some((match) => (match.handle as AdminRouteHandle | undefined)?.showsBeforeAdminCheck) &&
    getStoredRole() === String(ADMIN_ROLE);

  useEffect(() => {
    if (profile.data?.role === ADMIN_ROLE) {
      rememberAdminProfile(profile.data);
      registerAppWorker();
    } else if (profile.data || isApiError(profile.error, 401)) {
      forgetAdminProfile();
    }
  }, [profile.data, profile.error]);

  if (!token) return <Navigate to="/" replace />;
  // Offline, react-query holds the request back (paused) instead of failing it.
  const noServer = profile.isError
    ? unreachable(profile.error)
    : profile.isPending && profile.fetchStatus === 'paused';
  const remembered = noServer ? rememberedAdminProfile(getStoredPhone()) : null;
  // A rider has no page here: a link or a typed /admin takes them to their deliveries instead.
  const known = profile.data ?? remembered;
  if (known && ridesOnly(known)) return <Navigate to="/rider" replace />;
  // One element type for the frame in every case: it stays mounted when the answer comes.
  if (remembered) return <AdminCheck value>{children}</AdminCheck>;
  if (profile.isPending) return early ? <AdminCheck value={false}>{children}</AdminCheck> : <PageSpinner />;
  if (profile.isError) {
    if (isApiError(profile.error, 401)) return <Navigate to="/" replace />;
    return (
      <div className="container">
        <LoadFailed onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  if (profile.data.role !== ADMIN_ROLE) return <Restricted />;
  return <AdminCheck value>{children}</AdminCheck>;
}

function Restricted() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = useRef(false); // StrictMode runs effects twice: toast once
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast.error(t('auth.messages.accessRestricted'));
    void navigate('/', { replace: true });
  }, [navigate, t]);
  return null;
}
