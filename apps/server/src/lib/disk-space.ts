import fsp from 'node:fs/promises';
import path from 'node:path';
import { diskIsLow, type DiskSpace } from '@bazar/contracts/monitoring';

/**
 * The free and total bytes of the filesystem that holds `dir` (DATA_DIR: the embedded database,
 * uploads, backups), read with statfs: free is what the shop's user may still write (blocks
 * available to unprivileged users), total the filesystem's size. A folder not made yet is judged
 * by the nearest one on its way that is.
 */
export async function diskSpace(dir: string): Promise<DiskSpace> {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const s = await fsp.statfs(at);
      const free = s.bavail * s.bsize;
      const total = s.blocks * s.bsize;
      return { free, total, low: diskIsLow(free, total) };
    } catch (err) {
      const parent = path.dirname(at);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw err;
      at = parent;
    }
  }
}
