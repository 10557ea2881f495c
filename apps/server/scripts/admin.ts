// npm run admin -- --phone 01XXXXXXXXX --password <password>: creates an admin or resets one.
import { parseArgs } from 'node:util';
import { normalisePhone } from '@bazar/contracts/common';
import { passwordSchema } from '@bazar/contracts/common';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/open';
import { ensureAdmin } from '../src/modules/auth/auth.service';

const { values } = parseArgs({ options: { phone: { type: 'string' }, password: { type: 'string' } } });
const phone = normalisePhone(values.phone ?? '');
const password = passwordSchema.safeParse(values.password ?? '');
if (!phone || !password.success) {
  console.error('Usage: npm run admin -- --phone 01XXXXXXXXX --password <at least 6 characters>');
  process.exit(2);
}
const config = { ...loadConfig(), logLevel: 'warn' };
const say = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
try {
  const database = await openDatabase(config, say, { attachToRunning: true });
  try {
    const { app, ctx } = await buildApp({ config, database });
    const what = await ensureAdmin(ctx, phone, password.data);
    console.log(`Admin ${phone} ${what}. Sign in at /login.`);
    await app.close();
  } finally {
    await database.stop();
  }
} catch (err) {
  console.error(`Could not set the admin: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
