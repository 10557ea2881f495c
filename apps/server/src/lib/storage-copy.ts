import { contentTypeOf, readAll, type Storage } from './storage';

export type CopyReport = { copied: number; skipped: number; failed: Array<{ key: string; error: string }> };

/**
 * Copies every file of one store into another (a shop moving its pictures from DATA_DIR/uploads
 * to a bucket): files already there are skipped, so a copy cut off halfway is finished by running
 * it again. Keys are content hashes, so "there" means "the same bytes". Nothing is deleted.
 */
export async function copyStorage(
  from: Storage,
  to: Storage,
  onProgress?: (done: number, key: string) => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: [] };
  let done = 0;
  for await (const key of from.list()) {
    try {
      if (await to.has(key)) {
        report.skipped++;
      } else {
        const file = await from.get(key);
        if (!file) continue; // removed since it was listed
        await to.put(key, await readAll(file.body), file.contentType ?? contentTypeOf(key));
        report.copied++;
      }
    } catch (err) {
      report.failed.push({ key, error: err instanceof Error ? err.message : String(err) });
    }
    onProgress?.(++done, key);
  }
  return report;
}
