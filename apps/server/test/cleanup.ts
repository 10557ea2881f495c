/**
 * What a test file started and must stop when it ends: an app, a database, a temporary folder.
 * vitest 4 ignores an `afterAll` registered while a hook or a test runs (a helper called from
 * `beforeAll` registered its cleanup that way, and the databases and folders stayed behind), so
 * the helpers register here instead and test/setup.ts runs the list once the file is done, the
 * last registered first (an app is closed before its database is dropped).
 */
const cleanups: Array<() => unknown> = [];

/** Runs `cleanup` when this test file ends, wherever it is called from. */
export function atFileEnd(cleanup: () => unknown): void {
  cleanups.push(cleanup);
}

/** Runs every registered cleanup, last first; each runs even if one before it failed. */
export async function runFileEnd(): Promise<void> {
  const failures: unknown[] = [];
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
    try {
      await cleanup();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'a cleanup at the end of the test file failed');
}
