// The memory of a solver with default options in Node (issue 56's budget:
// at most 100 MB RSS; docs/npm.md says what it is made of). A memory
// bound, not a timing: each process measures its own RSS after solving.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { pkgDir } from './helpers.js';

const run = promisify(execFile);

// budgetMB is the budget of bench/web-budget.sh's third figure.
const budgetMB = 100;

// positions are answered by each process: a book position, then two that
// the small book does not hold (searches of a few hundred ms to a second,
// enough for the engine's hot code to be optimised).
const positions = ['4453', '444444333', '4453312766'];

// defaultSolverRSS runs default-rss.js in a fresh Node process: a solver
// with default options, positions analysed, its RSS in MB once the
// engine's background work has settled.
async function defaultSolverRSS() {
  const child = fileURLToPath(new URL('./default-rss.js', import.meta.url));
  const { stdout } = await run(process.execPath, [child, pathToFileURL(resolve(pkgDir, 'node.js')).href, ...positions], { timeout: 120_000 });
  const mb = Number(stdout.trim());
  assert.ok(Number.isFinite(mb) && mb > 0, `the measuring process printed ${JSON.stringify(stdout)}`);
  return mb;
}

// The least of three fresh processes: a process's RSS varies by some MB
// from run to run (when V8's background compilers run, what malloc keeps),
// and the least of three is steady enough to hold to the budget. A second
// worker or the deep book loaded by default puts it over (docs/npm.md:
// "What a solver costs in Node").
test('a solver with default options holds at most 100 MB RSS in Node', { timeout: 400_000 }, async (t) => {
  if (!existsSync(resolve(pkgDir, 'fourgen.wasm'))) throw new Error(`${pkgDir} holds no package: run make npm`);
  const got = [];
  for (let i = 0; i < 3; i++) got.push(await defaultSolverRSS());
  const least = Math.min(...got);
  t.diagnostic(`RSS of three fresh processes: ${got.map((x) => x.toFixed(1)).join(', ')} MB`);
  assert.ok(least <= budgetMB,
    `a default solver held ${got.map((x) => x.toFixed(1)).join(', ')} MB RSS in three fresh processes, the least over the ${budgetMB} MB budget`);
});
