import { defineConfig } from 'vitest/config';
import { serverTest } from './vitest.config.ts';

/**
 * The operations tests: two real app servers on one database and one bucket, the database killed
 * or restarted under order load, the embedded PostgreSQL's lifecycle, S3, backups and restores.
 * Run by `npm test` (and `npm run test:ops`), not by `npm run test:fast`.
 */
export default defineConfig({
  test: { ...serverTest, name: 'ops', include: ['test/ops/**/*.test.ts'] },
});
