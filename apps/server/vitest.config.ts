import { defineConfig } from 'vitest/config';

/**
 * The API tests: the real app through HTTP (app.inject) on a real database. Each file gets its own
 * database cloned from a migrated template, so files run in parallel; they mostly wait on the
 * database, so more files run at once than there are cores. The operations tests (test/ops: real
 * server processes, a killed or restarted database, object storage, backups) are their own project
 * (vitest.ops.config.ts), left out of `npm run test:fast`.
 */
export const serverTest = {
  environment: 'node',
  globalSetup: ['test/global-setup.ts'],
  setupFiles: ['test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    ...serverTest,
    name: 'server',
    // Files share a process and its modules (each still builds its own app on its own database):
    // importing the whole server again for every file cost most of the run.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/ops/**'],
  },
});
