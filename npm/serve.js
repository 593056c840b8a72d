// What a worker running fourgen's engine (command c4wasm) does, in a
// browser (worker.js) and in Node (worker-node.js). It is sent
//   { init: { module, tableMiB } }   once: the compiled module, the table's size
//   { book }                         the deep opening book's bytes
//   { id, request }                  a request's JSON text (see c4wasm)
// and answers { book: true, status, body } for the book, and for a
// request { id, progress } for each progress event of a long solve, then
// { id, status, body }: the status and JSON of the answer.

import './wasm_exec.js'; // the Go toolchain's loader: sets globalThis.Go

// serve returns the worker's message handler; post sends a message back.
export function serve(post) {
  let ready = null; // resolves once the engine has started

  async function start({ module, tableMiB }) {
    const go = new globalThis.Go();
    go.argv = ['c4wasm', '-tt-mb', String(tableMiB)];
    const instance = await WebAssembly.instantiate(module, go.importObject);
    go.run(instance); // runs main, which sets globalThis.fourgen and waits
    if (!globalThis.fourgen) throw new Error('the engine did not start');
  }

  const failed = (err) => ({ status: 500, body: JSON.stringify({ error: 'the engine failed: ' + err.message }) });

  return async function handle(m) {
    if (m.init) {
      ready = start(m.init);
      ready.catch(() => {}); // reported with the first request
      return;
    }
    if (m.book) {
      try {
        await ready;
        const bytes = m.book;
        m.book = null; // the engine copies it: nothing here holds it after
        const [status, body] = globalThis.fourgen.loadBook(bytes);
        post({ book: true, status, body });
      } catch (err) {
        post({ book: true, ...failed(err) });
      }
      return;
    }
    try {
      await ready;
      const [status, body] = globalThis.fourgen.request(m.request, (p) => post({ id: m.id, progress: p }));
      post({ id: m.id, status, body });
    } catch (err) {
      post({ id: m.id, ...failed(err) });
    }
  };
}
