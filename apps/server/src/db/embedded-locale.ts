import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The character type the shop's embedded PostgreSQL reads text with (LC_CTYPE). Under the C locale
 * PostgreSQL sees only ASCII letters: pg_trgm makes no trigrams of Bangla words (so a GIN trigram
 * index cannot serve `name ILIKE '%রহিম%'` and reads every entry instead), and lower() and regular
 * expressions leave Bangla (and every other non-ASCII letter) alone. C.UTF-8 classifies every
 * Unicode letter; collation stays C (byte order, the fastest, and not tied to the C library's
 * version, so no index goes stale when the operating system is upgraded).
 */
export const SHOP_CTYPE = 'C.UTF-8';

/** initdb's locale flags for a new embedded cluster. */
export const initdbLocaleFlags = (ctype: string) => ['--encoding=UTF8', '--locale=C', `--lc-ctype=${ctype}`];

type Log = { info(msg: string): void; warn(msg: string): void };

const isUtf8Ctype = (ctype: string) => /utf-?8/i.test(ctype);

/** Indexes whose contents depend on the character type: trigram indexes and lower()/upper() keys. */
const CTYPE_INDEXES = `SELECT format('%I.%I', n.nspname, c.relname) AS name
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    AND pg_get_indexdef(i.indexrelid) ~* '(gin|gist)_trgm_ops|lower\\(|upper\\('`;

/**
 * Moves an embedded database made before Bangla (LC_CTYPE C) to C.UTF-8, once: the character type
 * is written into pg_database (PostgreSQL has no ALTER for it; the embedded server is the shop's
 * own and the app its superuser), then every index that depends on it is rebuilt from a fresh
 * connection, which reads text with the new type. A marker file in the data folder is written
 * first and removed only after the rebuild, so a crash in between rebuilds again at the next start.
 * template1 moves too, so databases created later (the tests') are born right. Nothing happens when
 * the system lacks the C.UTF-8 locale: the shop works as before, and the log says why.
 */
export async function ensureBanglaCtype(
  adminUrl: string,
  database: string,
  pgDir: string,
  log: Log,
): Promise<void> {
  const marker = path.join(pgDir, '..', 'ctype-reindex-pending');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const current = await admin.query<{ ctype: string }>(
      'SELECT datctype AS ctype FROM pg_database WHERE datname = $1',
      [database],
    );
    const ctype = current.rows[0]?.ctype ?? '';
    if (!isUtf8Ctype(ctype)) {
      if (!(await localeExists(admin, SHOP_CTYPE))) {
        log.warn(
          `The embedded PostgreSQL reads text with LC_CTYPE ${ctype || 'C'}, and this system has no ${SHOP_CTYPE} ` +
            'locale: searches by Bangla names in the back office read every row instead of their index.',
        );
        return;
      }
      fs.writeFileSync(marker, `${database}\n`);
      await admin.query(`UPDATE pg_database SET datctype = $1 WHERE datname = ANY($2::text[])`, [
        SHOP_CTYPE,
        [database, 'template1'],
      ]);
      log.info(`Moved the shop's database to LC_CTYPE ${SHOP_CTYPE}, so PostgreSQL reads Bangla letters.`);
    }
  } finally {
    await admin.end();
  }
  if (!fs.existsSync(marker)) return;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const indexes = (await db.query<{ name: string }>(CTYPE_INDEXES)).rows.map((r) => r.name);
    for (const name of indexes) await db.query(`REINDEX INDEX ${name}`);
    log.info(`Rebuilt ${indexes.length} indexes that depend on the character type.`);
  } finally {
    await db.end();
  }
  fs.rmSync(marker, { force: true });
}

/** True when PostgreSQL can use this libc locale (a scratch database made with it, then dropped). */
async function localeExists(admin: pg.Client, locale: string): Promise<boolean> {
  const probe = `ctype_probe_${process.pid}`;
  try {
    await admin.query(
      `CREATE DATABASE ${probe} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE ${admin.escapeLiteral(locale)}`,
    );
    await admin.query(`DROP DATABASE ${probe}`);
    return true;
  } catch {
    return false;
  }
}
