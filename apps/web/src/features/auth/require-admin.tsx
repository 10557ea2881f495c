import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { Navigate, useNavigate } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api';
import { ADMIN_ROLE, getToken } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useProfileOf } from './use-profile';

/**
 * The back office needs an admin profile: no token or a 401 goes to /, any other role
 * is told "Access Restricted" and goes to /. The server enforces the same; this is for comfort.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const [token] = useState(getToken); // the session found on entry (see RequireCustomer)
  const profile = useProfileOf(token);

  if (!token) return <Navigate to="/" replace />;
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    if (isApiError(profile.error, 401)) return <Navigate to="/" replace />;
    return (
      <div className="container">
        <LoadFailed onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  if (profile.data.role !== ADMIN_ROLE) return <Restricted />;
  return children;
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
