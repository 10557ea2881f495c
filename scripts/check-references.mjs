// Comments and docs point only to files inside the repository: a clone holds no product spec
// sections, design notes or sibling folders to send a reader to. `npm run check:static` runs this.
import { execFileSync } from 'node:child_process';

const pattern = String.raw`spec ?§|design\.md|\.\./shared/|decisions\.md|api-(orders|catalog)\.md`;
let found = '';
try {
  found = execFileSync('git', ['grep', '-nE', pattern, '--', '.', ':!scripts/check-references.mjs'], {
    encoding: 'utf8',
  });
} catch (err) {
  // git grep exits 1 when nothing matches: that is the good case.
  if (err.status !== 1) throw err;
}
if (found) {
  console.error('References to documents outside the repository (write the rule itself instead):');
  console.error(found);
  process.exit(1);
}
console.log('check-references: every reference points inside the repository');
