import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { CHECKOUT_PATH } from './next-path';

/** The narrow white card the account screens sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-card card shadow-sm mx-auto my-3 my-md-5">
      <div className="card-body p-4">
        <h1 className="h4 mb-4">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** Why a guest who pressed Checkout is asked to sign in (login and register, `?next=/user/checkout`). */
export function CheckoutReason({ next }: { next: string | null }) {
  const { t } = useTranslation();
  if (!next?.startsWith(CHECKOUT_PATH)) return null;
  return (
    <p className="alert alert-info py-2" role="status">
      {t('auth.login.reason')}
    </p>
  );
}
