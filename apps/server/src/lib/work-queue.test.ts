import { describe, expect, it } from 'vitest';
import { AppError, Busy } from './errors';
import { WorkQueue } from './work-queue';

/** A job the test finishes by hand, and the order jobs started in. */
function jobs() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.set(name, () => resolve(name));
    });
  /** Finishes a running job and lets the queue start the next. */
  const finish = async (name: string) => {
    const done = finishers.get(name);
    if (!done) throw new Error(`${name} is not running`);
    done();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, job, finish };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('WorkQueue', () => {
  it('runs as many jobs as it has slots; the others wait their turn', async () => {
    const q = new WorkQueue({ slots: 2, maxWaiting: 10, perClient: 2 });
    const { started, job, finish } = jobs();
    const answers = ['a', 'b', 'c'].map((name) => q.run(job(name), { client: name }));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(q.size).toEqual({ running: 2, waiting: 1 });
    await finish('a');
    expect(started).toEqual(['a', 'b', 'c']);
    await finish('b');
    await finish('c');
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
    expect(q.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once a third job of one client, waiting or running, with a Retry-After', async () => {
    const q = new WorkQueue({ slots: 1, maxWaiting: 10, perClient: 2 });
    const { started, job, finish } = jobs();
    const first = q.run(job('a1'), { client: 'A' });
    const second = q.run(job('a2'), { client: 'A' });
    const third = q.run(job('a3'), { client: 'A' });
    await expect(third).rejects.toBeInstanceOf(Busy);
    await expect(third).rejects.toMatchObject({ statusCode: 503, code: 'busy', retryAfterSeconds: 1 });
    // Another client is not held back by A's share.
    const other = q.run(job('b1'), { client: 'B' });
    await finish('a1');
    await finish('b1');
    await finish('a2');
    expect(await Promise.all([first, second, other])).toEqual(['a1', 'a2', 'b1']);
    expect(started).not.toContain('a3');
    // Once its jobs are done, the client may send more.
    const again = q.run(job('a4'), { client: 'A' });
    await settle();
    await finish('a4');
    expect(await again).toBe('a4');
  });

  it('refuses at once a job that finds the queue full; the server’s own jobs still queue', async () => {
    const q = new WorkQueue({ slots: 2, maxWaiting: 3, perClient: 2 });
    const { started, job, finish } = jobs();
    const admitted = ['c1', 'c2', 'c3', 'c4', 'c5'].map((c) => q.run(job(c), { client: c }));
    await settle();
    expect(q.size).toEqual({ running: 2, waiting: 3 });
    const refused = q.run(job('c6'), { client: 'c6' });
    // Three waiting and two slots: two turns of a job (first guess 300 ms each) → 1 s.
    await expect(refused).rejects.toMatchObject({ code: 'busy', retryAfterSeconds: 1 });
    const own = q.run(job('server'));
    await settle();
    expect(q.size).toEqual({ running: 2, waiting: 4 });
    for (const name of ['c1', 'c2', 'c3', 'c4', 'c5', 'server']) {
      await settle();
      await finish(name);
    }
    await Promise.all([...admitted, own]);
    expect(started).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'server']);
  });

  it('starts next the job of the client with the fewest under way: the owner before a flood', async () => {
    const q = new WorkQueue({ slots: 1, maxWaiting: 50, perClient: 2 });
    const { started, job, finish } = jobs();
    const all: Array<Promise<string>> = [];
    // Five addresses each keep two logins in flight: among them, those that have had none go first.
    for (const c of ['f1', 'f2', 'f3', 'f4', 'f5'])
      for (const n of [1, 2]) all.push(q.run(job(`${c}-${n}`), { client: c }));
    await settle();
    await finish('f1-1');
    expect(started).toEqual(['f1-1', 'f2-1']);
    // The owner arrives behind eight waiting jobs: one login under way against their two each.
    all.push(q.run(job('owner'), { client: 'owner' }));
    await settle();
    await finish('f2-1');
    expect(started).toEqual(['f1-1', 'f2-1', 'owner']);
    await finish('owner');
    // Every job runs in the end.
    while (started.length < 11) await finish(started.at(-1) ?? '');
    await finish(started.at(-1) ?? '');
    expect(await Promise.all(all)).toHaveLength(11);
  });

  it('among clients with as many under way, the one that has started the fewest lately goes first', async () => {
    const q = new WorkQueue({ slots: 1, maxWaiting: 50, perClient: 2 });
    const { started, job, finish } = jobs();
    // A has had three logins; B none. Each has one waiting behind C's.
    for (const n of [1, 2, 3]) {
      const done = q.run(job(`a${n}`), { client: 'A' });
      await settle();
      await finish(`a${n}`);
      await done;
    }
    const blocker = q.run(job('c1'), { client: 'C' });
    await settle();
    const a = q.run(job('a4'), { client: 'A' });
    const b = q.run(job('b1'), { client: 'B' });
    await settle();
    await finish('c1');
    expect(started.at(-1)).toBe('b1');
    await finish('b1');
    await finish('a4');
    await Promise.all([blocker, a, b]);
  });

  it('the owner goes next even behind a long queue of addresses that have hashed before', async () => {
    const q = new WorkQueue({ slots: 2, maxWaiting: 50, perClient: 2 });
    const { started, job, finish } = jobs();
    const all: Array<Promise<string>> = [];
    for (const c of ['f1', 'f2', 'f3']) all.push(q.run(job(`${c}-1`), { client: c }));
    await settle();
    await finish('f1-1');
    await finish('f2-1');
    await finish('f3-1');
    // Each address has had one; now each sends two more at once.
    for (const c of ['f1', 'f2', 'f3'])
      for (const n of [2, 3]) all.push(q.run(job(`${c}-${n}`), { client: c }));
    all.push(q.run(job('owner'), { client: 'owner' }));
    await settle();
    expect(started.slice(-2)).toEqual(['f1-2', 'f1-3']);
    await finish('f1-2');
    expect(started.at(-1)).toBe('owner');
    for (const name of ['f1-3', 'owner', 'f2-2', 'f3-2', 'f2-3', 'f3-3']) await finish(name);
    await Promise.all(all);
  });

  it('an address idle for a minute starts afresh', async () => {
    let now = 0;
    const q = new WorkQueue({ slots: 1, maxWaiting: 50, perClient: 2 }, () => now);
    const { started, job, finish } = jobs();
    const first = q.run(job('a1'), { client: 'A' });
    await finish('a1');
    await first;
    now += 61_000;
    const blocker = q.run(job('b1'), { client: 'B' });
    await settle();
    const c = q.run(job('c1'), { client: 'C' });
    const a = q.run(job('a2'), { client: 'A' });
    await settle();
    await finish('b1');
    // A's job a minute ago no longer counts: C and A are even, C came first.
    expect(started.at(-1)).toBe('c1');
    await finish('c1');
    await finish('a2');
    await Promise.all([blocker, c, a]);
  });

  it('drops a waiting job whose client went away, without running it', async () => {
    const q = new WorkQueue({ slots: 1, maxWaiting: 10, perClient: 2 });
    const { started, job, finish } = jobs();
    const running = q.run(job('a'), { client: 'A' });
    const gone = new AbortController();
    const waiting = q.run(job('b'), { client: 'B', signal: gone.signal });
    await settle();
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(AppError);
    await expect(waiting).rejects.toMatchObject({ statusCode: 499 });
    expect(q.size).toEqual({ running: 1, waiting: 0 });
    await finish('a');
    await running;
    expect(started).toEqual(['a']);
    // B holds nothing now: two more of its jobs are taken.
    const again = [q.run(job('b2'), { client: 'B' }), q.run(job('b3'), { client: 'B' })];
    await settle();
    await finish('b2');
    await finish('b3');
    expect(await Promise.all(again)).toEqual(['b2', 'b3']);
  });
});
