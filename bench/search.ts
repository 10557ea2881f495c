/**
 * `npm run bench:search`: the storefront search at 50,000 products, from Node (the function the
 * route calls, no HTTP and no answer cache), for speed and for what a shopper's typo finds.
 *
 * Starts bench/server.ts on a scratch DATA_DIR (.data-test/bench-search-<pid>, removed at the end)
 * for its migrated embedded PostgreSQL, fills it with the generated catalogue of bench/catalog-data.ts
 * (50,000 products titled like a Bangladeshi grocery's), then runs every kind of search text drawn
 * from the titles (words, prefixes, phrases, one-typo words, phrases with one typo), each once, in a
 * mixed order, timing `searchProducts`:
 *   - speed: p50/p95/p99 per kind and in all (goal: p95 ≤ 3 ms);
 *   - recall: a typo text "finds its product" when the first page (48 products) holds a product
 *     whose title has the word (or both words of the phrase) the text was meant to be
 *     (goals: 95 % of one-typo words, 90 % of phrases with a typo).
 * Prints a table and a markdown table for docs/performance.md, writes bench/results/search-latest.json.
 * BENCH_SEARCH_TEXTS (default 3000) sets how many texts run. Exits non-zero when a goal is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '../apps/server/src/db/client';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded';
import { loadSearchIndex, searchProducts } from '../apps/server/src/modules/catalog/products.repository';
import { searchWords } from '../apps/server/src/modules/catalog/search-words';
import { ensureShape, insertProducts, searchTexts, type SearchKind, type SearchText } from './catalog-data';
import { Harness, markdownTable, percentile, positiveInt, ROOT, round, textTable, writeJson } from './lib';

const TEXTS = positiveInt('BENCH_SEARCH_TEXTS', process.env.BENCH_SEARCH_TEXTS, 3000, 50_000);
const PRODUCTS = 50_000;
const PAGE = 48;
const SEED = 20261124;
const P95_GOAL_MS = 3;
const RECALL_GOAL: Partial<Record<SearchKind, number>> = { typo: 0.95, 'phrase-typo': 0.9 };
const KINDS: SearchKind[] = ['word', 'prefix', 'phrase', 'typo', 'phrase-typo'];
const DATA_DIR = path.join(ROOT, '.data-test', `bench-search-${process.pid}`);
const RESULTS = path.join(ROOT, 'bench', 'results', 'search-latest.json');

const h = new Harness(DATA_DIR);

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => round(percentile(sorted, p), 2);
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}

/** True when the title has every word of `meant` as a word of its own. */
function hasWords(title: string, meant: string): boolean {
  const words = new Set(searchWords(title));
  return meant.split(' ').every((w) => words.has(w));
}

async function main() {
  h.guard(900_000);
  console.log(`bench: search, ${os.cpus().length} CPUs, node ${process.version}, ${TEXTS} texts`);
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const server = h.startNode('bench/server.ts', 'bench/server.ts', h.childEnv({ PORT: '0' }));
  await h.waitReady(server, 180_000);
  const url = runningEmbeddedUrl(DATA_DIR);
  if (!url) return h.fail('could not find the bench server’s embedded PostgreSQL', server);
  const database = connect(url, 2);
  try {
    const client = await database.pool.connect();
    try {
      const shape = await ensureShape(client);
      const gen = await insertProducts(client, shape, PRODUCTS, SEED, new Set());
      await client.query('VACUUM ANALYZE products');
      console.log(`bench: ${gen.inserted} products in ${gen.ms} ms`);
    } finally {
      client.release();
    }
    const titles = (await database.pool.query<{ title: string }>('SELECT title FROM products')).rows.map(
      (r) => r.title,
    );
    const texts = searchTexts(titles, SEED).slice(0, TEXTS);
    const { db } = database;
    // The server keeps the index until the catalogue changes; so does this loop.
    const built = performance.now();
    const indexLoad = loadSearchIndex(db);
    const index = await indexLoad;
    const indexMs = round(performance.now() - built, 0);
    console.log(
      `bench: search index of ${index.size} titles, ${index.vocabulary.size} words, built in ${indexMs} ms`,
    );
    const vocabulary = () => indexLoad;
    for (const t of texts.slice(0, 30)) await searchProducts(db, t.text, vocabulary); // warm-up

    const runs: Array<SearchText & { ms: number; rows: number; found: boolean | null }> = [];
    for (const t of texts) {
      const s = performance.now();
      const rows = await searchProducts(db, t.text, vocabulary);
      const ms = performance.now() - s;
      const found =
        t.meant === undefined ? null : rows.slice(0, PAGE).some((p) => hasWords(p.title, t.meant ?? ''));
      runs.push({ ...t, ms, rows: rows.length, found });
    }

    const all = stats(runs.map((r) => r.ms));
    const byKind = KINDS.map((kind) => {
      const of = runs.filter((r) => r.kind === kind);
      const judged = of.filter((r) => r.found !== null);
      const recall = judged.length ? judged.filter((r) => r.found).length / judged.length : null;
      return {
        kind,
        ...stats(of.map((r) => r.ms)),
        withResults: of.filter((r) => r.rows > 0).length,
        recall: recall === null ? null : round(recall * 100, 1),
        goal: RECALL_GOAL[kind] === undefined ? null : (RECALL_GOAL[kind] ?? 0) * 100,
      };
    });
    const missed = runs
      .filter((r) => r.found === false)
      .slice(0, 15)
      .map((r) => ({ text: r.text, meant: r.meant, rows: r.rows }));

    const header = ['kind', 'texts', 'p50 ms', 'p95 ms', 'p99 ms', 'with results', 'finds its product'];
    const rows = [
      ...byKind.map((k) => [
        k.kind,
        String(k.count),
        String(k.p50),
        String(k.p95),
        String(k.p99),
        String(k.withResults),
        k.recall === null ? '' : `${k.recall} %${k.goal === null ? '' : ` (goal ${k.goal} %)`}`,
      ]),
      ['all', String(all.count), String(all.p50), String(all.p95), String(all.p99), '', ''],
    ];
    console.log(`\n${textTable(header, rows)}\n`);
    console.log(markdownTable(header, rows));
    if (missed.length) console.log(`\nsome typos that missed: ${JSON.stringify(missed)}`);

    const failures: string[] = [];
    if (all.p95 > P95_GOAL_MS) failures.push(`p95 ${all.p95} ms > ${P95_GOAL_MS} ms`);
    for (const k of byKind)
      if (k.goal !== null && k.recall !== null && k.recall < k.goal)
        failures.push(`${k.kind}: ${k.recall} % found, goal ${k.goal} %`);
    await writeJson(RESULTS, {
      at: new Date().toISOString(),
      products: PRODUCTS,
      indexMs,
      texts: texts.length,
      all,
      byKind,
      missed,
      failures,
    });
    for (const f of failures) console.log(`goal MISSED: ${f}`);
    if (!failures.length) console.log('goals met');
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await database.close().catch(() => undefined);
    await h.cleanup();
  }
}

main().catch(async (err: unknown) => {
  await h.fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
});
