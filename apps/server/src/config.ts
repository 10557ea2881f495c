import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_MIN } from '@bazar/contracts/common';
import { english, render } from '@bazar/contracts/messages';
import { fromSource } from '@bazar/contracts/numbers';
import { S3_UPLOADS_PREFIX } from './lib/storage';
import { SMS_DRIVERS, type SmsDriverName } from '@bazar/contracts/sms';
import { ALPHA_SMS_URL } from './modules/sms/sms-alpha.driver';
import { BULKSMSBD_URL } from './modules/sms/sms-bulksmsbd.driver';
import { SSL_WIRELESS_URL } from './modules/sms/sms-sslwireless.driver';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'on', 'yes'].includes(v)));

/**
 * Environment variables are text: a number must be wholly a plain decimal ("0x10" is not 16). What
 * is wrong is said to the operator, in English, naming the variable (not a message of the shop's).
 */
const int = (name: string, min: number, max: number, fallback: number) =>
  fromSource(
    'text',
    z
      .number({ error: `The ${name} must be a number.` })
      .int(`The ${name} must be a whole number.`)
      .min(min, `The ${name} must be at least ${min}.`)
      .max(max, `The ${name} may not be greater than ${max}.`),
  ).default(fallback);

/**
 * Which proxies may say who the client is (X-Forwarded-For). `on` would trust whatever any client
 * writes there, and every per-IP limit would be void, so it is refused: give the number of proxies
 * in front of the shop (hops) or their addresses.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === '' || ['off', 'false', 'no', '0'].includes(value)) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const valid = list.every((v) => {
      const [address, bits, ...rest] = v.split('/');
      return (
        rest.length === 0 &&
        !!address &&
        net.isIP(address) !== 0 &&
        (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (net.isIPv6(address) ? 128 : 32)))
      );
    });
    if (list.length === 0 || !valid) {
      ctx.addIssue({
        code: 'custom',
        message:
          `"${value}" is not a number of proxies or a list of their addresses. ` +
          'TRUST_PROXY=on is not allowed: it would let any client choose its address. Use the number of ' +
          'proxies in front of the shop (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.5,10.0.0.6).',
      });
      return z.NEVER;
    }
    return list;
  });

/** What each gateway driver needs, and where its API is unless SMS_BASE_URL says otherwise. */
const GATEWAYS = {
  sslwireless: { name: 'SSL Wireless', url: SSL_WIRELESS_URL, key: 'api_token', senderId: 'required' },
  bulksmsbd: { name: 'BulkSMSBD', url: BULKSMSBD_URL, key: 'api_key', senderId: 'required' },
  alpha: { name: 'Alpha SMS', url: ALPHA_SMS_URL, key: 'api_key', senderId: 'optional' },
} as const;

/** An http(s) address, without a trailing slash; an empty value is unset. */
const httpUrl = (name: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .url()
        .regex(/^https?:\/\//, `${name} is an http(s) address`)
        .transform((v) => v.replace(/\/+$/, ''))
        .optional(),
    );

/** A gateway's key or password: an empty value is unset. */
const secret = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const envSchema = z.object({
  PORT: int('PORT', 0, 65535, 3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_PREPARE: flag(true),
  EMBEDDED_PG_PORT: int('EMBEDDED_PG_PORT', 0, 65535, 0),
  SEED_DEMO: flag(true),
  ADMIN_PHONE: z.string().optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN, `The admin password must be at least ${PASSWORD_MIN} characters.`)
    .optional(),
  RATE_LIMIT: flag(true),
  LIMIT_ORDERS_PER_HOUR: int('LIMIT_ORDERS_PER_HOUR', 1, 10_000, 10),
  LIMIT_OPEN_ORDERS: int('LIMIT_OPEN_ORDERS', 1, 10_000, 5),
  LIMIT_SMS_PER_PHONE: int('LIMIT_SMS_PER_PHONE', 1, 10_000, 10),
  SMS_DRIVER: z.enum(SMS_DRIVERS).optional(),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().trim().min(1).optional(),
  SMS_SENDER_ID: z.string().trim().min(1).optional(),
  SMS_BASE_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'SMS_BASE_URL is an http(s) address')
    .optional(),
  SMS_POLL_MS: int('SMS_POLL_MS', 50, 60_000, 2000),
  SHOP_TZ: z.string().default('Asia/Dhaka'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: flag(true),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  METRICS_TOKEN: z
    .string()
    .optional()
    // An empty value (a blank line in an env file) leaves the metrics off, as if unset.
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .min(
          16,
          'METRICS_TOKEN must be at least 16 characters (anyone holding it reads the metrics): ' +
            'e.g. `openssl rand -hex 24`',
        )
        .optional(),
    ),
  TRUST_PROXY: trustProxy,
  WEB_DIST: z.string().optional(),
  BACKUP_DIR: z.string().optional(),
  BACKUP_AT: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'BACKUP_AT is a shop time like 03:00, or off')
    .default('03:00'),
  BACKUP_KEEP: z
    .string()
    .regex(/^\d{1,3},\d{1,3}$/, 'BACKUP_KEEP is how many daily and weekly backups to keep, like 7,4')
    .default('7,4'),
  BACKUP_KEY: secret.pipe(
    z
      .string()
      .min(
        16,
        'BACKUP_KEY must be at least 16 characters (it is all that protects the backups): ' +
          'e.g. `openssl rand -hex 32`',
      )
      .optional(),
  ),
  BACKUP_S3_BUCKET: secret,
  BACKUP_S3_PREFIX: z.string().optional(),
  BACKUP_S3_ENDPOINT: secret.pipe(z.string().url().optional()),
  BACKUP_S3_REGION: secret,
  BACKUP_S3_ACCESS_KEY_ID: secret,
  BACKUP_S3_SECRET_ACCESS_KEY: secret,
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('auto'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  PUBLIC_URL: httpUrl('PUBLIC_URL'),
  BKASH_BASE_URL: httpUrl('BKASH_BASE_URL'),
  BKASH_APP_KEY: secret,
  BKASH_APP_SECRET: secret,
  BKASH_USERNAME: secret,
  BKASH_PASSWORD: secret,
  SSLCOMMERZ_BASE_URL: httpUrl('SSLCOMMERZ_BASE_URL'),
  SSLCOMMERZ_STORE_ID: secret,
  SSLCOMMERZ_STORE_PASSWORD: secret,
  PAYMENT_TIMEOUT_MS: int('PAYMENT_TIMEOUT_MS', 100, 120_000, 30_000),
});

type Env = z.infer<typeof envSchema>;

/**
 * Where backups are kept, from the BACKUP_S3_* variables (a backup holds every customer's phone
 * number and every order: it must never be readable by anyone who can see the pictures):
 *
 * - None set: in the backups folder, which STORAGE=local allows and STORAGE=s3 refuses (several app
 *   servers must share their backups, and the pictures' bucket is not the place).
 * - A bucket needs its own key (BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY); with
 *   STORAGE=s3 another key than the pictures' (S3_ACCESS_KEY_ID), which can then be limited to it.
 * - The pictures' bucket (the same bucket at the same address) is refused when S3_PUBLIC_URL is
 *   set (that address serves the bucket to anyone), and takes backups only under a folder of
 *   their own beside `uploads/` (not the whole bucket, not inside or around `uploads/`).
 */
function backupBucket(e: Env): BackupBucket | undefined {
  const set = {
    BACKUP_S3_BUCKET: e.BACKUP_S3_BUCKET,
    BACKUP_S3_ACCESS_KEY_ID: e.BACKUP_S3_ACCESS_KEY_ID,
    BACKUP_S3_SECRET_ACCESS_KEY: e.BACKUP_S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(set)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  const others = [e.BACKUP_S3_PREFIX, e.BACKUP_S3_ENDPOINT, e.BACKUP_S3_REGION].some((v) => v);
  if (missing.length === 3 && !others) {
    if (e.STORAGE === 's3')
      throw new Error(
        'STORAGE=s3 keeps the backups in a bucket of their own, with a key of their own: set ' +
          'BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY (a private ' +
          "bucket, or a folder of the pictures' bucket when S3_PUBLIC_URL is unset; see README, Backups)",
      );
    return undefined;
  }
  if (missing.length)
    throw new Error(
      `Backups in a bucket need BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY: also set ${missing.join(', ')}`,
    );
  const prefix = (e.BACKUP_S3_PREFIX ?? 'backups/')
    .replace(/^\/+/, '')
    .replace(/\/*$/, '/')
    .replace(/^\/$/, '');
  if (
    prefix !== '' &&
    (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(prefix) ||
      prefix.split('/').some((part) => part === '.' || part === '..'))
  )
    throw new Error(
      `BACKUP_S3_PREFIX "${e.BACKUP_S3_PREFIX}" is a folder name like backups/ (letters, digits, . _ - and /)`,
    );
  const bucket: BackupBucket = {
    endpoint: e.BACKUP_S3_ENDPOINT ?? e.S3_ENDPOINT,
    region: e.BACKUP_S3_REGION ?? e.S3_REGION,
    bucket: e.BACKUP_S3_BUCKET!,
    prefix,
    accessKeyId: e.BACKUP_S3_ACCESS_KEY_ID!,
    secretAccessKey: e.BACKUP_S3_SECRET_ACCESS_KEY!,
  };
  if (e.STORAGE !== 's3') return bucket;
  if (bucket.accessKeyId === e.S3_ACCESS_KEY_ID)
    throw new Error(
      "BACKUP_S3_ACCESS_KEY_ID is the pictures' key (S3_ACCESS_KEY_ID): give backups a key of their own, " +
        'allowed only where the backups are',
    );
  const samePlace =
    bucket.bucket === e.S3_BUCKET &&
    (bucket.endpoint ?? '').replace(/\/+$/, '') === (e.S3_ENDPOINT ?? '').replace(/\/+$/, '');
  if (!samePlace) return bucket;
  if (e.S3_PUBLIC_URL)
    throw new Error(
      `BACKUP_S3_BUCKET is the pictures' bucket, which S3_PUBLIC_URL (${e.S3_PUBLIC_URL}) serves to anyone: ` +
        'backups would be readable there. Keep them in a private bucket of their own.',
    );
  if (prefix === '' || prefix.startsWith(S3_UPLOADS_PREFIX) || S3_UPLOADS_PREFIX.startsWith(prefix))
    throw new Error(
      `BACKUP_S3_PREFIX "${prefix}" in the pictures' bucket mixes backups with the pictures (${S3_UPLOADS_PREFIX}): ` +
        'give them a folder of their own, like backups/',
    );
  return bucket;
}

/** A gateway's account: all its variables, or none (a part is refused, naming what is missing). */
function gatewayAccount<K extends string>(
  gateway: string,
  values: Record<K, string | undefined>,
): Record<K, string> | undefined {
  const missing = Object.entries(values).filter(([, v]) => !v);
  if (missing.length === Object.keys(values).length) return undefined;
  if (missing.length) {
    throw new Error(
      `${gateway} is configured in part: also set ${missing.map(([k]) => k).join(', ')} ` +
        `(or unset all of ${Object.keys(values).join(', ')} to turn it off)`,
    );
  }
  return values as Record<K, string>;
}

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
  /** Every abuse limit (login, codes, orders, SMS caps and budget); off only for load tests. */
  rateLimit: boolean;
  limits: { ordersPerHour: number; openOrders: number; smsPerPhoneDaily: number };
  sms: {
    driver: SmsDriverName;
    /** SMS_DRIVER was set: `log` chosen on purpose, not by default. */
    driverChosen: boolean;
    httpUrl: string | undefined;
    /** The account of a gateway driver (sslwireless, bulksmsbd, alpha). */
    gateway: { apiKey: string; senderId: string | undefined; baseUrl: string } | undefined;
    pollMs: number;
  };
  shopTz: string;
  logLevel: string;
  /** One log line per request at info level (LOG_REQUESTS; off for load tests). */
  logRequests: boolean;
  /** JSON lines, readable lines, or readable lines only when stdout is a terminal (auto). */
  logFormat: 'json' | 'pretty' | 'auto';
  /** The bearer token of GET /metrics; without one the route answers 404. */
  metricsToken: string | undefined;
  /** false, a number of proxy hops, or the proxies' addresses (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  webDist: string;
  backup: {
    /** BACKUP_DIR; unset: DATA_DIR/backups (see backupDir). Where a backup is written. */
    dir: string | undefined;
    /** Where backups are kept when not in that folder: their own bucket or prefix, their own key. */
    bucket: BackupBucket | undefined;
    /** BACKUP_KEY: backups are encrypted with it (and it is needed to restore them). */
    key: string | undefined;
    /** The shop time of the daily backup (HH:MM), or 'off'. */
    at: string;
    /** How many of the newest days' and weeks' backups stay. */
    daily: number;
    weekly: number;
  };
  /** Where uploads live: DATA_DIR/uploads, or an S3-compatible bucket every app server shares. */
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl: string | undefined;
      };
  /**
   * The shop's public address (PUBLIC_URL, no trailing slash): every absolute link the server
   * writes (sitemap.xml, robots.txt, Open Graph tags, the payment gateways' return addresses)
   * starts with it, never with a request's Host header. A real shop (SEED_DEMO=0) must set it; the
   * demo's is http://localhost:PORT.
   */
  publicUrl: string;
  /** Online payment (issue 15): each gateway is on only with its whole account set. */
  payments: {
    /** How long one call to a gateway may take. */
    timeoutMs: number;
    bkash: BkashAccount | undefined;
    sslcommerz: SslcommerzAccount | undefined;
  };
};

/** Where backups are kept with BACKUP_S3_BUCKET: never where pictures are served from (backupBucket). */
type BackupBucket = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** The folder in the bucket (`backups/`), or '' for the whole bucket. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export type BkashAccount = {
  BKASH_BASE_URL: string;
  BKASH_APP_KEY: string;
  BKASH_APP_SECRET: string;
  BKASH_USERNAME: string;
  BKASH_PASSWORD: string;
};
export type SslcommerzAccount = {
  SSLCOMMERZ_BASE_URL: string;
  SSLCOMMERZ_STORE_ID: string;
  SSLCOMMERZ_STORE_PASSWORD: string;
};

/** Where local uploads live (STORAGE=local, and what `npm run storage:copy` reads). */
export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/** Where backups are written: BACKUP_DIR, or the backups folder in DATA_DIR. */
export const backupDir = (config: Config) => config.backup.dir ?? path.join(config.dataDir, 'backups');

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses every environment variable once; throws a readable error on bad configuration. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${render(english, i.message)}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMS_DRIVER === 'http' && !e.SMS_HTTP_URL) throw new Error('SMS_DRIVER=http needs SMS_HTTP_URL');
  const gateway = e.SMS_DRIVER === 'log' || e.SMS_DRIVER === 'http' ? undefined : e.SMS_DRIVER;
  if (gateway) {
    const { name, key, senderId } = GATEWAYS[gateway];
    if (!e.SMS_API_KEY) {
      throw new Error(`SMS_DRIVER=${gateway} needs SMS_API_KEY: the ${key} of your ${name} account`);
    }
    if (senderId === 'required' && !e.SMS_SENDER_ID) {
      throw new Error(
        `SMS_DRIVER=${gateway} needs SMS_SENDER_ID: the sender id (masking name or number) ${name} approved`,
      );
    }
  }
  if (!e.SEED_DEMO && !e.SMS_DRIVER) {
    // The production recipe: without a gateway every code would only be printed in the log.
    throw new Error(
      'SEED_DEMO=0 (a real shop) needs an SMS gateway: set SMS_DRIVER to sslwireless, bulksmsbd or ' +
        'alpha with SMS_API_KEY (and SMS_SENDER_ID), or http with SMS_HTTP_URL, or SMS_DRIVER=log on ' +
        'purpose to print every SMS (codes included) in the server log.',
    );
  }
  if (!e.SEED_DEMO && !e.PUBLIC_URL) {
    // Absolute links (sitemap, robots.txt, link previews, the payment gateways' return addresses)
    // are never built from the Host header a request brings: a real shop must say its address.
    throw new Error(
      'SEED_DEMO=0 (a real shop) needs PUBLIC_URL: the address shoppers use, e.g. ' +
        'PUBLIC_URL=https://shop.example.com. Every absolute link the shop writes (sitemap.xml, ' +
        "robots.txt, link previews, the payment gateways' return addresses) starts with it, never " +
        'with the Host header of a request.',
    );
  }
  if (Boolean(e.ADMIN_PHONE) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new Error('ADMIN_PHONE and ADMIN_PASSWORD must be set together');
  }
  if (e.STORAGE === 's3' && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT unless on AWS)',
    );
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
    limits: {
      ordersPerHour: e.LIMIT_ORDERS_PER_HOUR,
      openOrders: e.LIMIT_OPEN_ORDERS,
      smsPerPhoneDaily: e.LIMIT_SMS_PER_PHONE,
    },
    sms: {
      driver: e.SMS_DRIVER ?? 'log',
      driverChosen: e.SMS_DRIVER !== undefined,
      httpUrl: e.SMS_HTTP_URL,
      gateway:
        gateway && e.SMS_API_KEY
          ? {
              apiKey: e.SMS_API_KEY,
              senderId: e.SMS_SENDER_ID,
              baseUrl: e.SMS_BASE_URL ?? GATEWAYS[gateway].url,
            }
          : undefined,
      pollMs: e.SMS_POLL_MS,
    },
    shopTz: e.SHOP_TZ,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    logFormat: e.LOG_FORMAT ?? 'auto',
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
      bucket: backupBucket(e),
      key: e.BACKUP_KEY,
      at: e.BACKUP_AT,
      daily: Number(e.BACKUP_KEEP.split(',')[0]),
      weekly: Number(e.BACKUP_KEEP.split(',')[1]),
    },
    storage:
      e.STORAGE === 's3' && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL,
          }
        : { kind: 'local' },
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    payments: {
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
      bkash: gatewayAccount('bKash', {
        BKASH_BASE_URL: e.BKASH_BASE_URL,
        BKASH_APP_KEY: e.BKASH_APP_KEY,
        BKASH_APP_SECRET: e.BKASH_APP_SECRET,
        BKASH_USERNAME: e.BKASH_USERNAME,
        BKASH_PASSWORD: e.BKASH_PASSWORD,
      }),
      sslcommerz: gatewayAccount('SSLCommerz', {
        SSLCOMMERZ_BASE_URL: e.SSLCOMMERZ_BASE_URL,
        SSLCOMMERZ_STORE_ID: e.SSLCOMMERZ_STORE_ID,
        SSLCOMMERZ_STORE_PASSWORD: e.SSLCOMMERZ_STORE_PASSWORD,
      }),
    },
  };
}
