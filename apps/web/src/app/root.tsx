import { useTranslation } from '../lib/i18n/i18n';
import { Outlet, ScrollRestoration, useNavigation, useRouteError } from 'react-router';

/** Above every page: a thin progress bar while the next screen's code or data loads. */
export function Root() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && <div className="nav-progress" aria-hidden="true" />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** A screen that failed to load (often an old chunk after a new release): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  console.error('Route failed', useRouteError());
  return (
    <div className="container py-5">
      <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
        <span className="me-auto">{t('common.loadFailed')}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline-dark"
          onClick={() => window.location.reload()}
        >
          {t('common.retry')}
        </button>
      </div>
    </div>
  );
}
