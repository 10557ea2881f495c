/**
 * `npm run bench:banglish`: how the search finds loose goods typed as people in Bangladesh type on a
 * phone, at 50,000 products (ADR 0056).
 *
 * Starts bench/server.ts on a scratch DATA_DIR (.data-test/bench-banglish-<pid>, removed at the end)
 * for its migrated embedded PostgreSQL, fills it with the generated catalogue of bench/catalog-data.ts
 * (the same seed as `bench:search`), then runs each of the 100 words of bench/banglish-words.json
 * (Banglish: "alu", "piyaj", "shorisha tel"; and Bangla with a slip: "পিয়াজ", "মরিছ") through the
 * functions the routes call (no HTTP, no answer cache):
 *   - recall: a word "finds its product" when the first page (48) of the storefront search
 *     (`searchProducts`) holds a product whose Bangla title has the word (or every word) it was
 *     meant to be; goal ≥ 90 % of the 100. The till's find (`findForStaff`, its 30) is measured the
 *     same way and reported;
 *   - ranking: "tel" puts a তেল product first (before Black Tea), and the issue's other words
 *     ("alu", "dim", "chal", "piyaj") a product with their word first;
 *   - speed: p50/p95/p99 of both, each word run BENCH_BANGLISH_ROUNDS times (default 20), and of the
 *     in-memory part alone; the index builds' times.
 * Prints a table and a markdown table for docs/performance.md, writes bench/results/banglish-latest.json.
 * Exits non-zero when a goal is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findIds, normalizeText, searchIds, wordsOf } from '@bazar/contracts/product-search';
import { connect } from '../apps/server/src/db/client';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded';
import {
  findForStaff,
  loadFindIndex,
  loadSearchIndex,
  searchProducts,
} from '../apps/server/src/modules/catalog/products.repository';
import { ensureShape, insertProducts } from './catalog-data';
import {
  benchStart,
  Harness,
  markdownTable,
  percentile,
  positiveInt,
  ROOT,
  round,
  textTable,
  writeJson,
} from './lib';

const ROUNDS = positiveInt('BENCH_BANGLISH_ROUNDS', process.env.BENCH_BANGLISH_ROUNDS, 20, 1000);
const PRODUCTS = 50_000;
/** The same catalogue as bench:search. */
const SEED = 20261124;
const PAGE = 48;
const RECALL_GOAL = 90;
const DATA_DIR = path.join(ROOT, '.data-test', `bench-banglish-${process.pid}`);
const RESULTS = path.join(ROOT, 'bench', 'results', 'banglish-latest.json');
const WORDS = path.join(ROOT, 'bench', 'banglish-words.json');

/** The issue's words, and the Bangla word the first product of each must have. */
const FIRST: ReadonlyArray<[text: string, word: string]> = [
  ['tel', 'তেল'],
  ['alu', 'আলু'],
  ['dim', 'ডিম'],
  ['chal', 'চাল'],
  ['piyaj', 'পেঁয়াজ'],
];

type Word = { text: string; meant: string; kind: 'banglish' | 'bangla-slip' };

const h = new Harness(DATA_DIR);

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => round(percentile(sorted, p), 2);
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}

/** True when the Bangla title has every word of `meant` as a word of its own. */
function hasWords(titleBn: string, meant: string): boolean {
  const words = new Set(wordsOf(normalizeText(titleBn)));
  return wordsOf(normalizeText(meant)).every((w) => words.has(w));
}

function readWords(): Word[] {
  const list = (JSON.parse(fs.readFileSync(WORDS, 'utf8')) as { words: Word[] }).words;
  if (list.length !== 100) throw new Error(`bench/banglish-words.json has ${list.length} words, not 100`);
  return list;
}

const percent = (n: number, of: number) => round((n / Math.max(of, 1)) * 100, 1);

async function main() {
  benchStart();
  h.guard(900_000);
  const words = readWords();
  console.log(`bench: banglish, ${os.cpus().length} CPUs, node ${process.version}, ${words.length} words`);
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
    const { db } = database;
    // Each meant word's products in the catalogue: a word no product has cannot be found.
    const titles = (await database.pool.query<{ title_bn: string }>('SELECT title_bn FROM products')).rows;
    const missing = words.filter((w) => !titles.some((t) => hasWords(t.title_bn, w.meant)));
    if (missing.length)
      throw new Error(`no product has: ${missing.map((w) => `${w.meant} (${w.text})`).join(', ')}`);

    const t0 = performance.now();
    const index = await loadSearchIndex(db);
    const indexMs = round(performance.now() - t0, 0);
    const t1 = performance.now();
    const findIndex = await loadFindIndex(db);
    const findIndexMs = round(performance.now() - t1, 0);
    console.log(
      `bench: storefront index ${index.size} titles, ${index.vocabulary.size} words and ` +
        `${index.keyVocabulary?.size ?? 0} Banglish keys, built in ${indexMs} ms; the till's find index in ${findIndexMs} ms`,
    );
    const searchIndex = async () => index;
    const staffIndex = async () => findIndex;
    for (const w of words.slice(0, 20)) {
      await searchProducts(db, w.text, searchIndex);
      await findForStaff(db, w.text, staffIndex);
    }

    const times = {
      search: [] as number[],
      find: [] as number[],
      searchMemory: [] as number[],
      findMemory: [] as number[],
    };
    const runs: Array<Word & { shop: boolean; till: boolean; shopRows: number; tillRows: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const w of words) {
        let m = performance.now();
        searchIds(w.text, index, PAGE);
        times.searchMemory.push(performance.now() - m);
        m = performance.now();
        findIds(w.text, findIndex);
        times.findMemory.push(performance.now() - m);
        let s = performance.now();
        const shop = await searchProducts(db, w.text, searchIndex);
        times.search.push(performance.now() - s);
        s = performance.now();
        const till = await findForStaff(db, w.text, staffIndex);
        times.find.push(performance.now() - s);
        if (round > 0) continue;
        runs.push({
          ...w,
          shop: shop.slice(0, PAGE).some((p) => hasWords(p.titleBn, w.meant)),
          till: till.some((p) => hasWords(p.titleBn, w.meant)),
          shopRows: shop.length,
          tillRows: till.length,
        });
      }
    }

    const firsts = [];
    for (const [text, word] of FIRST) {
      const [shop] = await searchProducts(db, text, searchIndex);
      const [till] = await findForStaff(db, text, staffIndex);
      firsts.push({
        text,
        word,
        shop: shop?.titleBn ?? '',
        till: till?.titleBn ?? '',
        ok: hasWords(shop?.titleBn ?? '', word) && hasWords(till?.titleBn ?? '', word),
      });
    }

    const recallOf = (of: typeof runs, key: 'shop' | 'till') =>
      percent(of.filter((r) => r[key]).length, of.length);
    const kinds = [
      { name: 'Banglish', of: runs.filter((r) => r.kind === 'banglish') },
      { name: 'Bangla with a slip', of: runs.filter((r) => r.kind === 'bangla-slip') },
      { name: `all (goal ≥ ${RECALL_GOAL} % on the storefront)`, of: runs },
    ];
    const header = ['words', 'count', 'storefront: first page (48)', 'till: its 30'];
    const rows = kinds.map((k) => [
      k.name,
      String(k.of.length),
      `${recallOf(k.of, 'shop')} %`,
      `${recallOf(k.of, 'till')} %`,
    ]);
    const speed = {
      search: stats(times.search),
      find: stats(times.find),
      searchMemory: stats(times.searchMemory),
      findMemory: stats(times.findMemory),
    };
    const speedHeader = ['call', 'runs', 'p50 ms', 'p95 ms', 'p99 ms'];
    const speedRows = [
      ['storefront search (searchProducts)', speed.search],
      ['till find (findForStaff)', speed.find],
      ['storefront, in memory (searchIds)', speed.searchMemory],
      ['till, in memory (findIds)', speed.findMemory],
    ].map(([name, s]) => {
      const v = s as ReturnType<typeof stats>;
      return [name as string, String(v.count), String(v.p50), String(v.p95), String(v.p99)];
    });
    console.log(`\n${textTable(header, rows)}\n\n${textTable(speedHeader, speedRows)}\n`);
    console.log(markdownTable(header, rows));
    console.log(`\n${markdownTable(speedHeader, speedRows)}\n`);
    for (const f of firsts)
      console.log(
        `first for "${f.text}": storefront ${f.shop || '(none)'}; till ${f.till || '(none)'}${f.ok ? '' : '  MISSED'}`,
      );
    const missed = runs
      .filter((r) => !r.shop || !r.till)
      .map((r) => ({ text: r.text, meant: r.meant, shop: r.shop, till: r.till, shopRows: r.shopRows }));
    if (missed.length) console.log(`\nmissed (storefront or till): ${JSON.stringify(missed)}`);

    const all = recallOf(runs, 'shop');
    const failures: string[] = [];
    if (all < RECALL_GOAL) failures.push(`storefront: ${all} % of the words found, goal ${RECALL_GOAL} %`);
    for (const f of firsts) if (!f.ok) failures.push(`"${f.text}" does not put a ${f.word} product first`);
    await writeJson(RESULTS, {
      at: new Date().toISOString(),
      products: PRODUCTS,
      words: words.length,
      rounds: ROUNDS,
      goal: { recall: RECALL_GOAL },
      recall: {
        storefront: all,
        till: recallOf(runs, 'till'),
        banglish: {
          storefront: recallOf(kinds[0]?.of ?? [], 'shop'),
          till: recallOf(kinds[0]?.of ?? [], 'till'),
        },
        slips: {
          storefront: recallOf(kinds[1]?.of ?? [], 'shop'),
          till: recallOf(kinds[1]?.of ?? [], 'till'),
        },
      },
      indexMs,
      findIndexMs,
      indexWords: index.vocabulary.size,
      indexKeys: index.keyVocabulary?.size ?? 0,
      ...speed,
      firsts,
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
