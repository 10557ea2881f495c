import path from 'node:path';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import secureJson from 'secure-json-parse';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { say } from '@bazar/contracts/messages';
import { backupDir, uploadsDir, type Config } from './config';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import type { Ctx } from './lib/context';
import { BadRequest } from './lib/errors';
import { lazyChildLogger } from './lib/request-logger';
import { prettyStream } from './lib/log-format';
import { diskSpace } from './lib/disk-space';
import { Metrics } from './lib/metrics';
import { RequestObserver } from './lib/request-observer';
import { errorHandler, notFoundAnswer, sendError } from './plugins/errors';
import { RateLimiter } from './lib/rate-limit';
import { accessPlugin } from './plugins/access';
import { securityHeaders } from './plugins/security-headers';
import { serveWebApp } from './plugins/web-app';
import { authRoutes } from './modules/auth/auth.routes';
import { authenticate } from './modules/auth/auth.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { shopPagesRoutes } from './modules/settings/shop-pages.routes';
import { getSettings } from './modules/settings/settings.repository';
import { SmsOutbox } from './modules/sms/sms.outbox';
import { CatalogCache } from './lib/catalog-cache';
import { categoryRoutes } from './modules/catalog/categories.routes';
import { productRoutes } from './modules/catalog/products.routes';
import { shopPageRoutes } from './modules/catalog/shop-pages.routes';
import { productImportRoutes } from './modules/catalog/products-import.routes';
import { storyRoutes } from './modules/catalog/stories.routes';
import { stockRoutes } from './modules/stock/stock.routes';
import { batchesRoutes } from './modules/stock/batches.routes';
import { stocktakeRoutes } from './modules/stock/stocktakes.routes';
import { moneyRoutes } from './modules/money/money.routes';
import { requestRoutes } from './modules/stock/requests.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { riderRoutes } from './modules/riders/riders.routes';
import { tillRoutes } from './modules/till/till.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { attentionCount } from './modules/payments/online-payments.repository';
import { shiftRoutes } from './modules/shifts/shifts.routes';
import { customerRoutes } from './modules/customers/customers.routes';
import { customerImportRoutes } from './modules/customers/customers-import.routes';
import { cashRoutes } from './modules/cash/cash.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { smsListRoutes } from './modules/sms/sms-lists.routes';
import { smsStatusRoutes } from './modules/sms/sms-status.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { exportRoutes } from './modules/exports/exports.routes';
import { storageFromConfig } from './lib/storage-s3';
import { serveUploads } from './plugins/uploads';
import { backupRoutes } from './modules/backup/backup.routes';
import { purchaseRoutes } from './modules/purchases/purchases.routes';
import { reorderRoutes } from './modules/purchases/reorder.routes';
import { Backups } from './modules/backup/backup.service';
import { backupShelf } from './modules/backup/backup.shelf';
import { Maintenance } from './modules/backup/backup.maintenance';
import { maintenanceHook } from './modules/backup/backup.maintenance-hook';
import { Restores } from './modules/backup/backup.restores';
import { catalogChanged } from './lib/catalog-cache';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes';
import { smsCounts } from './modules/monitoring/monitoring.repository';
import { Readiness } from './modules/monitoring/monitoring.service';

export type BuildOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Extra routes (benchmarks register an in-memory endpoint here). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
};

/** Builds the HTTP app: plugins, every module's routes, error and not-found handling. */
export async function buildApp(
  opts: BuildOptions,
): Promise<{ app: FastifyInstance; ctx: Ctx; backups: Backups }> {
  const { config } = opts;
  const metrics = new Metrics();
  const metricsOn = config.metricsToken !== undefined;
  // Readable lines for a person at a terminal (npm start on the shop's computer), JSON lines otherwise.
  const pretty =
    config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password'],
      ...(pretty && { stream: prettyStream(process.stdout, process.stdout.isTTY === true) }),
    },
    // A hop count trusts that many proxies nearest the server (Fastify's number form, typed as a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request at info (LOG_REQUESTS=off for load tests), and the request metrics.
    logController: new RequestObserver({
      log: config.logRequests && ['info', 'debug', 'trace'].includes(config.logLevel),
      metrics: metricsOn ? metrics.requests : undefined,
    }),
    // Each request's logger (with its id) is made when it first logs: most requests never do.
    childLoggerFactory: lazyChildLogger,
  });

  const clock = opts.clock ?? systemClock;
  const { db } = opts.database;
  const catalog = new CatalogCache(opts.database.url, app.log);
  const ctx: Ctx = {
    db,
    config,
    clock,
    log: app.log,
    limiter: new RateLimiter(db, clock, config.rateLimit),
    sms: new SmsOutbox(clock, {
      enabled: config.rateLimit,
      perPhoneDaily: config.limits.smsPerPhoneDaily,
      tz: config.shopTz,
      dailyBudget: async () => (await getSettings(db)).smsBudget,
    }),
    catalog,
    storage: storageFromConfig(config),
    metrics,
  };
  await ctx.catalog.start();
  app.addHook('onClose', () => ctx.catalog.close());
  app.addHook('onClose', async () => ctx.storage.close?.());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (the spec's logout sends one) is read as {}; the route's schema decides.
  // secure-json-parse refuses `__proto__` and `constructor.prototype` keys (prototype poisoning),
  // as Fastify's own JSON parser does.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new BadRequest(say('http.notJson')), undefined);
    }
  });

  // Helmet's headers on every answer, worked out once at start (plugins/security-headers.ts).
  await app.register(securityHeaders);

  // Answers go compressed to a browser that takes it (brotli, else gzip; quality 4: fast enough per
  // request). Built files are compressed once at build time (preCompressed below): they set
  // Content-Encoding, which this skips. Cached catalogue answers are kept compressed and their
  // routes are left out of this plugin altogether (send-cached.ts).
  // Request bodies are never inflated: no route takes a compressed upload, and refusing them keeps
  // a small compressed body from growing into a large one.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Shop API', version: '1.0.0', description: 'Online grocery shop and back office' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // Multipart bodies are parsed only by the routes that take an upload (uploadRoutes, lib/multipart.ts).

  // While a backup is restored (on this app server or another) every other request answers 503.
  const maintenance = new Maintenance(opts.database.pool, opts.database.url);
  app.addHook('onRequest', maintenanceHook(maintenance));

  await app.register(accessPlugin, { authenticate: (req) => authenticate(ctx, req.headers.authorization) });

  app.setErrorHandler(errorHandler);

  // The API's description helps an attacker as much as a developer: admins only.
  app.get(
    '/api/docs',
    { config: { access: 'admin', permission: 'settings.edit' }, schema: { hide: true } },
    async () => app.swagger(),
  );

  await app.register(authRoutes, { ctx });
  await app.register(settingsRoutes, { ctx });
  await app.register(shopPagesRoutes, { ctx });
  await app.register(categoryRoutes, { ctx });
  await app.register(productRoutes, { ctx });
  await app.register(productImportRoutes, { ctx });
  await app.register(storyRoutes, { ctx });
  await app.register(stockRoutes, { ctx });
  await app.register(batchesRoutes, { ctx });
  await app.register(stocktakeRoutes, { ctx });
  await app.register(moneyRoutes, { ctx });
  await app.register(requestRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(riderRoutes, { ctx });
  await app.register(deliveryRoutes, { ctx });
  await app.register(tillRoutes, { ctx });
  await app.register(paymentRoutes, { ctx });
  await app.register(shiftRoutes, { ctx });
  await app.register(customerRoutes, { ctx });
  await app.register(customerImportRoutes, { ctx });
  await app.register(cashRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(smsListRoutes, { ctx });
  await app.register(smsStatusRoutes, { ctx });
  await app.register(purchaseRoutes, { ctx });
  await app.register(reorderRoutes, { ctx });
  await app.register(exportRoutes, { ctx });
  await app.register(staffRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  const backups = new Backups({
    pool: opts.database.pool,
    uploadsDir: uploadsDir(config),
    storage: ctx.storage,
    dir: backupDir(config),
    shelf: backupShelf(config),
    key: config.backup.key,
    clock,
    tz: config.shopTz,
    at: config.backup.at,
    daily: config.backup.daily,
    weekly: config.backup.weekly,
    log: app.log,
  });
  app.addHook('onClose', () => {
    backups.stopSchedule();
    backups.shelf.close();
  });
  // A backups folder made before its modes were kept private is made so now.
  await backups.shelf.prepare(app.log);
  const restores = new Restores({
    backups,
    database: opts.database,
    dir: backupDir(config),
    uploadsDir: uploadsDir(config),
    storage: ctx.storage,
    key: config.backup.key,
    maintenance,
    // Every app server's catalogue cache starts again (the NOTIFY reaches the others).
    changed: async () => {
      ctx.catalog.invalidate();
      await catalogChanged(db);
    },
    log: app.log,
  });
  await app.register(backupRoutes, { backups, restores, ctx });
  if (metricsOn) {
    metrics.watch({
      pool: opts.database.pool,
      onQuery: (listener) => opts.database.onQuery(listener),
      catalog,
      sms: () => smsCounts(db, clock.now()),
      backups: async () => {
        const status = await backups.status();
        return { newest: status.last ? new Date(status.last.created) : undefined, failing: !!status.failure };
      },
      disk: () => diskSpace(config.dataDir),
      onlineAttention: () => attentionCount(db),
      now: () => clock.now(),
      log: app.log,
    });
    app.addHook('onClose', () => metrics.close());
  }
  const readiness = new Readiness({ db, pool: opts.database.pool, storage: ctx.storage, log: app.log });
  await app.register(monitoringRoutes, {
    readiness,
    metrics,
    metricsToken: config.metricsToken,
    dataDir: config.dataDir,
  });
  if (opts.extend) await app.register(async (scope) => opts.extend?.(scope));

  // Uploaded pictures, re-encoded and named by content hash: they never change once written.
  await serveUploads(app, ctx.storage);

  // The built web app: its files, and the app shell for the pages (with each page's preloads).
  const sendPage = await serveWebApp(app, config.webDist);
  // A product's and a category's page with their content in the HTML, sitemap.xml, robots.txt.
  if (sendPage) await app.register(shopPageRoutes, { ctx, sendPage });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api') && !path.extname(url);
    // The single-page app owns every other path (/, /login, /admin/...).
    if (wantsPage && sendPage) return sendPage(req, reply);
    return sendError(req, reply, 404, notFoundAnswer(url));
  });

  return { app, ctx, backups };
}
