import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { seedDemo } from './demo/demo-seed';
import { deleteIdleTokens } from './modules/auth/auth.repository';
import { ensureAdmin, TOKEN_IDLE_MS } from './modules/auth/auth.service';
import { driverFromConfig } from './modules/sms/sms.drivers';
import { SmsSender } from './modules/sms/sms.sender';
import { startDuesReminders } from './modules/customers/dues-reminder';
import { startSealer } from './modules/audit/audit.service';
import { gatewaysOf, Payments } from './modules/payments/payments.service';
import { sql } from 'drizzle-orm';

const started = Date.now();
const say = {
  info: (msg: string) => console.log(`[shop] ${msg}`),
  warn: (msg: string) => console.warn(`[shop] ${msg}`),
};

/** Reads config, starts or connects the database, migrates, seeds, listens; stops in order on a signal. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, say);
  let stopping = false;
  try {
    const { app, ctx, backups } = await buildApp({ config, database });
    if (!config.rateLimit)
      app.log.warn('RATE_LIMIT=off: login, code, order and SMS limits are all disabled (load tests only).');
    if (config.sms.driver === 'log' && !config.seedDemo)
      app.log.warn(
        'SMS_DRIVER=log: no SMS reaches a phone; every text, codes included, is printed in this log.',
      );
    // Which gateways checkout offers, and where they are (never their keys).
    const { bkash, sslcommerz } = config.payments;
    const online = [
      bkash && `bKash (${bkash.BKASH_BASE_URL})`,
      sslcommerz && `SSLCommerz (${sslcommerz.SSLCOMMERZ_BASE_URL})`,
    ].filter(Boolean);
    app.log.info(`Online payment: ${online.length ? online.join(', ') : 'off (cash on delivery only)'}.`);
    if (config.seedDemo && (await seedDemo(ctx)))
      app.log.info('Loaded the demo data (SEED_DEMO=0 skips it).');
    if (config.admin) {
      const what = await ensureAdmin(ctx, config.admin.phone, config.admin.password);
      app.log.info(`Admin ${config.admin.phone}: ${what}.`);
    } else {
      const admins = await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM users WHERE role = 23314`,
      );
      if (!admins.rows[0]?.n) {
        app.log.warn('No admin yet. Create one: npm run admin -- --phone 01XXXXXXXXX --password <password>');
      }
    }

    const sender = new SmsSender(database.db, driverFromConfig(config, app.log), ctx.sms, app.log, {
      pollMs: config.sms.pollMs,
    });
    sender.start();
    const stopSealer = startSealer(ctx, app.log);
    // The monthly dues reminder SMS, when the owner turned it on in Setting.
    const stopReminders = startDuesReminders(ctx, app.log);
    // Online refunds and payments whose answers were lost: asked about until the gateway says.
    const payments = new Payments(ctx, gatewaysOf(ctx));
    const settler = setInterval(() => {
      payments
        .settlePendingRefunds()
        .then(() => payments.reconcileStarted())
        .catch((err: unknown) => app.log.warn({ err }, 'online payment reconciliation failed'));
    }, 60_000);
    settler.unref();
    const housekeeping = setInterval(() => {
      const now = ctx.clock.now().getTime();
      Promise.all([
        deleteIdleTokens(database.db, new Date(now - TOKEN_IDLE_MS)),
        database.db.execute(sql`DELETE FROM rate_limits WHERE window_start < ${new Date(now - 86_400_000)}`),
      ]).catch((err: unknown) => app.log.warn({ err }, 'housekeeping failed'));
    }, 3600_000);
    housekeeping.unref();

    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info(`${signal}: shutting down`);
      clearInterval(housekeeping);
      clearInterval(settler);
      stopSealer();
      stopReminders();
      await app.close().catch(() => undefined);
      await sender.stop().catch(() => undefined);
      await database.stop();
      process.exit(0);
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    await app.listen({ port: config.port, host: config.host });
    // The daily backup at BACKUP_AT (shop time), or at once when that moment passed without one.
    backups.startSchedule();
    app.log.info(`Shop ready in ${Date.now() - started} ms: storefront /, back office /admin, API /api`);
  } catch (err) {
    await database.stop();
    throw err;
  }
}

main().catch((err: unknown) => {
  console.error(`[shop] Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
