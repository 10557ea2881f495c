import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

const apiServer = process.env.API_URL ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: apiServer, changeOrigin: true },
  '/uploads': { target: apiServer, changeOrigin: true },
};

// Libraries in their own chunks: they change less often than the app, so a returning
// shopper's browser keeps them cached across releases.
const vendorChunks: [name: string, test: RegExp][] = [
  ['react', /node_modules\/(preact|react|react-dom|scheduler)\//],
  ['router', /node_modules\/react-router\//],
  ['query', /node_modules\/@tanstack\//],
  ['forms', /node_modules\/(react-hook-form|@hookform)\//],
  ['zod', /node_modules\/zod\//],
];

// The app's own code in a few chunks by side, instead of one per set of routes that share a module
// (23 lazy files for the login page, most about 1 KB): a phone on HTTP/1.1 fetches six at a time,
// and each round costs a round trip before the first screen shows. A group also takes the modules
// its modules import (unless an earlier group took them), so each test names only what must not
// reach the other side: `npm run size` fails if a shopper fetches an admin chunk or zod.
const src = (pattern: string) => new RegExp(`apps/web/src/(${pattern})`);
const appChunks: [name: string, test: RegExp][] = [
  // react-bootstrap's offcanvas (the storefront's menu and cart, the back office's sidebar) with the
  // helpers it shares with the modal and the dropdown, which load later with their screens.
  ['bootstrap', /node_modules\/react-bootstrap\/esm\/Offcanvas\.js/],
  // What both sides use from the first screen on: API client, session, texts, money, icons (and
  // Vite's helper that loads the lazy chunks).
  [
    'app',
    /apps\/web\/src\/(lib\/i18n\/|lib\/(api|session|shop-api|shop-time|shop|money|search|toast|query-client|idempotency)\.ts|components\/(icons|load-failed|not-found|page-spinner|toast-host)\.tsx|features\/auth\/(use-profile|auth-api)\.ts)|vite\/preload-helper/,
  ],
  // Forms and signing out, both sides: the shared schemas (zod behind them) and the form helpers.
  ['schemas', /packages\/contracts\/src\/(?!till|cash|stock|shifts|scale-labels|sms)/],
  [
    'forms-kit',
    src(
      'lib/(forms|form-errors)\\.ts|components/(text-field|field-error)\\.tsx|features/auth/(use-logout|admin-profile|failure-text)\\.ts',
    ),
  ],
  // The storefront: its frame, catalogue and cart (the first screen), then the account screens.
  ['shop', src('app/shop/(?!.*-routes)|features/(catalog/(?!product-modal)|cart/)')],
  ['account', src('features/auth/(?!require-admin)')],
];

// The service worker keeps the built app in the browser, so the till (/admin/pos) opens with no
// network and no server (issue 10); the till's data lives in IndexedDB, so no API answer is cached.
// Only the back office registers it (src/lib/app-worker.ts): a shopper never downloads the admin
// chunks it precaches.
const appWorker = VitePWA({
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  injectRegister: false,
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,webp,woff,woff2}'],
    navigateFallback: '/index.html',
    // The server's own paths: a navigation there must reach the server, never the app shell.
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/uploads\//, /^\/docs/],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    // autoUpdate: a new release's worker takes over at once (the page then reloads, app-worker.ts).
    // The plugin sets these only when it injects the registration itself.
    skipWaiting: true,
    clientsClaim: true,
    // Vite's file names carry a content hash: no cache-busting query needed for them.
    dontCacheBustURLsMatching: /^assets\//,
  },
});

// The storefront and the back office are lazy routes (see src/app/router.tsx), so each
// becomes its own chunk and a shopper's browser never fetches admin code.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), appWorker],
  // Bootstrap 5.3's Sass is written with @import and global functions, which Dart Sass deprecates;
  // the warnings would bury the build's output (docs/decisions.md, lean CSS).
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions'] },
    },
  },
  // Preact's React-compatible layer instead of React itself: the same components and libraries at
  // a sixth of the size, so the storefront's first load stays small on a cheap phone (docs/decisions.md).
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  build: {
    // WEB_DIST (the folder the server serves) moves the build, e.g. for two test runs at once.
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [...vendorChunks, ...appChunks].map(([name, test]) => ({ name, test })),
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { proxy },
});
