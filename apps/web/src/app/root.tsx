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

/**
 * While the first screen's code loads: the shop's name where index.html already shows it (a
 * phone on a slow line sees the shop at once, not a blank page), and "Loading…" for screen readers.
 */
export function AppSplash() {
  const { t } = useTranslation();
  return (
    <div className="app-splash" role="status">
      <span aria-hidden="true">{t('shop.name')}</span>
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
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
