/**
 * The machine's speed, printed and kept beside every benchmark's figures, so a figure measured on a
 * slow day (a slower VM, other work on the same cores) can be told from a regression.
 *
 * The calibration is a fixed piece of single-threaded work of the kind the server does per request
 * (hashing, JSON in and out, string and array work), timed a few times; its score is how many such
 * pieces the machine does in a second, best of the runs (the least disturbed). It is Node's own
 * measure, not Lighthouse's `benchmarkIndex` (which `npm run lighthouse` prints beside its scores),
 * but it moves with the same things: the CPU's speed and what else runs on it.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';

export type MachineSpeed = {
  cpu: string;
  cores: number;
  os: string;
  node: string;
  /** Load averages (1, 5, 15 minutes) when measured. */
  load: number[];
  /** Pieces of the calibration's work a second, best of its runs: higher is faster. */
  calibration: number;
};

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One piece of work: about 2 ms on one core of the AMD EPYC VM this project is measured on. */
function piece(seed: number): number {
  const rows = Array.from({ length: 400 }, (_, i) => ({
    id: seed + i,
    title: `Product ${seed + i} — ১ কেজি`,
    price: (seed * 31 + i * 17) % 997,
    qty: ((i * 7) % 50) / 4,
    tags: ['rice', 'oil', 'dal'].slice(0, 1 + (i % 3)),
  }));
  const text = JSON.stringify({ data: rows });
  const back = JSON.parse(text) as { data: typeof rows };
  let hash = createHash('sha256');
  for (let i = 0; i < 30; i++) hash = hash.update(text);
  const digest = hash.digest('hex');
  const sorted = back.data.map((r) => r.title.toLowerCase()).sort();
  return digest.charCodeAt(0) + (sorted[0]?.length ?? 0);
}

/** Times the calibration: `runs` rounds of 200 ms each; the best round's pieces per second. */
export function calibrate(runs = 5, roundMs = 200): number {
  let best = 0;
  let sink = 0;
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    let done = 0;
    while (performance.now() - started < roundMs) sink += piece(done++);
    best = Math.max(best, (done * 1000) / (performance.now() - started));
  }
  // Keeps the work from being optimised away.
  if (sink === -1) console.log(sink);
  return round(best, 1);
}

/** The machine as a benchmark run sees it now (about one second to measure). */
export function machineSpeed(): MachineSpeed {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    load: os.loadavg().map((n) => round(n)),
    calibration: calibrate(),
  };
}

/** One line for a benchmark's output: "machine: 2 × Intel Xeon, load 0.4 0.6 0.7, calibration 52.3/s". */
export const machineLine = (m: MachineSpeed) =>
  `machine: ${m.cores} × ${m.cpu}, load ${m.load.join(' ')}, calibration ${m.calibration} pieces/s (node ${m.node})`;
