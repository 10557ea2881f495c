import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // One jsdom per worker, not one per file: the setup file resets what a test leaves behind
    // (rendered trees, storage, toasts) and vitest undoes stubbed globals after each test. Per-file jsdoms cost a minute of start-up.
    isolate: false,
    unstubGlobals: true,
    // Four files at a time on two cores: a long form test may take several seconds of wall time.
    testTimeout: 15_000,
  },
});
