import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { QueryState } from '../../components/query-state';
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

  if (!token || isApiError(profile.error, 401)) return <Navigate to="/login" replace />;
  return (
    <QueryState query={profile}>
      {(data) =>
        data.phone !== phone ? (
          <Navigate to="/login" replace />
        ) : data.status === 0 ? (
          <Navigate to="/varify" replace />
        ) : (
          <Outlet />
        )
      }
    </QueryState>
  );
}
