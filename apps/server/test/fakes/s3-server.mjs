// s3rver in a process of its own: its ListObjectsV2 continuation tokens are DES-encrypted, which
// Node's OpenSSL 3 offers only with --openssl-legacy-provider (given by fakes/s3.ts). Prints the
// port on stdout once it listens; stops on SIGTERM. Besides s3rver's own key (S3RVER, the
// pictures'), it knows the key BACKUPS (the backups' own); any other key id is refused.
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account.js';

AWSAccount.DUMMY_ACCOUNT.createKeyPair('BACKUPS', 'BACKUPS');

const [directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port } = await server.run();
process.stdout.write(`${port}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
