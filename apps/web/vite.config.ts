import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiServer = process.env.API_URL ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: apiServer, changeOrigin: true },
  '/uploads': { target: apiServer, changeOrigin: true },
};

// Libraries in their own chunks: they change less often than the app, so a returning
// shopper's browser keeps them cached across releases.
const vendorChunks: [name: string, test: RegExp][] = [
  ['react', /node_modules\/(react|react-dom|scheduler)\//],
  ['router', /node_modules\/react-router\//],
  ['i18n', /node_modules\/(i18next|react-i18next)\//],
  ['query', /node_modules\/@tanstack\//],
  ['bootstrap', /node_modules\/(react-bootstrap|@restart|dom-helpers|react-transition-group)\//],
  ['forms', /node_modules\/(react-hook-form|@hookform)\//],
  ['zod', /node_modules\/zod\//],
];

// The storefront and the back office are lazy routes (see src/app/router.tsx), so each
// becomes its own chunk and a shopper's browser never fetches admin code.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
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
