import { FakeBkash } from '../../apps/server/test/fakes/bkash';
import { bkashEnv } from './bkash-env';

/** Starts the fake bKash on the given port for the browser tests; stops on SIGTERM or SIGINT. */
const port = Number(process.argv[2]);
const bkash = new FakeBkash();
const url = await bkash.start(port);
// The fake's own account and the one the server is given must be the same.
const env = bkashEnv(url);
if (JSON.stringify(env) !== JSON.stringify(bkash.env()))
  throw new Error('bkash-env.ts differs from the fake');
const stop = () => void bkash.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
