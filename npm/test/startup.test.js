// Start-up: what stands before a solver's first answers, and what
// follows them.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage, refLines, scoresOf } from './helpers.js';

let Solver;
before(async () => {
  ({ Solver } = await loadPackage());
});

test('the deep book waits until the first answers are given, then loads', async (t) => {
  const lines = refLines(t, 'positions/analyze_n14.txt', 2);
  if (lines.length === 0) return;
  for (const workers of [1, 2]) {
    const s = await Solver.create({ tableMiB: 1, book: true, workers });
    t.after(() => s.close());
    const order = [];
    const book = s.book.then((b) => {
      order.push('book');
      return b;
    });
    for (const { moves, nums } of lines) {
      assert.deepEqual(await s.analyze(moves), scoresOf(nums), moves);
      order.push(moves);
    }
    assert.ok((await book).positions > 0, `workers ${workers}: the book loads once the worker is idle`);
    assert.deepEqual(order, [...lines.map((l) => l.moves), 'book'], `workers ${workers}: the answers came first`);
  }
});

test('a solver of several workers takes each into use once it has started', { timeout: 60_000 }, async (t) => {
  const lines = refLines(t, 'positions/analyze_n14.txt', 6);
  if (lines.length === 0) return;
  const s = await Solver.create({ tableMiB: 1, workers: 3 });
  t.after(() => s.close());
  // The first worker answers at once; the others join as they start, and
  // then requests asked together run side by side, each on a worker.
  const first = await s.analyze(lines[0].moves);
  assert.deepEqual(first, scoresOf(lines[0].nums));
  // A worker not yet started is held busy (Solver.admit frees it).
  const idle = () => s.runners.filter((r) => !r.busy).length;
  while (idle() < 3) await new Promise((r) => setTimeout(r, 10));
  const got = await Promise.all(lines.map(({ moves }) => s.analyze(moves)));
  assert.deepEqual(got, lines.map(({ nums }) => scoresOf(nums)));
});
