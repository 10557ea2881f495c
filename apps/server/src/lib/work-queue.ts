import { say } from '@bazar/contracts/messages';
import { AppError, Busy } from './errors';

/** How a queue is bounded: at once, waiting, and per client (waiting or running). */
export type WorkLimits = {
  /** Jobs that run at the same time. */
  readonly slots: number;
  /** Jobs that may wait for a slot; one more is refused at once (503 `busy`). */
  readonly maxWaiting: number;
  /** Jobs one client may hold, waiting or running; one more is refused at once (503 `busy`). */
  readonly perClient: number;
};

type Job = {
  client: string;
  start: () => void;
  abandon: () => void;
};

type ClientState = {
  /** Jobs of this client waiting or running now. */
  held: number;
  /** Jobs of this client started since it was last idle for FORGET_MS. */
  served: number;
  /** When its last job started or was queued (ms). */
  lastAt: number;
};

/** The client of the server's own jobs (none given): never refused, one client in the turns. */
const INTERNAL = '';
/** A client idle this long starts afresh: its jobs go before those of clients busy since. */
const FORGET_MS = 60_000;
/** Past this many clients known, idle ones are forgotten (an IPv6 flood names many). */
const SWEEP_AT = 1000;
/** How the time a job takes is guessed before one has run (the production hash, about 0.3 s). */
const FIRST_GUESS_MS = 300;

/**
 * Slots for heavy work (password hashes) with a bounded queue that is fair between clients. A
 * client (its address, `clientKey`) holds at most `perClient` jobs, and a job that finds the queue
 * full is refused at once (`Busy`, with the seconds the queue needs to drain), never left waiting
 * for minutes. When a slot frees, the waiting job of the client with the fewest jobs under way
 * goes first, then of the one that has started the fewest lately (oldest first among equals): a
 * flood of logins from a few addresses waits behind its own work, while the owner signing in from
 * elsewhere is next. The server's own jobs (no client)
 * are never refused and take their turns as one client. All in this process: each app server has
 * its own queue.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Job[] = [];
  private readonly clients = new Map<string, ClientState>();
  /** A moving average of how long a job runs (ms), for Retry-After. */
  private jobMs = FIRST_GUESS_MS;

  constructor(
    readonly limits: WorkLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Jobs waiting and running now. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `work` in a slot, waiting for one if need be. Refused at once (`Busy`) when `client`
   * holds its share already or the queue is full; a job whose `signal` aborts while it waits is
   * dropped (499) without running.
   */
  async run<T>(
    work: () => Promise<T>,
    opts: { client?: string | undefined; signal?: AbortSignal | undefined } = {},
  ): Promise<T> {
    const client = opts.client ?? INTERNAL;
    const state = this.admit(client);
    try {
      if (this.running >= this.limits.slots) await this.wait(client, opts.signal);
      else this.begin(state);
      const started = this.now();
      try {
        return await work();
      } finally {
        this.jobMs = this.jobMs * 0.8 + (this.now() - started) * 0.2;
        this.running--;
        this.next();
      }
    } finally {
      state.held--;
      state.lastAt = this.now();
    }
  }

  /** Counts a new job for `client`, or refuses it (`Busy`). */
  private admit(client: string): ClientState {
    const now = this.now();
    let state = this.clients.get(client);
    if (state && state.held === 0 && now - state.lastAt > FORGET_MS) state.served = 0;
    if (!state) {
      if (this.clients.size >= SWEEP_AT) this.sweep(now);
      state = { held: 0, served: 0, lastAt: now };
      this.clients.set(client, state);
    }
    const full = this.running >= this.limits.slots && this.waiting.length >= this.limits.maxWaiting;
    // The server's own jobs (no client: staff making a customer, the admin at start) always queue.
    if (client !== INTERNAL && (state.held >= this.limits.perClient || full)) {
      // Its own jobs will be done in about one job's time; a full queue drains at `slots` a turn.
      const turns = full ? Math.ceil((this.waiting.length + 1) / this.limits.slots) : 1;
      throw new Busy(Math.min(60, Math.max(1, Math.ceil((turns * this.jobMs) / 1000))));
    }
    state.held++;
    state.lastAt = now;
    return state;
  }

  private begin(state: ClientState): void {
    this.running++;
    state.served++;
  }

  private wait(client: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const job: Job = {
        client,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        abandon: () => reject(new AppError(499, 'bad_request', say('http.clientClosed'))),
      };
      // The client went away while waiting: no slot is spent on an answer nobody reads.
      const onAbort = () => {
        const at = this.waiting.indexOf(job);
        if (at >= 0) this.waiting.splice(at, 1);
        job.abandon();
      };
      if (signal?.aborted) return job.abandon();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(job);
    });
  }

  /**
   * Starts the waiting job whose client holds the fewest jobs now (a flood keeps its whole share
   * under way, the owner signing in one), then of the client that has started the fewest lately;
   * the oldest among equals.
   */
  private next(): void {
    if (this.running >= this.limits.slots || this.waiting.length === 0) return;
    let best = 0;
    let fewest = [Infinity, Infinity];
    for (const [i, job] of this.waiting.entries()) {
      const state = this.clients.get(job.client);
      const [held, served] = [state?.held ?? 0, state?.served ?? 0];
      const [bestHeld = Infinity, bestServed = Infinity] = fewest;
      if (held < bestHeld || (held === bestHeld && served < bestServed)) [best, fewest] = [i, [held, served]];
    }
    const [job] = this.waiting.splice(best, 1);
    if (!job) return;
    const state = this.clients.get(job.client);
    if (state) this.begin(state);
    else this.running++;
    job.start();
  }

  /** Forgets clients that hold nothing and have been idle a while. */
  private sweep(now: number): void {
    for (const [client, state] of this.clients)
      if (state.held === 0 && now - state.lastAt > FORGET_MS) this.clients.delete(client);
  }
}
