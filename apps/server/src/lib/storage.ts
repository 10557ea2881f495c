import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are content hashes, so a file never changes once written and
 * may be cached forever. The local driver writes to DATA_DIR/uploads; an S3-compatible driver can
 * implement the same two methods when the shop runs several app servers.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The public URL the browser loads the file from. */
  url(key: string): string;
}

export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    const file = path.join(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`bad storage key ${key}`);
    // Keys are content hashes: a file that exists already holds these very bytes.
    if (
      await fs.stat(file).then(
        () => true,
        () => false,
      )
    )
      return;
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file, and two writers never share a temp file.
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
  }

  url(key: string): string {
    return `/uploads/${key}`;
  }
}
