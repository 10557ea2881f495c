// Removes and recreates the browser tests' data folder (portable: no rm -rf in the shell command).
// Usage: node e2e/support/fresh-data.mjs .data-test/e2e
// Refuses anything outside .data-test/, and a folder a running server or PostgreSQL still uses.
import fs from 'node:fs';
import path from 'node:path';

const arg = process.argv[2];
const root = path.resolve('.data-test');
const target = path.resolve(arg ?? '');
if (!arg || !target.startsWith(root + path.sep)) {
  console.error(`[e2e] refusing to clean "${arg ?? ''}": give a folder inside ${root}`);
  process.exit(1);
}

const alive = (pid) => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};
const pidIn = (file) => {
  try {
    return Number(fs.readFileSync(file, 'utf8').split('\n')[0].trim());
  } catch {
    return 0;
  }
};

for (const [file, what] of [
  [path.join(target, 'server.lock'), 'a shop server'],
  [path.join(target, 'pg', 'postmaster.pid'), 'PostgreSQL'],
]) {
  const pid = pidIn(file);
  if (alive(pid)) {
    console.error(
      `[e2e] ${what} (pid ${pid}) still uses ${target}; stop it before running the browser tests.`,
    );
    process.exit(1);
  }
}

fs.rmSync(target, { recursive: true, force: true });
fs.mkdirSync(target, { recursive: true });
