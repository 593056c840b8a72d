// A Web Worker running fourgen's engine compiled to WebAssembly (command
// c4wasm), with its own transposition table. The page sends it
//   { init: { module, tableMiB } }   once: the compiled module, the table's size
//   { id, request }                  a request's JSON text (see c4wasm)
// and gets back { id, progress } for each progress event of a long
// analysis, then { id, status, body }: the answer as the JSON API gives it.
// A request runs to its end; the page stops one by terminating the worker.

importScripts('wasm_exec.js');

let ready = null; // resolves once the engine has started

async function start({ module, tableMiB }) {
  const go = new Go();
  go.argv = ['c4wasm', '-tt-mb', String(tableMiB)];
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance); // runs main, which sets globalThis.fourgen and waits
  if (!globalThis.fourgen) throw new Error('the engine did not start');
}

onmessage = async (e) => {
  const m = e.data;
  if (m.init) {
    ready = start(m.init);
    return;
  }
  try {
    await ready;
    const [status, body] = globalThis.fourgen.request(m.request, (p) => postMessage({ id: m.id, progress: p }));
    postMessage({ id: m.id, status, body });
  } catch (err) {
    postMessage({ id: m.id, status: 500, body: JSON.stringify({ error: 'the engine failed: ' + err.message }) });
  }
};
