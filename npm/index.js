// fourgen's Connect-4 engine for JavaScript: the exact solver of the c4
// command, compiled to WebAssembly, run off the main thread (Web Workers in
// a browser, worker_threads in Node). See README.md.

import { bookByDefault, deepBook, engineModule, spawn } from './engine.js';

// DEFAULT_TABLE_MIB keeps a solver with default options under 100 MB of
// memory in Node (docs/npm.md); tableMiB asks for more.
const DEFAULT_TABLE_MIB = 2;
const MAX_TABLE_MIB = 256; // the engine's own limit (c4wasm)
const MAX_WORKERS = 16;

const abortReason = (signal) => signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

// BOOK_QUIET_MS is how long a worker must have been idle before it is
// handed the deep book: reading it takes the worker 0.1 to 0.2 s, which
// should not stand before the first answers (the small book and the
// search give them meanwhile).
const BOOK_QUIET_MS = 50;

// Runner is one worker and the request it runs.
class Runner {
  // module: the promise of the compiled engine (the worker is started
  // while it compiles); useBook: whether the worker gets the deep book
  // once it is read.
  constructor(module, tableMiB, useBook) {
    this.module = module;
    this.tableMiB = tableMiB;
    this.useBook = useBook;
    // Resolves with what became of the deep book in the first worker:
    // { plies, positions } once loaded, or { error } (the worker goes on
    // without it, answering by search).
    this.book = new Promise((resolve) => { this.bookDone = resolve; });
    if (!useBook) this.bookDone({ error: 'not asked for' });
    this.bookAsked = false; // readBook was called: a restarted worker reads the book again
    this.bookReading = false;
    this.bookBytes = null; // the deep book, read, until the worker is idle
    this.bookTimer = null;
    this.next = 0;
    this.pending = new Map(); // id -> { resolve, reject, onProgress }
    this.worker = null;
    this.closed = false;
    this.broken = ''; // why the worker could not start, if it could not
    this.starting = null; // set by begin
  }

  // begin starts the worker; requests wait for it.
  begin() {
    this.starting = this.start();
    this.starting.catch(() => {}); // the requests waiting for it say why
    return this.starting;
  }

  // start starts a worker with the engine.
  async start() {
    this.worker = null;
    this.answered = false;
    this.loadingBook = false;
    const w = await spawn((m) => this.receive(m), (msg) => this.fail(`the engine's worker failed: ${msg}`));
    let module;
    try {
      module = await this.module; // the worker's scripts load meanwhile
    } catch (err) {
      w.terminate();
      throw err;
    }
    if (this.closed) return w.terminate();
    w.post({ init: { module, tableMiB: this.tableMiB } });
    this.worker = w;
    if (this.bookAsked && !this.bookBytes) this.readBook(); // a fresh worker after a restart
  }

  // readBook reads the deep book, if asked for, and hands it to the
  // worker once it is idle (see BOOK_QUIET_MS).
  readBook() {
    if (!this.useBook || this.closed || this.bookReading) return;
    this.bookAsked = true;
    this.bookReading = true;
    deepBook().then((bytes) => {
      this.bookReading = false;
      if (this.closed) return;
      this.bookBytes = bytes;
      this.offerBook();
    }, (err) => {
      this.bookReading = false;
      this.bookDone({ error: err.message });
    });
  }

  // offerBook hands the worker the deep book if it has been idle for
  // BOOK_QUIET_MS, and otherwise tries again once it is.
  offerBook() {
    if (!this.bookBytes || this.bookTimer || this.pending.size > 0) return;
    this.bookTimer = setTimeout(() => {
      this.bookTimer = null;
      const w = this.worker;
      if (this.closed || !this.bookBytes || !w || this.pending.size > 0) return; // offered again when idle
      const bytes = this.bookBytes;
      this.bookBytes = null;
      this.loadingBook = true;
      w.hold(true); // a Node process waits for the book's answer (await solver.book)
      w.post({ book: bytes }, [bytes.buffer]);
    }, BOOK_QUIET_MS);
  }

  receive(m) {
    if (m.book) {
      this.loadingBook = false;
      if (this.pending.size === 0 && this.worker) this.worker.hold(false);
      this.bookDone(m.status === 200 ? JSON.parse(m.body) : { error: JSON.parse(m.body).error });
      return;
    }
    this.answered = true;
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.progress !== undefined) {
      if (!p.onProgress) return;
      try {
        p.onProgress(JSON.parse(m.progress));
      } catch (err) {
        // The caller's callback threw: that call rejects with its error,
        // its solve is stopped, and the solver goes on.
        p.onProgress = null;
        const why = new Error(`onProgress threw: ${err?.message ?? String(err)}`, { cause: err });
        this.restart((q) => q.reject(why));
      }
      return;
    }
    this.pending.delete(m.id);
    const j = JSON.parse(m.body);
    if (m.status === 200) p.resolve(j);
    else p.reject(engineError(m.status, j));
  }

  // fail rejects the requests in flight with msg and starts a fresh
  // worker, unless this one failed before it answered anything: then the
  // runner is broken, and refuses every request with msg.
  fail(msg) {
    if (!this.answered) {
      this.broken = msg;
      this.bookDone({ error: msg });
      if (this.worker) this.worker.terminate();
      for (const p of this.pending.values()) p.reject(new Error(msg));
      this.pending.clear();
      return;
    }
    this.restart((p) => p.reject(new Error(msg)));
  }

  // restart ends the worker, starts another and hands each request in
  // flight to each.
  restart(each) {
    if (this.closed) return;
    const pending = this.pending;
    this.pending = new Map();
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.begin();
    for (const p of pending.values()) each(p);
  }

  // run sends request (an object) and resolves with the answer's JSON;
  // aborting signal terminates the worker and starts a fresh one.
  async run(request, signal, onProgress) {
    await (this.starting ?? this.begin());
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('the solver is closed'));
      if (this.broken) return reject(new Error(this.broken));
      if (signal?.aborted) return reject(abortReason(signal));
      const id = ++this.next;
      const onAbort = () => {
        if (!this.pending.has(id)) return;
        this.restart((p) => p.reject(abortReason(signal)));
      };
      const done = (f) => (v) => {
        signal?.removeEventListener('abort', onAbort);
        if (this.pending.size === 0 && !this.loadingBook && this.worker) this.worker.hold(false);
        this.offerBook();
        f(v);
      };
      this.pending.set(id, { resolve: done(resolve), reject: done(reject), onProgress });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.worker.hold(true);
      this.worker.post({ id, request: JSON.stringify(request) });
    });
  }

  close() {
    this.closed = true;
    clearTimeout(this.bookTimer);
    this.bookBytes = null;
    this.bookDone({ error: 'the solver is closed' });
    if (this.worker) this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('the solver is closed'));
    this.pending.clear();
  }
}

// engineError is the Error of an engine's error answer, with the
// command's wording; validMoves, for a refused position, says how many of
// its first moves can be played.
function engineError(status, j) {
  const err = new Error(j.error);
  err.status = status; // 400: the request was refused; 500: the engine failed
  if (j.validMoves !== undefined) err.validMoves = j.validMoves;
  return err;
}

// wholeNumber checks an option.
function wholeNumber(name, v, def, lo, hi) {
  if (v === undefined) return def;
  if (!Number.isInteger(v) || v < lo || v > hi) {
    throw new RangeError(`${name}: want a whole number from ${lo} to ${hi}, got ${String(v)}`);
  }
  return v;
}

// baseOf checks a base option: 0 or 1.
function baseOf(v, def) {
  if (v === undefined) return def;
  if (v !== 0 && v !== 1) throw new RangeError(`base: want 0 or 1, got ${String(v)}`);
  return v;
}

// positionOf turns a position as the API takes it into the fields of an
// engine request: text (a move string, with or without commas, a board's
// cells or a text grid, which the engine tells apart as c4 reads them),
// the columns played (from base), a Kaggle board (an object with board, as
// observation is) or a grid (rows, the top one first).
function positionOf(position, base) {
  if (typeof position === 'string') return { text: position };
  if (Array.isArray(position)) {
    if (position.length > 0 && position.every(Array.isArray)) return { board: JSON.stringify(position.flat()) };
    position.forEach((c, i) => {
      if (!Number.isInteger(c)) throw new Error(`bad columns: move ${i + 1} (${String(c)}): not a whole number`);
    });
    return { columns: position, base };
  }
  if (position !== null && typeof position === 'object' && 'board' in position) {
    const b = position.board;
    if (typeof b === 'string') return { board: b };
    if (Array.isArray(b)) return { board: JSON.stringify(b.flat()) };
  }
  throw new TypeError('bad position: want a move string ("4453"), an array of columns, ' +
    'a grid (an array of rows, the top one first) or an object with a board (Kaggle\'s observation)');
}

// requestOptions checks the options of a request: a signal must be an
// AbortSignal and onProgress a function, refused up front otherwise.
function requestOptions(options) {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') throw new TypeError(`options: want an object, got ${typeof options}`);
  const { signal, onProgress } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError('signal: want an AbortSignal (new AbortController().signal)');
  }
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new TypeError(`onProgress: want a function, got ${onProgress === null ? 'null' : typeof onProgress}`);
  }
  return options;
}

// Solver is fourgen's exact solver in workers of their own.
export class Solver {
  // create starts a solver: workers workers (default 1), each with a
  // transposition table of tableMiB MiB (1 to 256, default 2); base
  // (0 or 1, default 1) is how column arrays and bestMove count columns;
  // book loads the deep opening book after start-up (default: in a
  // browser, yes; in Node, no).
  static async create(options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('options: want an object');
    const tableMiB = wholeNumber('tableMiB', options.tableMiB, DEFAULT_TABLE_MIB, 1, MAX_TABLE_MIB);
    const workers = wholeNumber('workers', options.workers, 1, 1, MAX_WORKERS);
    const base = baseOf(options.base, 1);
    if (options.book !== undefined && typeof options.book !== 'boolean') {
      throw new TypeError(`book: want true or false, got ${String(options.book)}`);
    }
    // The first worker starts while the engine compiles; the others
    // once it has answered, so that they do not slow the first answer
    // down (every worker's engine starts on the same cores). Until a
    // worker has started, requests go to those that have.
    const module = engineModule();
    const s = new Solver(module, tableMiB, workers, base, options.book ?? bookByDefault());
    const [first, ...rest] = s.runners;
    try {
      const v = await first.run({ op: 'version' }); // rejects with the compile's error, if it failed
      s.version = v.version;
      s.rule = { width: v.width, height: v.height, inarow: v.inarow };
    } catch (err) {
      s.close();
      throw err;
    }
    s.admit(first);
    for (const r of rest) {
      r.run({ op: 'version' }).then(() => s.admit(r), () => {}); // a worker that cannot start is left out
    }
    return s;
  }

  constructor(module, tableMiB, workers, base, useBook) {
    this.tableMiB = tableMiB;
    this.workers = workers;
    this.base = base;
    this.version = '';
    this.rule = null; // { width, height, inarow }: the board and rule of this build
    // Every runner is busy until admit says it has started.
    this.runners = Array.from({ length: workers }, () => Object.assign(new Runner(module, tableMiB, useBook), { busy: true }));
    this.runners[0].begin();
    // What became of the deep book: { plies, positions } once the workers
    // have it, { error } when it could not be read or was refused.
    this.book = this.runners[0].book;
    this.waiting = [];
    this.held = new Map(); // signal -> { waiters, onAbort }: see acquire
    this.closed = false;
  }

  // admit lets requests use r, whose worker has started, and has it read
  // the deep book (if asked for) for when it is idle.
  admit(r) {
    if (this.closed) return;
    r.readBook();
    this.release(r);
  }

  // acquire resolves with an idle runner, marked busy. The requests
  // waiting for one with the same signal share one listener on it, taken
  // off once none of them waits.
  acquire(signal) {
    if (this.closed) return Promise.reject(new Error('the solver is closed'));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const idle = this.runners.find((r) => !r.busy);
    if (idle) {
      idle.busy = true;
      return Promise.resolve(idle);
    }
    return new Promise((resolve, reject) => {
      const w = { resolve, reject, signal };
      this.waiting.push(w);
      if (!signal) return;
      let held = this.held.get(signal);
      if (!held) {
        held = { waiters: new Set() };
        held.onAbort = () => {
          this.held.delete(signal);
          this.waiting = this.waiting.filter((x) => !held.waiters.has(x));
          for (const x of held.waiters) x.reject(abortReason(signal));
        };
        this.held.set(signal, held);
        signal.addEventListener('abort', held.onAbort, { once: true });
      }
      held.waiters.add(w);
    });
  }

  // leave takes w, which waited for a runner, off its signal's listener.
  leave(w) {
    const held = w.signal && this.held.get(w.signal);
    if (!held) return;
    held.waiters.delete(w);
    if (held.waiters.size === 0) {
      w.signal.removeEventListener('abort', held.onAbort);
      this.held.delete(w.signal);
    }
  }

  release(r) {
    r.busy = false;
    while (this.waiting.length) {
      const w = this.waiting.shift();
      this.leave(w);
      if (w.signal?.aborted) continue;
      r.busy = true;
      w.resolve(r);
      return;
    }
  }

  // request runs an engine request about position on an idle worker,
  // with the fields of more.
  // (The static page of c4 serve asks with it for the ops of the JSON API.)
  async request(op, position, options, more = {}) {
    options = requestOptions(options);
    if (options.configuration !== undefined) this.checkConfiguration(options.configuration);
    const req = { op, ...positionOf(position, baseOf(options.base, this.base)), ...more };
    const r = await this.acquire(options.signal);
    try {
      return await r.run(req, options.signal, options.onProgress);
    } finally {
      this.release(r);
    }
  }

  // solve resolves with the exact score of position for the side to move,
  // as c4 solve prints it.
  async solve(position, options) {
    return (await this.request('solve', position, options)).score;
  }

  // solveWeak resolves with the outcome of position: 1 win, 0 draw, -1 loss.
  async solveWeak(position, options) {
    return (await this.request('solveWeak', position, options)).score;
  }

  // analyze resolves with the score of playing each column, as c4 analyze
  // prints them, null for a full column. With several workers they share
  // out the columns (shareColumns).
  async analyze(position, options) {
    options = requestOptions(options);
    if (this.workers === 1) return (await this.request('scores', position, options)).scores;
    const d = await this.request('inspect', position, options);
    if (d.status !== 'playing') return (await this.request('scores', d.pos, options)).scores;
    const scores = Array(d.width).fill(null);
    for (const part of (await this.shareColumns(d, options)).parts) scores[part.column - 1] = part.score;
    return scores;
  }

  // analysis resolves with the engine's whole analysis of position, the
  // JSON of c4 serve's /api/analyze (scores, best, nodes, micros, the
  // position's description and inspection). With several workers they
  // share out the columns (shareColumns) and the engine merges their
  // scores; micros is then the solve's time only. (The static page of
  // c4 serve analyses with it.)
  async analysis(position, options) {
    options = requestOptions(options);
    if (this.workers === 1) return this.request('analyze', position, options);
    const d = await this.request('inspect', position, options);
    if (d.status !== 'playing') return this.request('analyze', d.pos, options);
    const { parts, micros } = await this.shareColumns(d, options);
    return this.request('merge', d.pos, { signal: options.signal }, { parts, micros });
  }

  // shareColumns solves the legal columns of d (the engine's inspect
  // answer) on the workers, each taking the next column as it finishes
  // one, the centre's first (they take longest, as a rule). It resolves
  // with the columns' answers (parts: column, score, nodes, micros) and
  // micros, the time of the solve: each worker's columns one after
  // another, the workers side by side (not the engine's start-up, nor
  // waiting). onProgress gets each column's progress, nodes and micros
  // counted over all, and each column's score once solved.
  async shareColumns(d, options) {
    const { signal, onProgress } = options;
    const centre = (d.width - 1) / 2;
    const queue = [...d.legalColumns].sort((a, b) => Math.abs(a - 1 - centre) - Math.abs(b - 1 - centre));
    const nodes = new Map(); // column -> nodes so far
    const total = () => [...nodes.values()].reduce((a, b) => a + b, 0);
    const busy = Array(Math.min(this.workers, queue.length)).fill(0); // µs each worker has solved
    const micros = () => Math.max(...busy);
    const parts = [];
    const solveSome = async (_, w) => {
      for (let col = queue.shift(); col !== undefined; col = queue.shift()) {
        const done = busy[w];
        const part = await this.request('column', d.pos, {
          signal,
          onProgress: onProgress && ((pr) => {
            nodes.set(col, pr.nodes);
            busy[w] = Math.max(busy[w], done + pr.micros);
            onProgress({ ...pr, nodes: total(), micros: micros() });
          }),
        }, { column: col });
        nodes.set(col, part.nodes);
        busy[w] = done + part.micros;
        parts.push(part);
        if (onProgress) onProgress({ column: col, lo: part.score, hi: part.score, nodes: total(), micros: micros() });
      }
    };
    await Promise.all(busy.map(solveSome));
    return { parts, micros: micros() };
  }

  // bestMove resolves with a best column of position (counted from base,
  // the nearest the centre among equals) and its score.
  async bestMove(position, options) {
    options = requestOptions(options);
    const b = await this.request('bestMove', position, options);
    return { column: b.column - 1 + baseOf(options.base, this.base), score: b.score };
  }

  // checkConfiguration throws unless configuration (Kaggle ConnectX's:
  // rows, columns, inarow) is this build's board and rule, naming the
  // make line of the package that plays it. Requests given
  // { configuration } check it first.
  checkConfiguration(configuration) {
    if (configuration === null || typeof configuration !== 'object') {
      throw new TypeError('configuration: want an object with rows, columns and inarow (Kaggle ConnectX\'s)');
    }
    const { rows, columns, inarow } = configuration;
    const { width, height, inarow: k } = this.rule;
    if (rows === height && columns === width && inarow === k) return;
    const plays = `this build plays ${width}\u00d7${height}, ${k === 4 ? 'four' : k} in a row`;
    const n = (v) => Number.isInteger(v);
    // The boards make builds: 4 to 12 columns, 4 rows or more, at most 128
    // bits with a guard row, and 3 to the longest line in a row.
    const buildable = n(rows) && n(columns) && n(inarow) && columns >= 4 && columns <= 12 && rows >= 4 &&
      columns * (rows + 1) <= 128 && inarow >= 3 && inarow <= Math.max(rows, columns);
    const build = buildable
      ? `make npm SIZE=${columns}x${rows}${inarow === 4 ? '' : ` K=${inarow}`} builds one that plays it`
      : 'no build of fourgen plays it';
    const what = rows === height && columns === width ? `inarow ${String(inarow)}` : `a board of ${String(columns)} columns \u00d7 ${String(rows)} rows`;
    throw new Error(`configuration: ${what}: ${plays}; ${build}`);
  }

  // inspect resolves with what the rules say about position, without
  // solving: its move string, the stones of each column, whose turn it is,
  // whether it is won or drawn, the legal columns (1-based).
  async inspect(position, options) {
    const d = await this.request('inspect', position, options);
    return {
      moves: d.pos, width: d.width, height: d.height, toMove: d.toMove, status: d.status, winner: d.winner ?? null,
      board: d.board, fours: d.fours, legalColumns: d.legalColumns, columns: d.columns,
    };
  }

  // close ends the workers; requests in flight are rejected.
  close() {
    this.closed = true;
    for (const r of this.runners) r.close();
    for (const w of this.waiting) {
      this.leave(w);
      w.reject(new Error('the solver is closed'));
    }
    this.waiting = [];
  }
}
