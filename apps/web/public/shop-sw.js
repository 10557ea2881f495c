/* global self, caches */
// The storefront's service worker: when a page cannot be reached (no network, or the shop's server
// is down), the shopper gets a friendly "You are offline" page instead of the browser's error. It
// keeps only that page and its icon; the back office's worker (sw.js, built by vite-plugin-pwa)
// replaces this one in a browser that opens the back office, and serves the whole app offline.
const CACHE = 'shop-offline-v1';
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE_URL, '/icons/icon-192.png']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('shop-offline-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  // The back office and the rider's screen are left to the browser: their own worker (sw.js)
  // replaces this one once a member of staff signs in, and a navigation this worker was still
  // fetching while being replaced could hang in Chromium (seen in the browser tests: a back-office
  // page.goto that never loaded, its request pending in this worker for 90 s).
  if (/^\/(admin|rider)(\/|$)/.test(new URL(request.url).pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL, { ignoreSearch: true })));
  } else if (new URL(request.url).pathname === '/icons/icon-192.png') {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
  }
});
