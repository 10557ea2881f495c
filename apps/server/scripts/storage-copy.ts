// npm run storage:copy: copies the pictures in DATA_DIR/uploads into the S3 bucket that STORAGE=s3
// and the S3_* variables name (a shop moving to several app servers). Run it again to finish a copy
// that was cut off: files already in the bucket are skipped. Nothing is deleted from either side.
import { loadConfig, uploadsDir } from '../src/config';
import { LocalStorage } from '../src/lib/storage';
import { copyStorage } from '../src/lib/storage-copy';
import { storageFromConfig } from '../src/lib/storage-s3';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error(
    'Set STORAGE=s3 and the S3_* variables (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) ' +
      'to the bucket the pictures go to, then run this again.',
  );
  process.exit(2);
}
const from = new LocalStorage(uploadsDir(config));
const to = storageFromConfig(config);
const started = Date.now();
try {
  await to.checkWritable();
  console.log(`Copying ${from.root} to bucket ${config.storage.bucket} …`);
  const report = await copyStorage(from, to, (n) => {
    if (n % 500 === 0) console.log(`  ${n} files looked at`);
  });
  console.log(
    `Copied ${report.copied}, already there ${report.skipped}, failed ${report.failed.length} ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
  for (const f of report.failed.slice(0, 20)) console.error(`  ${f.key}: ${f.error}`);
  if (report.failed.length) {
    console.error('Some files were not copied: run npm run storage:copy again.');
    process.exitCode = 1;
  } else {
    console.log('Every picture is in the bucket. Start the app servers with STORAGE=s3.');
  }
} catch (err) {
  console.error(`The copy failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  to.close?.();
}
