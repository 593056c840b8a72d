// The engine's plumbing: fourgen.wasm (command c4wasm) compiled once per
// page or process, the deep opening book read once, and the workers that
// run the engine, each an instance with its own table. A worker answers
// one request at a time; a request cannot be interrupted inside it, so
// stopping one terminates the worker and starts another from the module
// compiled once.
//
// This module is the browser's: it imports no node: module, so that a
// bundler needs no flag. In Node the package's entry is node.js, which
// hands this module Node's ways to read files and start workers
// (engine-node.js) before anything runs.

let platform = null; // Node's, set by node.js; null: the browser's

// usePlatform makes p ({ compile, readBook, spawn }) how the engine is
// loaded and run.
export function usePlatform(p) {
  platform = p;
}

// bookByDefault says whether a solver loads the deep book unless told: in
// a browser it does; in Node it costs a worker about 36 MB, which a solver
// asks for with { book: true } (docs/npm.md).
export const bookByDefault = () => !platform;

// scriptBase is the address of the classic script this module was bundled
// into, if it was (esbuild's default format, an IIFE, leaves import.meta
// empty): the package's files are then looked for beside it.
const scriptBase = typeof document === 'object' && document?.currentScript?.src;

// beside returns the address of a file of the package: make() writes it
// out whole (new URL('./f', import.meta.url)), as bundlers recognise
// the files a module needs; in an IIFE bundle, name beside the script.
function beside(make, name) {
  try {
    return make();
  } catch (err) {
    if (!scriptBase) throw err;
    return new URL(name, scriptBase);
  }
}

// startWorker starts the module worker at script, which may be of another
// origin (a CDN): then from a module of the page's own that imports it.
function startWorker(script) {
  try {
    return new Worker(script, { type: 'module' });
  } catch (err) {
    const blob = new Blob([`import ${JSON.stringify(script.href)};`], { type: 'text/javascript' });
    return new Worker(URL.createObjectURL(blob), { type: 'module' });
  }
}

const browser = { compile: compileFetched, spawn: spawnWebWorker };
const current = () => platform ?? browser;

let compiled = null; // the promise of the compiled module, shared by every Solver
let book = null; // the browser's: the promise of the deep book's bytes, fetched once

// engineModule compiles fourgen.wasm, once for every solver and board of
// the page or process.
export function engineModule() {
  if (!compiled) {
    compiled = current().compile().catch((err) => {
      compiled = null; // a later Solver.create tries again
      throw err;
    });
  }
  return compiled;
}

// deepBook resolves with the bytes of the deep opening book
// (fourgen-book.fgb beside fourgen.wasm), a copy of its own for each
// worker (it is transferred to the worker, so no copy stays behind).
export function deepBook() {
  if (platform) return platform.readBook(); // a file: read again, held by nobody once loaded
  if (!book) book = fetchBook();
  return book.then((bytes) => bytes.slice());
}

// spawn starts a worker running the engine. It returns the worker as
// { post(message, transfer), terminate(), hold(busy) }: hold(false) lets a Node
// process exit while the worker waits for work.
export function spawn(onMessage, onFailure) {
  return current().spawn(onMessage, onFailure);
}

async function compileFetched() {
  const url = beside(() => new URL('./fourgen.wasm', import.meta.url), './fourgen.wasm');
  const res = await fetch(url);
  if (!res.ok) throw new Error(`cannot load the engine (${url}): HTTP ${res.status}`);
  if (WebAssembly.compileStreaming && (res.headers.get('Content-Type') || '').startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(res);
  }
  return WebAssembly.compile(await res.arrayBuffer()); // a host that serves .wasm with another type
}

async function fetchBook() {
  const url = beside(() => new URL('./fourgen-book.fgb', import.meta.url), './fourgen-book.fgb');
  const res = await fetch(url);
  if (!res.ok) throw new Error(`cannot load the opening book (${url}): HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

function spawnWebWorker(onMessage, onFailure) {
  let w;
  try {
    // Written out whole, as bundlers (Vite, webpack) recognise a worker.
    w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  } catch (err) {
    w = startWorker(beside(() => new URL('./worker.js', import.meta.url), './worker.js'));
  }
  w.onmessage = (e) => onMessage(e.data);
  w.onerror = (e) => {
    e.preventDefault();
    onFailure(e.message || 'out of memory?');
  };
  return { post: (m, transfer) => w.postMessage(m, transfer), terminate: () => w.terminate(), hold: () => {} };
}
