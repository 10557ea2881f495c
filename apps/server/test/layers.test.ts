import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');

/** The rules broken in `cwd`'s apps/server/src, as `rule: from → to`, by the very command CI runs. */
async function violations(cwd: string): Promise<string[]> {
  const { stdout } = await run(
    DEPCRUISE,
    ['--config', CONFIG, '--output-type', 'json', '--no-progress', 'apps/server/src'],
    { cwd, maxBuffer: 20 * 1024 * 1024 },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  const result = JSON.parse(stdout) as {
    summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
  };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(file: string, text: string) {
  const full = path.join(tmp, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
}

describe('the server keeps its layers (dependency-cruiser, run by CI)', () => {
  it('holds for the code as it is', async () => {
    expect(await violations(ROOT)).toEqual([]);
  });

  it('fires on a cycle between modules, on the schema outside a repository, and on lib calling a module', async () => {
    const src = 'apps/server/src';
    write(`${src}/db/schema.ts`, 'export const orders = 1;\n');
    // orders → till → orders: no file imports itself back, the modules do.
    write(
      `${src}/modules/orders/orders.routes.ts`,
      "import { sell } from '../till/till.service';\nexport const r = sell;\n",
    );
    write(
      `${src}/modules/till/till.service.ts`,
      "import { price } from '../orders/order-lines';\nexport const sell = price;\n",
    );
    write(`${src}/modules/orders/order-lines.ts`, 'export const price = 1;\n');
    // A service that builds its own SQL; a repository may.
    write(
      `${src}/modules/orders/orders.service.ts`,
      "import { orders } from '../../db/schema';\nexport const s = orders;\n",
    );
    write(
      `${src}/modules/orders/orders.repository.ts`,
      "import { orders } from '../../db/schema';\nexport const o = orders;\n",
    );
    // lib may name a module's type, but not call it.
    write(
      `${src}/lib/context.ts`,
      "import type { r } from '../modules/orders/orders.routes';\nexport type C = typeof r;\n",
    );
    write(
      `${src}/lib/helper.ts`,
      "import { price } from '../modules/orders/order-lines';\nexport const h = price;\n",
    );

    expect(await violations(tmp)).toEqual([
      `lib-below-modules: ${src}/lib/helper.ts → ${src}/modules/orders/order-lines.ts`,
      `no-module-cycles: ${src}/modules/orders → ${src}/modules/till`,
      `no-module-cycles: ${src}/modules/till → ${src}/modules/orders`,
      `schema-only-in-repositories: ${src}/modules/orders/orders.service.ts → ${src}/db/schema.ts`,
    ]);
  });
});
