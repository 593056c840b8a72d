// The npm package's Solver against the reference data, in every form a
// position takes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage, refLines, scoresOf, cellsOf, slowLines } from './helpers.js';

let Solver;
let s;
let width; // of the engine's board, as it says
let height;
before(async () => {
  ({ Solver } = await loadPackage());
  s = await Solver.create({ tableMiB: 16 });
  ({ width, height } = await s.inspect(''));
});
after(() => s?.close());

test('analyze gives the reference scores, null for a full column', async (t) => {
  for (const { moves, nums } of refLines(t, 'positions/analyze_n12.txt', 3)) {
    assert.deepEqual(await s.analyze(moves), scoresOf(nums), moves);
  }
  for (const { moves, nums } of refLines(t, 'positions/analyze_n32.txt', 3)) {
    assert.deepEqual(await s.analyze(moves), scoresOf(nums), moves);
  }
});

test('solve, solveWeak and bestMove agree with the reference', async (t) => {
  for (const { moves, nums } of refLines(t, 'positions/analyze_n16.txt', 3)) {
    const best = Math.max(...nums);
    assert.equal(await s.solve(moves), best, moves);
    assert.equal(await s.solveWeak(moves), Math.sign(best), moves);
    const b = await s.bestMove(moves);
    assert.equal(b.score, best, moves);
    assert.equal(nums[b.column - 1], best, `${moves}: bestMove column ${b.column}`);
    const b0 = await s.bestMove(moves, { base: 0 });
    assert.equal(b0.column, b.column - 1, `${moves}: bestMove with base 0`);
  }
});

test('a position as columns, with commas, a Kaggle board or a grid is the move string\'s', async (t) => {
  const zero = await Solver.create({ tableMiB: 4, base: 0 });
  t.after(() => zero.close());
  for (const { moves, nums } of refLines(t, 'positions/analyze_n12.txt', 2)) {
    const want = scoresOf(nums);
    const cols = [...moves].map(Number);
    const cells = cellsOf(moves, width, height);
    assert.deepEqual(await s.analyze(cols), want, `${moves} as 1-based columns`);
    assert.deepEqual(await s.analyze(cols.map((c) => c - 1), { base: 0 }), want, `${moves} as 0-based columns`);
    assert.deepEqual(await zero.analyze(cols.map((c) => c - 1)), want, `${moves}: base 0 by create`);
    assert.deepEqual(await s.analyze({ board: cells, mark: 1 }), want, `${moves} as Kaggle's observation`);
    assert.deepEqual(await s.analyze(JSON.stringify(cells)), want, `${moves} as Kaggle's cells in text`);
    assert.deepEqual(await s.analyze(cells.join(',')), want, `${moves} as Kaggle's cells in text, no brackets`);
    assert.deepEqual(await s.analyze(cols.join(',')), want, `${moves} with commas, as c4 reads it`);
    const rows = Array.from({ length: height }, (_, r) => cells.slice(r * width, (r + 1) * width));
    assert.deepEqual(await s.analyze(rows), want, `${moves} as a grid of rows`);
  }
});

test('the engine\'s version is the package\'s', async () => {
  const { readFile } = await import('node:fs/promises');
  const { pkgDir } = await import('./helpers.js');
  const pkg = JSON.parse(await readFile(`${pkgDir}/package.json`, 'utf8'));
  assert.equal(s.version, pkg.version);
  assert.match(s.version, /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/);
});

test('progress reaches onProgress during a long solve', async (t) => {
  const [{ moves } = {}] = slowLines(t, 1);
  if (!moves) return;
  const small = await Solver.create({ tableMiB: 1 });
  t.after(() => small.close());
  const events = [];
  await small.analyze(moves, { onProgress: (p) => events.push(p) });
  assert.ok(events.length > 0, 'no progress event');
  for (const p of events) {
    assert.ok(p.column >= 1 && p.column - width < 1 && p.lo <= p.hi && p.nodes >= 0, JSON.stringify(p));
  }
});

test('inspect lists the columns of a move string as the engine reads it', async () => {
  const d = await s.inspect('4,4,5,3');
  assert.deepEqual(d.columns, [4, 4, 5, 3]);
  assert.equal((await s.inspect(d.columns)).moves, '4453');
  assert.deepEqual((await s.inspect('')).columns, []);
});

test('analysis, shared among workers or not, gives the reference scores and the solve\'s time', async (t) => {
  const pool = await Solver.create({ tableMiB: 4, workers: 3 });
  t.after(() => pool.close());
  for (const { moves, nums } of refLines(t, 'positions/analyze_n16.txt', 3)) {
    const want = scoresOf(nums).map((v) => v ?? -1000); // the API's score of a full column
    const top = Math.max(...nums);
    const bestCols = nums.flatMap((v, i) => (v === top ? [i + 1] : []));
    for (const [name, solver] of [['one worker', s], ['three workers', pool]]) {
      const events = [];
      const a = await solver.analysis(moves, { onProgress: (p) => events.push(p) });
      assert.deepEqual(a.scores, want, `${moves}, ${name}`);
      assert.deepEqual(a.best, bestCols, `${moves}, ${name}: best`);
      assert.ok(Number.isInteger(a.micros) && a.micros >= 0 && a.nodes >= 0, `${moves}, ${name}: ${JSON.stringify(a)}`);
      for (const p of events) assert.ok(p.lo <= p.hi && p.micros <= a.micros, `${moves}, ${name}: ${JSON.stringify(p)}`);
    }
  }
});
