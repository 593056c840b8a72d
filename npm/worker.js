// A worker running fourgen's engine compiled to WebAssembly (command
// c4wasm), with its own transposition table: a Web Worker in a browser, a
// worker_threads worker in Node. It is sent
//   { init: { module, tableMiB } }   once: the compiled module, the table's size
//   { id, request }                  a request's JSON text (see c4wasm)
// and answers { id, progress } for each progress event of a long solve,
// then { id, status, body }: the status and JSON of the answer.

let post;
let ready = null; // resolves once the engine has started

async function start({ module, tableMiB }) {
  if (!globalThis.crypto) globalThis.crypto = (await import('node:crypto')).webcrypto; // Node 18
  await import('./wasm_exec.js'); // the Go toolchain's loader: sets globalThis.Go
  const go = new globalThis.Go();
  go.argv = ['c4wasm', '-tt-mb', String(tableMiB)];
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance); // runs main, which sets globalThis.fourgen and waits
  if (!globalThis.fourgen) throw new Error('the engine did not start');
}

async function handle(m) {
  if (m.init) {
    ready = start(m.init);
    ready.catch(() => {}); // reported with the first request
    return;
  }
  try {
    await ready;
    const [status, body] = globalThis.fourgen.request(m.request, (p) => post({ id: m.id, progress: p }));
    post({ id: m.id, status, body });
  } catch (err) {
    post({ id: m.id, status: 500, body: JSON.stringify({ error: 'the engine failed: ' + err.message }) });
  }
}

if (typeof WorkerGlobalScope !== 'undefined') {
  post = (m) => self.postMessage(m);
  self.onmessage = (e) => handle(e.data);
} else {
  const { parentPort } = await import('node:worker_threads');
  post = (m) => parentPort.postMessage(m);
  parentPort.on('message', handle);
}
