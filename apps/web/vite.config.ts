import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';
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
  // Vite's helper that loads the lazy chunks). Signing out and the remembered admin profile too: the
  // back office's frame needs them before its first screen, and with the form helpers they would
  // bring zod and react-hook-form along. Not the English texts no shopper reads (the rider's, the
  // back office's staff and riders screens): their screens bring them (i18n.ts addEnglish).
  [
    'app',
    /apps\/web\/src\/(lib\/i18n\/(?!bn|en-rider|en-admin-staff|en-back-office|en-stocktakes|en-shrinkage|en-reorder|en-expiry|en-import-categories|en-backup-restore|en-admin-settings)|lib\/(api|session|shop-api|shop-time|shop|money|search|toast|query-client|idempotency|admin-check|names)\.ts|components\/(icons|load-failed|not-found|page-spinner|toast-host)\.tsx|features\/auth\/(use-profile|auth-api|use-logout|admin-profile)\.ts)|vite\/preload-helper/,
  ],
  // The shared schemas of both sides (packages/contracts) in four chunks, in the order they import
  // each other: building zod schemas is most of what running them costs (the orders' 13 ms on a
  // laptop), so a page runs only the groups it uses (the login page the first), and the till, which
  // uses them all, runs one group per task (features/till/till-route.tsx). Then the form helpers.
  ['schemas', /packages\/contracts\/src\/(numbers|common|auth)\.ts/],
  ['schemas-catalog', /packages\/contracts\/src\/(paging|catalog|till)\.ts/],
  ['schemas-orders', /packages\/contracts\/src\/orders\.ts/],
  ['schemas-customers', /packages\/contracts\/src\/(customers|settings)\.ts/],
  [
    'forms-kit',
    src(
      'lib/(forms|form-errors)\\.ts|components/(text-field|field-error)\\.tsx|features/auth/failure-text\\.ts',
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

/** What the server reads to start a page's chunks from index.html (apps/server/src/plugins/web-app.ts). */
type PagePreloads = {
  /** Pages in the order the server tries them; `path` may hold `:name` segments. */
  pages: { path: string; scripts: string[]; styles: string[]; later: string[] }[];
};

type ChunkLike = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** A page's modules (relative to the web app's root): its first screen's, and those it loads next. */
type PageModules = { first: string[]; later?: string[] };

/**
 * Writes `page-preloads.json` beside index.html: for each listed page, the built files of the
 * modules its first screen needs (the router's lazy routes for that path), with every chunk they
 * import and their stylesheets, less what index.html loads anyway. The server puts them in the
 * page's index.html as `<link rel="modulepreload">`, so they load with the entry instead of one
 * round trip after it. `later` modules (the rest of a page that draws its first screen without them)
 * go to an inert `<template>` the page adds to the document once its first screen is drawn
 * (lib/later-chunks.ts): fetched at once then, all together, without slowing the first screen. The
 * build fails if a listed module is in no chunk (renamed or moved).
 */
function pagePreloads(pages: Record<string, PageModules>): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'bazar-page-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is typeof file & ChunkLike => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** The chunk and every chunk it imports statically, as the browser will fetch them. */
      const closure = (start: ChunkLike, into: Set<ChunkLike>) => {
        if (into.has(start)) return;
        into.add(start);
        for (const name of start.imports) {
          const next = byFile.get(name);
          if (next) closure(next, into);
        }
      };
      const chunksOf = (pagePath: string, modules: string[], after: Set<ChunkLike>) => {
        const needed = new Set<ChunkLike>();
        for (const module of modules) {
          const id = path.resolve(root, module);
          const chunk = chunks.find((c) => c.moduleIds.some((m) => m === id || m.startsWith(`${id}?`)));
          if (!chunk) this.error(`page-preloads: ${module} (for ${pagePath}) is in no chunk`);
          closure(chunk, needed);
        }
        return [...needed].filter((chunk) => !after.has(chunk));
      };
      const stylesOf = (list: ChunkLike[]) => list.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);

      const loadedByIndex = new Set<ChunkLike>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) closure(entry, loadedByIndex);
      const indexStyles = new Set(stylesOf([...loadedByIndex]));

      const result: PagePreloads = { pages: [] };
      for (const [pagePath, { first, later = [] }] of Object.entries(pages)) {
        const firstChunks = chunksOf(pagePath, first, loadedByIndex);
        const firstStyles = [...new Set(stylesOf(firstChunks))].filter((css) => !indexStyles.has(css));
        const laterChunks = chunksOf(pagePath, later, new Set([...loadedByIndex, ...firstChunks]));
        const laterStyles = [...new Set(stylesOf(laterChunks))].filter(
          (css) => !indexStyles.has(css) && !firstStyles.includes(css),
        );
        result.pages.push({
          path: pagePath,
          scripts: firstChunks.map((chunk) => base + chunk.fileName),
          styles: firstStyles.map((css) => base + css),
          later: [...laterChunks.map((chunk) => chunk.fileName), ...laterStyles].map((file) => base + file),
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'page-preloads.json',
        source: `${JSON.stringify(result, null, 2)}\n`,
      });
    },
  };
}

// Pages whose chunks the server starts from index.html (pagePreloads above): the modules the
// router's lazy routes import for that path (src/app/router.tsx and its route files) and, for a page
// that draws its first screen before the rest of its code (the till), that rest.
const preloads = pagePreloads({
  '/login': { first: ['src/app/shop/shop-layout.tsx', 'src/features/auth/login-page.tsx'] },
  '/admin/pos': {
    first: ['src/app/admin/admin-layout.tsx', 'src/features/till/till-route.tsx'],
    later: ['src/features/till/till-page.tsx'],
  },
  // A rider's phone on the road: the screen's chunks with the page, not one round trip after it.
  '/rider': { first: ['src/features/rider/rider-page.tsx'] },
});

// The storefront and the back office are lazy routes (see src/app/router.tsx), so each
// becomes its own chunk and a shopper's browser never fetches admin code.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), appWorker, preloads],
  // Bootstrap 5.3's Sass is written with @import and global functions, which Dart Sass deprecates;
  // the warnings would bury the build's output (docs/adr/0036-web-css-chunks-and-preloads.md).
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions'] },
    },
  },
  // Preact's React-compatible layer instead of React itself: the same components and libraries at
  // a sixth of the size, so the storefront's first load stays small on a cheap phone (docs/adr/0035-web-app-on-preact.md).
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
