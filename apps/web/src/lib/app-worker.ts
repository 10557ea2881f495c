import { ADMIN_ROLE, getStoredRole } from './session';
import { whenIdle } from './when-idle';

let registered = false;

/**
 * Registers the service worker that keeps the built app in this browser (vite.config.ts), so the
 * till and the rider's screen open with no network. Only the back office and the rider's screen
 * call it: a shopper's phone never downloads the admin chunks it precaches. Production builds only;
 * a second call does nothing.
 */
export function registerAppWorker() {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  // Once the page has loaded and is idle: installing the worker fetches the whole app for its cache
  // (about a hundred files), which would compete with the page's own first screen.
  if (document.readyState === 'complete') whenIdle(install, 3000);
  else window.addEventListener('load', () => whenIdle(install, 3000), { once: true });
}

function install() {
  // The worker that served this page: only another worker of this one's script (a new release)
  // brings new code. The one serving it may still be finishing its first install (another tab
  // registered it): seeing it activate is no reason to reload.
  const before = navigator.serviceWorker.controller;
  // Loaded when needed: the storefront's first load carries only this function.
  void import('workbox-window')
    .then(({ Workbox }) => {
      const worker = new Workbox('/sw.js', { scope: '/' });
      // A new release's worker takes over at once (registerType autoUpdate): reload so the page runs
      // the code that worker serves. It happens seconds after the page opens; the till keeps its sale.
      // Taking over from the storefront's small worker (shop-sw.js, which serves no code) needs none.
      worker.addEventListener('activated', (event) => {
        const fromRelease = before?.scriptURL.endsWith('/sw.js') && event.sw !== before;
        if ((event.isUpdate || event.isExternal) && fromRelease) window.location.reload();
      });
      return worker.register({ immediate: true });
    })
    .catch((error: unknown) => console.error('Service worker not registered', error));
}

let shopRegistered = false;

/**
 * Registers the storefront's small worker (public/shop-sw.js): a page that cannot be reached shows
 * the friendly "You are offline" page (public/offline.html) instead of the browser's error. It keeps
 * only that page, so a shopper's phone downloads a few kilobytes, not the app. Where the back
 * office's worker is already installed (a shop computer) it stays: it serves the whole app offline.
 */
export function registerShopWorker() {
  if (shopRegistered || registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  shopRegistered = true;
  const install = () => {
    // Looked at when it runs (seconds later): the shopper may have signed in to the back office since,
    // whose worker must not be replaced; a browser whose last sign-in was an admin's gets that one.
    if (registered || worksOffline(window.location.pathname) || getStoredRole() === String(ADMIN_ROLE))
      return;
    navigator.serviceWorker
      .getRegistration('/')
      .then((existing) => {
        const scripts = [existing?.active, existing?.waiting, existing?.installing].map(
          (w) => w?.scriptURL ?? '',
        );
        if (scripts.some((url) => url.endsWith('/sw.js'))) return undefined;
        return navigator.serviceWorker.register('/shop-sw.js', { scope: '/' });
      })
      .catch((error: unknown) => console.error('Offline page not installed', error));
  };
  if (document.readyState === 'complete') whenIdle(install, 3000);
  else window.addEventListener('load', () => whenIdle(install, 3000), { once: true });
}

/** Whether this page is in the back office. */
const inBackOffice = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * Whether this page works offline, served by the app's worker: the back office (the till) and the
 * rider's screen (/rider), which a rider opens on the road with no network.
 */
export const worksOffline = (pathname: string) => inBackOffice(pathname) || pathname === '/rider';
