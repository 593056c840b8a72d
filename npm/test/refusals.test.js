// Bad input is refused with an Error in the command's words, never a hang
// or a crash; options out of range are refused before a worker starts.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage } from './helpers.js';

let Solver;
let s;
before(async () => {
  ({ Solver } = await loadPackage());
  s = await Solver.create({ tableMiB: 1 });
});
after(() => s?.close());

test('bad positions are refused with the engine\'s reason', async () => {
  const cases = [
    ['44x', /^bad position: move 3 \('x'\): not a column \(want 1 to 7\)$/],
    ['4444444', /^bad position: move 7 \(4\): column 4 is full$/],
    ['1212121', /^the game is already won by player 1$/],
    ['4'.repeat(43), /^bad position: move 7 \(4\): column 4 is full$/], // the first refused move, not the length
    ['\u0000\u00ff\ufffd', /not a column/],
    ['4'.repeat(1 << 20), /request too long/], // as endless as a string gets: refused whole, at once
    [[4, 4, 8], /^bad columns: move 3 \(8, 1-based\): column 8 \(1-based\) is off the board \(want 1 to 7\)$/],
    [[0], /^bad columns: move 1 \(0, 1-based\): column 0 \(1-based\) is off the board/],
    [[4, '4'], /^bad columns: move 2 \(4\): not a whole number$/],
    [[4.5], /not a whole number/],
    [{ board: [0, 0] }, /^bad board: want 42 comma-separated cells/],
    [{ board: Array(42).fill(3) }, /^bad board: cell c1r6 .*not a cell's value/],
    ['1,2', /^bad board/],
    ['x.\n', /^bad board/],
  ];
  for (const [pos, want] of cases) {
    await assert.rejects(s.analyze(pos), (err) => err instanceof Error && want.test(err.message),
      `analyze(${JSON.stringify(pos).slice(0, 40)})`);
  }
  const err = await s.solve('4453999').catch((e) => e);
  assert.equal(err.validMoves, 4, 'validMoves of 4453999');
  await assert.rejects(s.bestMove('1212121'), { message: 'no move: the game is already won by player 1' });
  await assert.rejects(s.solveWeak('1212121'), { message: 'the game is already won by player 1' });
});

test('what is not a position is a TypeError', async () => {
  for (const pos of [null, undefined, 42, {}, { moves: '4' }, new Uint8Array(3)]) {
    await assert.rejects(s.analyze(pos), TypeError, String(pos));
  }
});

test('bad options are refused', async () => {
  for (const opts of [{ tableMiB: 0 }, { tableMiB: 257 }, { tableMiB: 1.5 }, { workers: 0 }, { workers: 17 },
    { workers: '2' }, { base: 2 }]) {
    await assert.rejects(Solver.create(opts), RangeError, JSON.stringify(opts));
  }
  await assert.rejects(s.analyze([1], { base: -1 }), RangeError);
});

test('a closed solver refuses requests', async () => {
  const c = await Solver.create({ tableMiB: 1 });
  c.close();
  await assert.rejects(c.analyze('4453'), /the solver is closed/);
});
