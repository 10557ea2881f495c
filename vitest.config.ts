import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The API tests mostly wait on the database and the web tests on jsdom: four files at a time
    // keep this 2-core machine busy (two left it idle a third of the time).
    maxWorkers: 4,
    projects: [
      'packages/contracts',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.ops.config.ts',
      'apps/web',
    ],
  },
});
