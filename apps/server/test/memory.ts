import fs from 'node:fs';

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
