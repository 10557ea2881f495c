import type { ReactNode } from 'react';

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
