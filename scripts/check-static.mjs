#!/usr/bin/env node
// `npm run check:static`: every static check (format, lint, layering, unused code, references,
// types of each TypeScript project, migrations) run side by side, as many at once as the machine
// has cores. Each check's output is shown only when it fails; the run fails when any check fails.
// The slow ones keep a cache in node_modules/.cache, so a second run checks only what changed;
// a clean clone (CI) checks everything.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const cache = 'node_modules/.cache';
const tsc = (project, name) => ({
  name: `types: ${project}`,
  cmd: `tsc -p ${project} --incremental --tsBuildInfoFile ${cache}/tsc/${name}.tsbuildinfo`,
});

// Slowest first, so the pool finishes together.
const checks = [
  tsc('apps/web', 'web'),
  // The server's project holds bench/ too (the benchmarks drive the server's modules), so the
  // server's sources are checked once.
  tsc('apps/server', 'server'),
  { name: 'lint', cmd: `eslint . --cache --cache-location ${cache}/eslint/` },
  { name: 'format', cmd: `prettier --check . --cache` },
  tsc('packages/contracts', 'contracts'),
  tsc('e2e', 'e2e'),
  { name: 'unused code', cmd: 'knip' },
  { name: 'layering', cmd: 'depcruise --config .dependency-cruiser.cjs --no-progress apps/server/src' },
  { name: 'migrations', cmd: 'node scripts/check-migrations.mjs' },
  { name: 'references', cmd: 'node scripts/check-references.mjs' },
];

function run({ name, cmd }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, { shell: true, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
      if (!ok) console.log(`---- ${cmd}\n${output.trim()}\n----`);
      resolve(ok);
    });
  });
}

const started = performance.now();
const queue = [...checks];
const workers = Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
  let ok = true;
  for (let next = queue.shift(); next; next = queue.shift()) ok = (await run(next)) && ok;
  return ok;
});
const ok = (await Promise.all(workers)).every(Boolean);
console.log(
  `static checks ${ok ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(ok ? 0 : 1);
