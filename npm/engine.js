// The engine's plumbing: fourgen.wasm (command c4wasm) compiled once per
// page or process, and the workers that run it, Web Workers in a browser
// and worker_threads in Node, each an instance with its own table. A
// worker answers one request at a time; a request cannot be interrupted
// inside it, so stopping one terminates the worker and starts another from
// the module compiled once.

const inNode = typeof process === 'object' && process !== null && typeof process.versions?.node === 'string' &&
  typeof window === 'undefined';

let compiled = null; // the promise of the compiled module, shared by every Solver

// engineModule compiles fourgen.wasm, once for every solver and board of
// the page or process.
export function engineModule() {
  if (!compiled) {
    compiled = (inNode ? compileFile() : compileFetched()).catch((err) => {
      compiled = null; // a later Solver.create tries again
      throw err;
    });
  }
  return compiled;
}

async function compileFile() {
  const { readFile } = await import('node:fs/promises');
  const url = new URL('./fourgen.wasm', import.meta.url);
  let bytes;
  try {
    bytes = await readFile(url);
  } catch (err) {
    throw new Error(`cannot load the engine (${url.pathname}): ${err.message}`);
  }
  return WebAssembly.compile(bytes);
}

async function compileFetched() {
  const url = new URL('./fourgen.wasm', import.meta.url);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`cannot load the engine (${url}): HTTP ${res.status}`);
  if (WebAssembly.compileStreaming && (res.headers.get('Content-Type') || '').startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(res);
  }
  return WebAssembly.compile(await res.arrayBuffer()); // a host that serves .wasm with another type
}

// spawn starts a worker running worker.js. It returns the worker as
// { post(message), terminate(), hold(busy) }: hold(false) lets a Node
// process exit while the worker waits for work.
export async function spawn(onMessage, onFailure) {
  const script = new URL('./worker.js', import.meta.url);
  if (inNode) {
    const { Worker } = await import('node:worker_threads');
    // Not the flags of a node -e script (--input-type), which a worker
    // started from a file refuses.
    const w = new Worker(script, { execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')) });
    w.on('message', onMessage);
    w.on('error', (err) => onFailure(err.message));
    w.on('exit', (code) => onFailure(`the engine's worker exited (code ${code})`));
    w.unref();
    return {
      post: (m) => w.postMessage(m),
      terminate: () => { w.removeAllListeners('exit'); w.terminate(); },
      hold: (busy) => (busy ? w.ref() : w.unref()),
    };
  }
  const w = new Worker(sameOrigin(script), { type: 'module' });
  w.onmessage = (e) => onMessage(e.data);
  w.onerror = (e) => {
    e.preventDefault();
    onFailure(e.message || 'out of memory?');
  };
  return { post: (m) => w.postMessage(m), terminate: () => w.terminate(), hold: () => {} };
}

// sameOrigin returns a URL a page may start a worker from: script itself,
// or, when the package is served from another origin (a CDN), a module of
// the page's own that imports it.
function sameOrigin(script) {
  if (typeof location === 'undefined' || script.origin === location.origin) return script;
  const blob = new Blob([`import ${JSON.stringify(script.href)};`], { type: 'text/javascript' });
  return URL.createObjectURL(blob);
}
