// Bad input is refused with an Error in the command's words, never a hang
// or a crash; options out of range are refused before a worker starts.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage } from './helpers.js';

let Solver;
let s;
let width; // of the engine's board, as it says: the positions below are of the classic board's
let height;
before(async () => {
  ({ Solver } = await loadPackage());
  s = await Solver.create({ tableMiB: 1 });
  ({ width, height } = await s.inspect(''));
});
after(() => s?.close());

test('bad positions are refused with the engine\'s reason', async () => {
  const cells = width * height;
  const off = width + 1;
  const cols = `want 1 to ${width}`;
  const cases = [
    ['44x', new RegExp(`^bad position: move 3 \\('x'\\): not a column \\(${cols}\\)$`)],
    ['4444444', /^bad position: move 7 \(4\): column 4 is full$/],
    ['1212121', /^the game is already won by player 1$/],
    ['4'.repeat(cells + 1), /^bad position: move 7 \(4\): column 4 is full$/], // the first refused move, not the length
    ['\u0000\u00ff\ufffd', /not a column/],
    ['4'.repeat(1 << 20), /request too long/], // as endless as a string gets: refused whole, at once
    [[4, 4, off], new RegExp(`^bad columns: move 3: column ${off} \\(1-based\\) is off the board \\(${cols}\\)$`)],
    [[0], /^bad columns: move 1: column 0 \(1-based\) is off the board/],
    [[4, '4'], /^bad columns: move 2 \(4\): not a whole number$/],
    [[4.5], /not a whole number/],
    [{ board: [0, 0] }, new RegExp(`^bad board: want ${cells} comma-separated cells`)],
    [{ board: Array(cells).fill(3) }, new RegExp(`^bad board: cell c1r${height} .*not a cell's value`)],
    ['1,,2', /^bad position: move 2/],
    ['0,0,0', /^bad position: move 1 \("0"\): column 0 is off the board/], // not 42 cells: moves, as c4 reads them
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
  for (const pos of [null, undefined, 4, {}, { moves: '4' }, new Uint8Array(3)]) {
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

test('a closed solver refuses requests, and ends those in flight', async () => {
  const c = await Solver.create({ tableMiB: 1, workers: 2 });
  const inFlight = c.solve('');
  const queued = [c.analyze('4453'), c.analyze('4453'), c.analyze('4453')];
  c.close();
  for (const p of [inFlight, ...queued]) await assert.rejects(p, /the solver is closed/);
  await assert.rejects(c.analyze('4453'), /the solver is closed/);
});

test('a Kaggle configuration of another board or rule is refused, naming the build that plays it', async () => {
  const { inarow } = s.rule;
  assert.equal(s.rule.width, width);
  assert.equal(s.rule.height, height);
  const own = { rows: height, columns: width, inarow };
  const rule = `${inarow === 4 ? 'four' : inarow} in a row`;
  const other = inarow + 1;
  const make = (w, h, k) => `make npm SIZE=${w}x${h}${k === 4 ? '' : ` K=${k}`} builds one that plays it`;
  assert.equal((await s.inspect({ board: Array(width * height).fill(0) }, { configuration: own })).status, 'playing');
  const cases = [
    [{ ...own, inarow: other }, `configuration: inarow ${other}: this build plays ${width}\u00d7${height}, ${rule}; ${make(width, height, other)}`],
    [{ ...own, columns: width + 1 }, `configuration: a board of ${width + 1} columns \u00d7 ${height} rows: this build plays ${width}\u00d7${height}, ${rule}; ${make(width + 1, height, inarow)}`],
    [{ ...own, inarow: 2 }, /inarow 2: .* no build of fourgen plays it$/],
    [{ ...own, rows: '6' }, /no build of fourgen plays it$/],
  ];
  for (const [configuration, want] of cases) {
    assert.throws(() => s.checkConfiguration(configuration), typeof want === 'string' ? { message: want } : want);
    await assert.rejects(s.bestMove({ board: Array(width * height).fill(0) }, { base: 0, configuration }), typeof want === 'string' ? { message: want } : want);
  }
  assert.throws(() => s.checkConfiguration(null), TypeError);
});
