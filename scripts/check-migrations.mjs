// Fails when the schema has changes that no committed migration contains (drizzle-kit would generate one).
// Works on a temporary copy of the migrations folder, so it never touches the working tree.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../apps/server');
// drizzle-kit wants a relative --out, so the copy sits inside the server folder (git-ignored).
const tmp = fs.mkdtempSync(path.join(server, '.migrations-check-'));
try {
  fs.cpSync(path.join(server, 'src/db/migrations'), tmp, { recursive: true });
  const out = execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect=postgresql',
      '--schema=./src/db/schema.ts',
      `--out=./${path.basename(tmp)}`,
      '--name=check',
    ],
    { cwd: server, encoding: 'utf8' },
  );
  if (!/No schema changes/.test(out)) {
    console.error(
      'The schema changed without a migration: run `npm run db:generate -- --name <what>` and commit it.',
    );
    process.exit(1);
  }
  console.log('Migrations are current.');
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
