import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../src/config';

/**
 * A real S3-protocol server (the s3rver package) on 127.0.0.1 in a child process, with these
 * buckets; its files in a temp folder.
 */
export async function startS3(buckets: string[] = ['shop']) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3-server.mjs'), directory, ...buckets],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /^(\d+)\n/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    /** The store's part of a Config, for `bucket`; a public URL when the pages link to it straight. */
    storage: (bucket = buckets[0]!, publicUrl?: string): Config['storage'] => ({
      kind: 's3',
      endpoint,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl,
    }),
    /**
     * Where backups are kept (Config['backup']['bucket']): a bucket (by default the pictures' one,
     * under `backups/`) with the backups' own key (BACKUPS; s3rver refuses a key it does not know).
     */
    backups: (bucket = buckets[0]!, prefix = 'backups/', accessKeyId = 'BACKUPS') => ({
      endpoint,
      region: 'us-east-1',
      bucket,
      prefix,
      accessKeyId,
      secretAccessKey: accessKeyId,
    }),
    /** The same as environment variables (for app servers started as processes), backups beside. */
    env: (bucket = buckets[0]!): Record<string, string> => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      BACKUP_S3_BUCKET: bucket,
      BACKUP_S3_ACCESS_KEY_ID: 'BACKUPS',
      BACKUP_S3_SECRET_ACCESS_KEY: 'BACKUPS',
    }),
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
