import { lazy, Suspense, useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from '../../lib/i18n/i18n';
import '../../lib/i18n/en-back-office';
import { LanguageSwitch } from '../../components/language-switch';
import { Link, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import type { AdminRouteHandle } from '../../lib/admin-check';
import { usePermissions } from '../../features/auth/permissions';
import { MenuIcon } from '../../components/icons';
import { RequireAdmin } from '../../features/auth/require-admin';
import { useLogout } from '../../features/auth/use-logout';
import './admin-bootstrap.scss';
// Bangla names are on every back-office screen, in English mode too (the font loads only for them).
import '../../lib/i18n/bn-font.css';
import { AdminSidebar, firstPage } from './admin-sidebar';

const SIDEBAR_ID = 'admin-sidebar';
const WIDE = '(min-width: 992px)';

/** The back office frame, shown only to an admin: top bar, sidebar (column or offcanvas), page. */
/** The till's sync on the other back-office pages (its own chunk, loaded after the page). */
const TillBackgroundSync = lazy(() => import('../../features/till/till-background-sync'));

export function AdminLayout() {
  const matches = useMatches();
  const bare = matches.some((m) => (m.handle as AdminRouteHandle | undefined)?.bare === true);
  return <RequireAdmin>{bare ? <PermissionGate /> : <AdminFrame />}</RequireAdmin>;
}

function AdminFrame() {
  const { t } = useTranslation();
  const { logout, pending } = useLogout();
  const { can } = usePermissions();
  const [wideOpen, setWideOpen] = useState(true);
  const [phoneOpen, setPhoneOpen] = useState(false);
  // The till (and its customer display) keep their own sync.
  const onTill = useLocation().pathname.startsWith('/admin/pos');

  const toggle = () => {
    if (window.matchMedia(WIDE).matches) setWideOpen((open) => !open);
    else setPhoneOpen((open) => !open);
  };

  return (
    <div className="admin d-flex flex-column min-vh-100">
      {can('till.sell') && !onTill && (
        <Suspense fallback={null}>
          <TillBackgroundSync />
        </Suspense>
      )}
      <a href="#admin-main" className="visually-hidden-focusable skip-link">
        {t('layout.skipToContent')}
      </a>
      <header className="admin-top-bar sticky-top">
        <div className="container-fluid d-flex align-items-center gap-2 py-2">
          <button
            type="button"
            className="btn btn-outline-light icon-btn"
            aria-label={t('admin.toggleSidebar')}
            aria-controls={SIDEBAR_ID}
            onClick={toggle}
          >
            <MenuIcon />
          </button>
          <Link to="/admin" className="shop-name text-white me-auto">
            {t('shop.name')}
          </Link>
          <LanguageSwitch className="btn btn-outline-light" />
          {can('till.sell') && (
            <Link to="/admin/pos" className="btn btn-light fw-semibold">
              {t('admin.pos')}
            </Link>
          )}
          <button type="button" className="btn btn-outline-light" onClick={logout} disabled={pending}>
            {t('admin.logout')}
          </button>
        </div>
      </header>
      <div className="d-flex flex-grow-1 align-items-stretch">
        <div className={`admin-sidebar-wrap${wideOpen ? '' : ' side-menu-collapsed'}`}>
          <Offcanvas
            id={SIDEBAR_ID}
            show={phoneOpen}
            onHide={() => setPhoneOpen(false)}
            responsive="lg"
            placement="start"
            className="admin-sidebar"
            aria-labelledby="admin-sidebar-title"
          >
            <Offcanvas.Header closeButton closeLabel={t('common.close')} className="border-bottom">
              <Offcanvas.Title as="h2" id="admin-sidebar-title" className="h6 mb-0">
                {t('admin.menu')}
              </Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="p-0">
              <AdminSidebar onChoose={() => setPhoneOpen(false)} />
            </Offcanvas.Body>
          </Offcanvas>
        </div>
        <main id="admin-main" className="flex-grow-1 min-w-0 p-3" tabIndex={-1}>
          <PermissionGate />
        </main>
      </div>
    </div>
  );
}

/**
 * The page, if this member of staff may open it (its route's `permission`); the dashboard sends
 * someone who may not see it to the page they start on; any other page says "Access Restricted".
 */
function PermissionGate() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const matches = useMatches();
  const page = matches[matches.length - 1];
  const needs = (page?.handle as AdminRouteHandle | undefined)?.permission;
  if (needs === undefined || can(needs)) return <Outlet />;
  const start = firstPage(can);
  if (page?.pathname.replace(/\/$/, '') === '/admin' && start) return <Navigate to={start} replace />;
  return (
    <div className="card shadow-sm">
      <div className="card-body" role="alert">
        <h1 className="h5">{t('auth.messages.accessRestricted')}</h1>
        {start && (
          <Link to={start} className="btn btn-primary mt-2">
            {t('admin.goToStart')}
          </Link>
        )}
      </div>
    </div>
  );
}
