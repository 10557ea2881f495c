import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { QueryState } from '../../components/query-state';
import { isApiError } from '../../lib/api';
import { getStoredPhone, getToken } from '../../lib/session';
import { nextQuery } from './next-path';
import { useProfileOf } from './use-profile';

/**
 * The customer area (/user/...): needs a token whose profile phone equals the stored phone
 * and a verified phone (status 0 goes to /varify). A 401 clears the session (fetchProfile).
 * Either page is told where the person was going (`?next=`), and sends them back there after.
 */
export function RequireCustomer() {
  // Decided with the session found on entry: a logout from inside navigates home itself,
  // and must not be overtaken by this guard sending the now signed-out user to /login.
  const [{ token, phone }] = useState(() => ({ token: getToken(), phone: getStoredPhone() }));
  const profile = useProfileOf(token);
  const here = useLocation();
  const next = nextQuery(here.pathname + here.search);
  const login = <Navigate to={`/login${next}`} replace />;

  if (!token || isApiError(profile.error, 401)) return login;
  return (
    <QueryState query={profile}>
      {(data) =>
        data.phone !== phone ? (
          login
        ) : data.status === 0 ? (
          <Navigate to={`/varify${next}`} replace />
        ) : (
          <Outlet />
        )
      }
    </QueryState>
  );
}
