// What the package's tests share: the package under test (make npm's
// bin/npm, or $FOURGEN_NPM), the reference data (../shared/testdata from
// the repository's root, or $FOURGEN_TESTDATA), read at test time as the
// Go tests read it (internal/reftest), and positions drawn as boards.

import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve, dirname } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');

// pkgDir is the folder of the package under test.
export const pkgDir = resolve(process.env.FOURGEN_NPM || resolve(root, 'bin', 'npm'));

// loadPackage imports the package under test (its Node entry); it fails naming the fix
// when make npm has not built it.
export async function loadPackage() {
  if (!existsSync(resolve(pkgDir, 'fourgen.wasm'))) {
    throw new Error(`${pkgDir} holds no package: run make npm (or set FOURGEN_NPM)`);
  }
  return import(pathToFileURL(resolve(pkgDir, 'node.js')).href);
}

const testdata = resolve(process.env.FOURGEN_TESTDATA || resolve(root, '..', 'shared', 'testdata'));

// refLines returns the first n lines of the reference file rel (of those
// whose positions have the given number of stones, when stones is given),
// each split into its move string and its numbers, or skips t without the
// data (fails it when $FOURGEN_REQUIRE_TESTDATA is set, as CI sets it).
export function refLines(t, rel, n, stones) {
  const file = resolve(testdata, rel);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (process.env.FOURGEN_REQUIRE_TESTDATA) throw new Error(`the reference data is required: ${err.message}`);
    t.skip(`SKIP: no reference data: ${err.message}`);
    return [];
  }
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => {
    const [moves, ...nums] = l.trim().split(/\s+/);
    return { moves, nums: nums.map(Number) };
  }).filter(({ moves }) => stones === undefined || moves.length === stones).slice(0, n);
}

// slowLines returns the first n positions of 11 stones of Pascal Pons's
// Test_L1_R3 (as refLines does): the embedded book's own stone count, so
// an analysis searches every child, one stone past the book. The first of
// them, with a table of 1 MiB, searches 2.4 M nodes: a quarter of a second
// natively, over half a second in WebAssembly.
export const slowLines = (t, n) => refLines(t, 'pons/Test_L1_R3', n, 11);

// scoresOf is a reference analysis as the package answers it: null for a
// full column (-1000 in the file).
export const scoresOf = (nums) => nums.map((v) => (v === -1000 ? null : v));

// cellsOf draws moves as Kaggle's board of width × height cells, the top
// row first, 1 and 2 for the players' stones.
export function cellsOf(moves, width, height) {
  const cells = Array(width * height).fill(0);
  const heights = Array(width).fill(0);
  [...moves].forEach((ch, i) => {
    const col = Number(ch) - 1;
    cells[(height - 1 - heights[col]) * width + col] = (i % 2) + 1;
    heights[col]++;
  });
  return cells;
}
