// Cancellation with an AbortSignal, and several solvers and workers at
// once.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage, refLines, scoresOf, slowLines } from './helpers.js';

let Solver;
before(async () => {
  ({ Solver } = await loadPackage());
});

test('aborting a long solve rejects it at once, and the solver goes on', async (t) => {
  const [{ moves: slow } = {}] = slowLines(t, 1);
  const [{ moves, nums } = {}] = refLines(t, 'positions/analyze_n12.txt', 1);
  if (!slow) return;
  const s = await Solver.create({ tableMiB: 1 });
  t.after(() => s.close());
  const ac = new AbortController();
  let progressed;
  const started = new Promise((r) => { progressed = r; });
  const solving = s.analyze(slow, { signal: ac.signal, onProgress: progressed });
  await started;
  const t0 = performance.now();
  ac.abort();
  await assert.rejects(solving, { name: 'AbortError' });
  assert.ok(performance.now() - t0 < 1000, 'the abort took a second or more');
  assert.deepEqual(await s.analyze(moves), scoresOf(nums), 'after the abort');
  await assert.rejects(s.solve(moves, { signal: AbortSignal.abort() }), { name: 'AbortError' }, 'aborted before');
  const why = new Error('the user left');
  const ac2 = new AbortController();
  const p = s.solve(slow, { signal: ac2.signal });
  ac2.abort(why);
  await assert.rejects(p, (err) => err === why, 'the reason given to abort');
});

test('several solvers and workers answer at once', async (t) => {
  const lines = refLines(t, 'positions/analyze_n14.txt', 4);
  if (lines.length === 0) return;
  const solvers = await Promise.all([
    Solver.create({ tableMiB: 4 }),
    Solver.create({ tableMiB: 4 }),
    Solver.create({ tableMiB: 4, workers: 3 }),
  ]);
  t.after(() => solvers.forEach((x) => x.close()));
  const asked = [];
  for (const s of solvers) {
    for (const { moves, nums } of lines) asked.push(s.analyze(moves).then((got) => [moves, got, scoresOf(nums)]));
  }
  for (const [moves, got, want] of await Promise.all(asked)) assert.deepEqual(got, want, moves);
});

test('aborting one request of a busy multi-worker solver leaves the others', async (t) => {
  const [{ moves: slow } = {}] = slowLines(t, 1);
  const lines = refLines(t, 'positions/analyze_n12.txt', 2);
  if (!slow) return;
  const s = await Solver.create({ tableMiB: 1, workers: 2 });
  t.after(() => s.close());
  const ac = new AbortController();
  // An analysis of 11 stones searches children the book does not hold
  // (a solve of one is a lookup in the 11-ply book): it is aborted once it
  // reports progress, so surely while it runs.
  const stopped = s.analyze(slow, { signal: ac.signal, onProgress: () => ac.abort() });
  const others = lines.map(({ moves }) => s.analyze(moves));
  await assert.rejects(stopped, { name: 'AbortError' });
  assert.deepEqual(await Promise.all(others), lines.map(({ nums }) => scoresOf(nums)));
});

test('the README\'s abort example aborts', async (t) => {
  const s = await Solver.create();
  t.after(() => s.close());
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 50);
  await assert.rejects(s.analyze('52511551752', { signal: ac.signal, onProgress: () => {} }), { name: 'AbortError' });
  assert.deepEqual(await s.analyze('4453'), [-5, -5, -2, -3, -4, -2, -2], 'after the abort');
});
