// The package as users get it: npm pack's tarball, installed offline into
// an empty folder, used from a two-line script.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPackage, pkgDir, refLines, scoresOf } from './helpers.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

test('the packed tarball installs offline into an empty folder and answers', async (t) => {
  const [{ moves, nums } = {}] = refLines(t, 'positions/analyze_n12.txt', 1);
  if (!moves) return;
  try {
    execFileSync(npm, ['--version'], { stdio: 'pipe' });
  } catch (err) {
    assert.fail(`no npm to pack the package with (${err.message}): install it (apt-get install npm)`);
  }
  const tmp = mkdtempSync(join(tmpdir(), 'fourgen-npm-'));
  t.after(() => rmSync(tmp, { recursive: true, force: true }));
  const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', tmp, pkgDir], { encoding: 'utf8' }));
  const { filename, files } = packed[0];
  const names = files.map((f) => f.path).sort();
  for (const want of ['fourgen.wasm', 'fourgen-book.fgb', 'index.js', 'node.js', 'engine.js', 'engine-node.js', 'serve.js',
    'index.d.ts', 'board.js', 'board-element.js', 'worker.js', 'worker-node.js', 'wasm_exec.js', 'package.json']) {
    assert.ok(names.includes(want), `the tarball has no ${want}: ${names}`);
  }
  assert.ok(!names.some((n) => n.startsWith('test/') || n === 'stamp.js'), `the tarball holds the tests: ${names}`);
  t.diagnostic(`${filename}: ${statSync(join(tmp, filename)).size} bytes`);

  const app = join(tmp, 'app');
  mkdirSync(app);
  execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', join(tmp, filename)], { cwd: app, stdio: 'pipe' });
  writeFileSync(join(app, 'main.mjs'), 'import { Solver } from "fourgen";\n' +
    `const s = await Solver.create(); console.log(JSON.stringify(await s.analyze(${JSON.stringify(moves)}))); s.close();\n`);
  const out = execFileSync(process.execPath, ['main.mjs'], { cwd: app, encoding: 'utf8', timeout: 60_000 });
  assert.deepEqual(JSON.parse(out), scoresOf(nums), `the installed package's analysis of ${moves}`);

  // The README's first example, as a user pastes it, and in CommonJS.
  const readme = readFileSync(join(app, 'node_modules', 'fourgen', 'README.md'), 'utf8');
  const example = readme.match(/```js\n([\s\S]*?)```/)[1];
  writeFileSync(join(app, 'readme.mjs'), example);
  const printed = execFileSync(process.execPath, ['readme.mjs'], { cwd: app, encoding: 'utf8', timeout: 60_000 });
  const { Solver } = await loadPackage();
  const s = await Solver.create({ tableMiB: 1 });
  t.after(() => s.close());
  assert.equal(printed.split('\n')[0], JSON.stringify(await s.analyze('4453')), 'the README example\'s output');
  writeFileSync(join(app, 'main.cjs'), 'const { Solver } = require("fourgen");\n' +
    'Solver.create().then(async (s) => { console.log(JSON.stringify(await s.analyze("4,4,5,3"))); s.close(); });\n');
  const required = execFileSync(process.execPath, ['main.cjs'], { cwd: app, encoding: 'utf8', timeout: 60_000 });
  assert.equal(required.trim(), JSON.stringify(await s.analyze('4453')), 'require() of the package, commas');
});
