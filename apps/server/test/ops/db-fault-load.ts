import { expect } from 'vitest';
import type pg from 'pg';
import { atFileEnd } from '../cleanup';

/**
 * Shared by the database fault tests: order load from several concurrent clients over real HTTP,
 * a fault in the middle, and the checks that the app lived through it.
 */

export type Line = { product_id: number; quantity: number };
export type Attempt = {
  kind: 'online' | 'till';
  start: number;
  ms: number;
  /** HTTP status; 0 when the request itself failed (connection refused, timed out). */
  status: number;
  code?: string;
  retryAfter?: string | null;
  id?: number;
  error?: string;
};

/** Records every uncaught exception and unhandled rejection of this process (the app runs in it). */
export function watchCrashes(): unknown[] {
  const crashes: unknown[] = [];
  const record = (err: unknown) => crashes.push(err);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  atFileEnd(() => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });
  return crashes;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request slower than this counts as hanging. */
const REQUEST_TIMEOUT_MS = 20_000;

async function placeOrder(
  baseUrl: string,
  kind: Attempt['kind'],
  token: string,
  phone: string,
  lines: Line[],
): Promise<Attempt> {
  const body =
    kind === 'till'
      ? { terminal: 1, paid: 0, carts: lines }
      : { name: 'Load Buyer', phone, address: 'House 1', area: 'Mirpur', carts: lines };
  const start = Date.now();
  try {
    const res = await fetch(`${baseUrl}/api/order/add`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-requested-with': 'XMLHttpRequest',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => ({}))) as { code?: string; data?: { id?: number } };
    return {
      kind,
      start,
      ms: Date.now() - start,
      status: res.status,
      code: json.code,
      retryAfter: res.headers.get('retry-after'),
      id: json.data?.id,
    };
  } catch (err) {
    return { kind, start, ms: Date.now() - start, status: 0, error: String(err) };
  }
}

export type FaultRun = {
  attempts: Attempt[];
  faultAt: number;
  /** When the first request of the final unbroken run of successes started (undefined: never). */
  recoveredAt: number | undefined;
};

/**
 * Places orders from every buyer (storefront) and `tills` admin clients at once, in loops; after
 * `warmupMs` runs `fault`, then keeps the load on until `settle` orders in a row succeed after the
 * last failure, or `recoverWithinMs` passes.
 */
export async function orderLoadWithFault(opts: {
  baseUrl: string;
  admin: string;
  buyers: Array<{ token: string; phone: string }>;
  tills: number;
  lines: Line[];
  fault: () => Promise<void>;
  warmupMs?: number;
  recoverWithinMs?: number;
  settle?: number;
}): Promise<FaultRun> {
  const attempts: Attempt[] = [];
  let running = true;
  const worker = async (kind: Attempt['kind'], token: string, phone: string) => {
    while (running) {
      const a = await placeOrder(opts.baseUrl, kind, token, phone, opts.lines);
      attempts.push(a);
      // A real client would wait Retry-After (2 s); a short pause samples the outage more densely.
      if (a.status !== 201) await sleep(100);
    }
  };
  const workers = [
    ...opts.buyers.map((b) => worker('online', b.token, b.phone)),
    ...Array.from({ length: opts.tills }, () => worker('till', opts.admin, '')),
  ];

  await sleep(opts.warmupMs ?? 1500);
  const faultAt = Date.now();
  let recoveredAt: number | undefined;
  try {
    await opts.fault();
    const until = faultAt + (opts.recoverWithinMs ?? 30_000);
    const settle = opts.settle ?? 20;
    while (Date.now() < until) {
      const after = attempts.filter((a) => a.start >= faultAt || a.start + a.ms >= faultAt);
      const lastFailure = after.reduce((t, a) => (a.status === 201 ? t : Math.max(t, a.start + a.ms)), 0);
      const since = after.filter((a) => a.start > lastFailure);
      if (lastFailure > 0 && since.length >= settle && since.every((a) => a.status === 201)) {
        recoveredAt = Math.min(...since.map((a) => a.start));
        break;
      }
      await sleep(100);
    }
  } finally {
    running = false;
    await Promise.all(workers);
  }
  return { attempts, faultAt, recoveredAt };
}

/** Numbers for the log of the test run. */
export function summary(run: FaultRun) {
  const during = run.attempts.filter((a) => a.start + a.ms >= run.faultAt);
  const unavailable = during.filter((a) => a.status === 503);
  return {
    orders: run.attempts.length,
    created: run.attempts.filter((a) => a.status === 201).length,
    unavailable: unavailable.length,
    other: run.attempts.filter((a) => a.status !== 201 && a.status !== 503).length,
    maxUnavailableMs: Math.max(0, ...unavailable.map((a) => a.ms)),
    maxCreatedMs: Math.max(0, ...run.attempts.filter((a) => a.status === 201).map((a) => a.ms)),
    recoveredAfterMs: run.recoveredAt === undefined ? undefined : run.recoveredAt - run.faultAt,
  };
}

/**
 * What must hold after any database outage: every answer was a 201 or a quick 503 db_unavailable
 * (never a 500, never a hang), orders succeed again, and every order acknowledged with 201 is in
 * the database with its lines, with product quantities matching every order that was kept.
 */
export async function expectSurvived(
  run: FaultRun,
  pool: pg.Pool,
  opts: { lines: Line[]; initialQty: Map<number, number> },
): Promise<void> {
  const odd = run.attempts.filter((a) => a.status !== 201 && a.status !== 503);
  expect(odd, 'only 201 or 503 answers').toEqual([]);
  const unavailable = run.attempts.filter((a) => a.status === 503);
  expect(unavailable.length, 'the outage was seen by some requests').toBeGreaterThan(0);
  for (const a of unavailable) {
    expect(a.code).toBe('db_unavailable');
    expect(a.retryAfter).toBe('2');
    expect(a.ms, '503 answers come quickly').toBeLessThan(5000);
  }
  expect(run.recoveredAt, 'orders succeed again without help').toBeDefined();
  // No connection was lost to the pool: once the load stops, none stays checked out.
  await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5000 }).toBe(0);

  const acked = run.attempts.filter((a) => a.status === 201).map((a) => a.id ?? 0);
  expect(acked.length).toBeGreaterThan(0);
  expect(new Set(acked).size).toBe(acked.length);
  const found = await pool.query<{ order_id: number; product_id: number; quantity: number }>(
    'SELECT order_id, product_id, quantity::float8 AS quantity FROM order_lines WHERE order_id = ANY($1) ORDER BY order_id, id',
    [acked],
  );
  const byOrder = new Map<number, Line[]>();
  for (const r of found.rows) {
    const lines = byOrder.get(r.order_id) ?? [];
    lines.push({ product_id: r.product_id, quantity: r.quantity });
    byOrder.set(r.order_id, lines);
  }
  const missing = acked.filter((id) => !byOrder.has(id));
  expect(missing, 'acknowledged orders missing from the database').toEqual([]);
  for (const id of acked) expect(byOrder.get(id)).toEqual(opts.lines);

  // Every order kept (acknowledged or not) took its stock, and nothing else did.
  for (const [productId, initial] of opts.initialQty) {
    const res = await pool.query<{ qty: number; sold: number }>(
      `SELECT p.qty::float8 AS qty,
         (SELECT coalesce(sum(quantity), 0)::float8 FROM order_lines WHERE product_id = p.id) AS sold
       FROM products p WHERE p.id = $1`,
      [productId],
    );
    expect(res.rows[0]?.qty).toBe(initial - (res.rows[0]?.sold ?? NaN));
  }
}
