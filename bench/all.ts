/**
 * `npm run bench`: every benchmark, one after the other, each in its own process (a failing one
 * does not stop the rest; the exit code says if any failed). `-- --report` then rewrites the results
 * table of docs/performance.md from bench/results (bench/report.ts); `-- --report-only` only that;
 * `-- --only=orders,search` runs those steps alone. Lighthouse needs a running shop and is its own
 * command (`npm run lighthouse`); its last results are in the table too.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib';
import { writeReport } from './report';

const STEPS: Array<{ name: string; args: string[]; env?: Record<string, string> }> = [
  { name: 'run', args: ['--import', 'tsx', 'bench/run.ts'] },
  { name: 'catalog', args: ['--import', 'tsx', 'bench/catalog.ts'] },
  { name: 'orders', args: ['--import', 'tsx', 'bench/orders.ts'] },
  { name: 'login-flood', args: ['--import', 'tsx', 'bench/login-flood.ts'] },
  { name: 'search', args: ['--import', 'tsx', 'bench/search.ts'] },
  { name: 'reorder', args: ['--import', 'tsx', 'bench/reorder.ts'] },
  { name: 'banglish', args: ['--import', 'tsx', 'bench/banglish.ts'] },
  { name: 'year', args: ['--import', 'tsx', 'bench/year.ts'] },
  { name: 'till', args: ['--import', 'tsx', 'bench/till-scan.ts'] },
  { name: 'import', args: ['--import', 'tsx', 'bench/import.ts'] },
  { name: 'backup', args: ['--import', 'tsx', 'bench/backup.ts'] },
  { name: 'size', args: ['--import', 'tsx', 'bench/web-size.ts'], env: { BENCH_RECORD: '1' } },
];

const argv = process.argv.slice(2);
const only = argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const failed: string[] = [];
if (!argv.includes('--report-only')) {
  for (const step of STEPS.filter((s) => !only || only.includes(s.name))) {
    console.log(`\n=== bench: ${step.name} ===`);
    const run = spawnSync(process.execPath, step.args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    });
    if (run.status !== 0) failed.push(step.name);
  }
}
if (argv.includes('--report') || argv.includes('--report-only')) writeReport();
if (failed.length) {
  console.log(`\nbench: missed a goal or failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
