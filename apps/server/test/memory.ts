import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const status = (field: string) => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return Number(m?.[1]) * 1024;
};

/**
 * Linux can reset a process's peak resident memory (`5` into /proc/self/clear_refs) and tells it
 * (VmHWM): how far the peak rose above where it stood while `work` ran.
 */
export async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  fs.writeFileSync('/proc/self/clear_refs', '5');
  const before = status('VmRSS');
  await work();
  return status('VmHWM') - before;
}

/** Whether `peakGrowth` can measure here (Linux, and the process may reset its own peak). */
export const canMeasurePeak = (() => {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return status('VmHWM') > 0;
  } catch {
    return false;
  }
})();

/**
 * A full garbage collection now. A streaming test calls it as data flows, so the peak it measures is
 * what the code holds, not how long V8 waited before collecting buffers already let go (that wait
 * alone reached 64 MB on a busy machine).
 */
export const collectGarbage: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();
