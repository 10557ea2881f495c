import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api';
import { getStoredPhone, getToken } from '../../lib/session';
import { useProfileOf } from './use-profile';

/**
 * The customer area (/user/...): needs a token whose profile phone equals the stored phone
 * and a verified phone (status 0 goes to /varify). A 401 clears the session (fetchProfile).
 */
export function RequireCustomer() {
  // Decided with the session found on entry: a logout from inside navigates home itself,
  // and must not be overtaken by this guard sending the now signed-out user to /login.
  const [{ token, phone }] = useState(() => ({ token: getToken(), phone: getStoredPhone() }));
  const profile = useProfileOf(token);

  if (!token) return <Navigate to="/login" replace />;
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    if (isApiError(profile.error, 401)) return <Navigate to="/login" replace />;
    return <LoadFailed onRetry={() => void profile.refetch()} />;
  }
  if (profile.data.phone !== phone) return <Navigate to="/login" replace />;
  if (profile.data.status === 0) return <Navigate to="/varify" replace />;
  return <Outlet />;
}
