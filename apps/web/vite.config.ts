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
        codeSplitting: { groups: vendorChunks.map(([name, test]) => ({ name, test })) },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { proxy },
});
