// Nothing a caller passes kills the process or leaks: a callback that
// throws or is not a function, a signal that is not an AbortSignal, Node
// flags a worker refuses, one signal over many queued calls, and random
// input to every entry point.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { EventEmitter, getEventListeners } from 'node:events';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { loadPackage, pkgDir } from './helpers.js';

let Solver;
before(async () => {
  ({ Solver } = await loadPackage());
});

const want4453 = [-5, -5, -2, -3, -4, -2, -2];

test('an onProgress that throws rejects its call and leaves the solver usable', async (t) => {
  const s = await Solver.create({ tableMiB: 1 });
  t.after(() => s.close());
  const oops = new Error('the caller\'s bug');
  // The empty board searches long enough to report progress.
  await assert.rejects(s.analyze('', { onProgress: () => { throw oops; } }), (err) => err.cause === oops);
  assert.deepEqual(await s.analyze('4453'), want4453, 'after the throwing callback');
});

test('options of the wrong type are refused up front', async (t) => {
  const s = await Solver.create({ tableMiB: 1 });
  t.after(() => s.close());
  for (const [options, want] of [
    [{ onProgress: 'yes' }, /onProgress: want a function/],
    [{ onProgress: 17 }, /onProgress: want a function/],
    [{ onProgress: null }, /onProgress: want a function/],
    [{ signal: {} }, /signal: want an AbortSignal/],
    [{ signal: new EventEmitter() }, /signal: want an AbortSignal/],
    [{ signal: { aborted: false, addEventListener() {} } }, /signal: want an AbortSignal/],
    ['fast', /options: want an object/],
  ]) {
    for (const call of ['analyze', 'solve', 'solveWeak', 'bestMove', 'inspect']) {
      await assert.rejects(s[call]('4453', options), { name: 'TypeError', message: want }, `${call} with ${String(options?.signal ?? options?.onProgress ?? options)}`);
    }
  }
  assert.deepEqual(await s.analyze('4453'), want4453);
  s.close(); // nothing pending: close does not throw
  await assert.rejects(Solver.create({ book: 'yes' }), { name: 'TypeError' });
  await assert.rejects(Solver.create(null), { name: 'TypeError' });
});

test('one signal over many queued calls holds no listener once they are done', async (t) => {
  const s = await Solver.create({ tableMiB: 1 });
  t.after(() => s.close());
  const ac = new AbortController();
  const warnings = [];
  const onWarning = (w) => warnings.push(w.name);
  process.on('warning', onWarning);
  t.after(() => process.off('warning', onWarning));
  const calls = Array.from({ length: 10_000 }, () => s.solveWeak('4453', { signal: ac.signal }));
  const got = await Promise.all(calls);
  assert.ok(got.every((v) => v === -1), 'every call answered');
  assert.equal(getEventListeners(ac.signal, 'abort').length, 0, 'listeners left on the signal');
  await new Promise((r) => setImmediate(r));
  assert.ok(!warnings.includes('MaxListenersExceededWarning'), `warnings: ${warnings}`);
});

test('Node flags a worker refuses are not passed to it', () => {
  const url = pathToFileURL(resolve(pkgDir, 'node.js')).href;
  const script = `const { Solver } = await import(${JSON.stringify(url)});
    const s = await Solver.create({ tableMiB: 1 }); console.log(JSON.stringify(await s.analyze('4453'))); s.close();`;
  for (const flags of [
    ['--max-old-space-size=400', '--expose-gc', '--stack-size=900'],
    ['--max-semi-space-size=16', '--title', 'fourgen-test', '--abort-on-uncaught-exception', '--no-warnings'],
  ]) {
    const out = execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    assert.deepEqual(JSON.parse(out), want4453, `node ${flags.join(' ')}`);
  }
});

// rand is a small seeded generator, so that a failure repeats.
function rand(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x / 2 ** 32;
  };
}

// junk returns a random value of the kinds a caller might pass.
function junk(r, depth = 0) {
  const pick = Math.floor(r() * 14);
  const str = () => Array.from({ length: Math.floor(r() * 12) }, () => '0123456789,x.\n []-'[Math.floor(r() * 19)]).join('');
  switch (pick) {
    case 0: return str();
    case 1: return Array.from({ length: Math.floor(r() * 10) }, () => Math.floor(r() * 10) - 1);
    case 2: return depth < 2 ? Array.from({ length: Math.floor(r() * 7) }, () => junk(r, depth + 1)) : [];
    case 3: return { board: depth < 2 ? junk(r, depth + 1) : [] };
    case 4: return null;
    case 5: return undefined;
    case 6: return Math.floor(r() * 1e6) - 5e5;
    case 7: return r() * 3;
    case 8: return NaN;
    case 9: return Symbol('s');
    case 10: return () => 1;
    case 11: return { toString() { throw new Error('toString'); } };
    case 12: return '4'.repeat(Math.floor(r() * 50));
    default: return String.fromCharCode(...Array.from({ length: 4 }, () => Math.floor(r() * 0x10000)));
  }
}

test('random input to every entry point: each call settles, the solver and the process survive', async (t) => {
  const s = await Solver.create({ tableMiB: 1, workers: 2 });
  t.after(() => s.close());
  const r = rand(56);
  const calls = ['analyze', 'solve', 'solveWeak', 'bestMove', 'inspect'];
  const rss0 = process.memoryUsage().rss;
  for (let round = 0; round < 20; round++) {
    const batch = [];
    for (let i = 0; i < 25; i++) {
      const call = calls[Math.floor(r() * calls.length)];
      const options = r() < 0.5 ? undefined : { base: junk(r), signal: r() < 0.2 ? junk(r) : undefined, onProgress: r() < 0.2 ? junk(r) : undefined };
      let p;
      try {
        p = s[call](junk(r), options);
      } catch (err) {
        assert.fail(`${call} threw synchronously instead of rejecting: ${err}`);
      }
      batch.push(Promise.race([
        p.then(() => 'ok', (err) => (err instanceof Error ? 'refused' : `rejected with ${String(err)}`)),
        new Promise((res) => setTimeout(() => res('hung'), 60_000).unref()),
      ]));
    }
    for (const outcome of await Promise.all(batch)) assert.ok(outcome === 'ok' || outcome === 'refused', outcome);
  }
  assert.deepEqual(await s.analyze('4453'), want4453, 'the solver after the random calls');
  const grown = (process.memoryUsage().rss - rss0) / 2 ** 20;
  assert.ok(grown < 64, `memory grew by ${grown.toFixed(0)} MiB over 500 random calls`);
  for (const junkOptions of [{ tableMiB: -1 }, { workers: 0 }, { base: 2 }, { tableMiB: 1e9 }]) {
    await assert.rejects(Solver.create(junkOptions), RangeError);
  }
});

test('a deep book that is missing, corrupt or of another format version is reported and ignored', async (t) => {
  const { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const book = readFileSync(resolve(pkgDir, 'fourgen-book.fgb'));
  const other = Buffer.from(book);
  other[6]++; // the format version
  const corrupt = Buffer.from(book);
  corrupt[corrupt.length - 1] ^= 1;
  for (const [name, bytes, want] of [['missing', null, /cannot load the opening book/],
    ['other version', other, /format version/], ['corrupt', corrupt, /checksum/]]) {
    const dir = mkdtempSync(resolve(tmpdir(), 'fourgen-book-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(pkgDir, dir, { recursive: true });
    if (bytes) writeFileSync(resolve(dir, 'fourgen-book.fgb'), bytes);
    else rmSync(resolve(dir, 'fourgen-book.fgb'));
    const { Solver: Other } = await import(pathToFileURL(resolve(dir, 'node.js')).href);
    const s = await Other.create({ tableMiB: 1, book: true });
    t.after(() => s.close());
    const got = await s.book;
    assert.match(String(got.error), want, `${name}: ${JSON.stringify(got)}`);
    assert.deepEqual(await s.analyze('4453'), want4453, `${name}: the engine answers by search`);
  }
  const s = await Solver.create({ tableMiB: 1, book: true });
  t.after(() => s.close());
  assert.ok((await s.book).positions > 0, 'the package\'s own book loads');
});
