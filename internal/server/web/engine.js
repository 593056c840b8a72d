// The engine in this browser: fourgen's engine compiled to WebAssembly
// (command c4wasm, file fourgen.wasm), run by Web Workers
// (engine-worker.js), each an instance with its own transposition table.
// An analysis is shared out among up to MAX_WORKERS solving workers, a
// column at a time, and the columns' scores merged into the analysis by
// the engine itself; a small worker answers inspections, merges and the
// agents' moves. A request cannot be interrupted inside a worker: to stop
// one (the position changed), the page terminates the worker and starts
// another from the module compiled once.

import { APIError } from './api.js';

const MAX_WORKERS = 4; // solving workers at most, whatever the device has
export const DEFAULT_TABLE_MIB = 64; // per solving worker
export const MAX_TABLE_MIB = 256;
const MAX_SHOWN = 40; // characters of a bad link parameter quoted back
const SMALL_TABLE_MIB = 1; // the worker of inspections, merges and moves (an agent brings its own table)

const abortError = () => new DOMException('the request was stopped', 'AbortError');

// compileModule fetches and compiles fourgen.wasm, once for all workers.
async function compileModule() {
  const res = await fetch('fourgen.wasm');
  if (!res.ok) throw new APIError(500, `cannot load the engine (fourgen.wasm): HTTP ${res.status}`, 0, null);
  if (WebAssembly.compileStreaming && (res.headers.get('Content-Type') || '').startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(res);
  }
  return WebAssembly.compile(await res.arrayBuffer()); // a host that serves .wasm with another type
}

// Runner is one Web Worker and the requests it is running (one at a time).
class Runner {
  constructor(module, tableMiB) {
    this.module = module;
    this.tableMiB = tableMiB;
    this.next = 0;
    this.busy = false;
    this.start();
  }

  start() {
    this.worker = new Worker('engine-worker.js');
    this.pending = new Map(); // id -> { resolve, reject, onProgress }
    this.worker.onmessage = (e) => {
      const m = e.data;
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.progress !== undefined) {
        if (p.onProgress) p.onProgress(JSON.parse(m.progress));
        return;
      }
      this.pending.delete(m.id);
      const j = JSON.parse(m.body);
      if (m.status === 200) p.resolve(j);
      else p.reject(new APIError(m.status, j.error, 0, j.validMoves ?? null));
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.fail(`the engine's worker failed: ${e.message || 'out of memory?'}`);
    };
    this.worker.postMessage({ init: { module: this.module, tableMiB: this.tableMiB } });
  }

  // fail rejects every request in flight and starts a fresh worker.
  fail(msg) {
    const pending = this.pending;
    this.worker.terminate();
    this.start();
    for (const p of pending.values()) p.reject(new APIError(500, msg, 0, null));
  }

  // run sends request (an object) and resolves with the answer's JSON;
  // aborting signal terminates the worker (and starts a fresh one).
  run(request, signal, onProgress) {
    return new Promise((resolve, reject) => {
      if (signal && signal.aborted) return reject(abortError());
      const id = ++this.next;
      const onAbort = () => {
        if (!this.pending.has(id)) return;
        this.pending.delete(id);
        const others = this.pending;
        this.worker.terminate();
        this.start();
        for (const p of others.values()) p.reject(abortError());
        reject(abortError());
      };
      const done = (f) => (v) => {
        if (signal) signal.removeEventListener('abort', onAbort);
        f(v);
      };
      this.pending.set(id, { resolve: done(resolve), reject: done(reject), onProgress });
      if (signal) signal.addEventListener('abort', onAbort, { once: true });
      this.worker.postMessage({ id, request: JSON.stringify(request) });
    });
  }
}

// Pool hands requests to idle runners, the waiting ones in turn.
class Pool {
  constructor(n, module, tableMiB) {
    this.runners = Array.from({ length: n }, () => new Runner(module, tableMiB));
    this.waiting = [];
  }

  // acquire resolves with an idle runner, marked busy.
  acquire(signal) {
    const idle = this.runners.find((r) => !r.busy);
    if (idle) {
      idle.busy = true;
      return Promise.resolve(idle);
    }
    return new Promise((resolve, reject) => {
      const w = { resolve, signal };
      this.waiting.push(w);
      if (signal) {
        signal.addEventListener('abort', () => {
          this.waiting = this.waiting.filter((x) => x !== w);
          reject(abortError());
        }, { once: true });
      }
    });
  }

  release(r) {
    r.busy = false;
    while (this.waiting.length) {
      const w = this.waiting.shift();
      if (w.signal && w.signal.aborted) continue;
      r.busy = true;
      w.resolve(r);
      return;
    }
  }

  async run(request, signal, onProgress) {
    const r = await this.acquire(signal);
    try {
      return await r.run(request, signal, onProgress);
    } finally {
      this.release(r);
    }
  }
}

// readSetting reads a whole-number link parameter in [lo, hi], returning
// def and a problem when it is something else.
function readSetting(q, name, def, lo, hi, what) {
  const v = q.get(name);
  if (v === null) return [def, ''];
  const n = Number(v);
  if (Number.isInteger(n) && n >= lo && n <= hi) return [n, ''];
  return [def, `The link's ?${name}=${v.slice(0, MAX_SHOWN)} is not ${what} from ${lo} to ${hi}: using ${def}.`];
}

// wasmEngine returns the engine in this browser, with the settings of the
// link q: ?workers=N solving workers (default: the device's cores, at most
// MAX_WORKERS), ?table=MiB per solving worker.
export function wasmEngine(q) {
  const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, MAX_WORKERS));
  const [workers, p1] = readSetting(q, 'workers', cores, 1, MAX_WORKERS, 'a number of workers');
  const [tableMiB, p2] = readSetting(q, 'table', DEFAULT_TABLE_MIB, 1, MAX_TABLE_MIB, 'a table size in MiB');
  let pools = null;
  const started = () => {
    if (!pools) {
      pools = compileModule().then((module) => ({
        small: new Pool(1, module, SMALL_TABLE_MIB),
        solvers: new Pool(workers, module, tableMiB),
      }));
    }
    return pools;
  };
  return {
    name: 'wasm',
    workers,
    tableMiB,
    problems: [p1, p2].filter((m) => m).join(' '),
    describe: () => `Solved in this browser (WebAssembly): ${workers} worker${workers === 1 ? '' : 's'}` +
      ` of ${navigator.hardwareConcurrency || 'an unknown number of'} cores, a ${tableMiB} MiB table each.`,
    async inspect(pos, signal) {
      return (await started()).small.run({ op: 'inspect', pos }, signal);
    },
    async move(params, signal) {
      return (await started()).small.run({ op: 'move', ...params }, signal);
    },
    async analyze(pos, signal, onProgress) {
      const { small, solvers } = await started();
      const start = performance.now();
      if (workers === 1) return solvers.run({ op: 'analyze', pos }, signal, onProgress);
      const d = await small.run({ op: 'inspect', pos }, signal);
      if (d.status !== 'playing') return small.run({ op: 'analyze', pos }, signal);
      // Centre columns first: they take longest, as a rule.
      const centre = (d.width - 1) / 2;
      const queue = [...d.legalColumns].sort((a, b) => Math.abs(a - 1 - centre) - Math.abs(b - 1 - centre));
      const nodes = new Map(); // column -> nodes so far
      const total = () => [...nodes.values()].reduce((a, b) => a + b, 0);
      const micros = () => Math.round((performance.now() - start) * 1000);
      const parts = [];
      const solveSome = async () => {
        for (let col = queue.shift(); col !== undefined; col = queue.shift()) {
          const part = await solvers.run({ op: 'column', pos, column: col }, signal, (pr) => {
            nodes.set(col, pr.nodes);
            onProgress({ ...pr, nodes: total(), micros: micros() });
          });
          nodes.set(col, part.nodes);
          parts.push(part);
          onProgress({ column: col, lo: part.score, hi: part.score, nodes: total(), micros: micros() });
        }
      };
      await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, solveSome));
      return small.run({ op: 'merge', pos, parts, micros: micros() }, signal);
    },
  };
}
