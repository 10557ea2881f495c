import { FakeSslcommerz } from '../../apps/server/test/fakes/sslcommerz';
import { sslcommerzEnv } from './sslcommerz-env';

/** Starts the fake SSLCommerz on the given port for the browser tests; stops on SIGTERM or SIGINT. */
const port = Number(process.argv[2]);
const gateway = new FakeSslcommerz();
const url = await gateway.start(port);
// The fake's own store and the one the server is given must be the same.
if (JSON.stringify(sslcommerzEnv(url)) !== JSON.stringify(gateway.env()))
  throw new Error('sslcommerz-env.ts differs from the fake');
const stop = () => void gateway.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
