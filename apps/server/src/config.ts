import path from 'node:path';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'on', 'yes'].includes(v)));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_PREPARE: flag(true),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SEED_DEMO: flag(true),
  ADMIN_PHONE: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  RATE_LIMIT: flag(true),
  SMS_DRIVER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  SHOP_TZ: z.string().default('Asia/Dhaka'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag(false),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Named (prepared) statements; off behind a transaction-mode pooler that cannot keep them. */
  databasePrepare: boolean;
  embeddedPgPort: number;
  seedDemo: boolean;
  admin: { phone: string; password: string } | undefined;
  rateLimit: boolean;
  sms: { driver: 'log' | 'http'; httpUrl: string | undefined; pollMs: number };
  shopTz: string;
  logLevel: string;
  trustProxy: boolean;
  webDist: string;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses every environment variable once; throws a readable error on bad configuration. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMS_DRIVER === 'http' && !e.SMS_HTTP_URL) throw new Error('SMS_DRIVER=http needs SMS_HTTP_URL');
  if (Boolean(e.ADMIN_PHONE) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new Error('ADMIN_PHONE and ADMIN_PASSWORD must be set together');
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: e.SHOP_TZ });
  } catch {
    throw new Error(`SHOP_TZ "${e.SHOP_TZ}" is not a known time zone`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePrepare: e.DATABASE_PREPARE,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    seedDemo: e.SEED_DEMO,
    admin:
      e.ADMIN_PHONE && e.ADMIN_PASSWORD ? { phone: e.ADMIN_PHONE, password: e.ADMIN_PASSWORD } : undefined,
    rateLimit: e.RATE_LIMIT,
    sms: { driver: e.SMS_DRIVER, httpUrl: e.SMS_HTTP_URL, pollMs: e.SMS_POLL_MS },
    shopTz: e.SHOP_TZ,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
  };
}
