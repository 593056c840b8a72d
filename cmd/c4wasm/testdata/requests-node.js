// requests-node.js runs fourgen.wasm (command c4wasm) under Node as the
// npm package's worker runs it in a browser, and answers requests:
//   node requests-node.js WASM_EXEC_JS FOURGEN_WASM TABLE_MIB < requests
// reads one request's JSON a line and prints, for each, its answer's
// status and JSON on one line ("200 {...}"). BenchmarkEngineIn uses it to
// time the engine under Node against the same wasm in Chromium.
'use strict';
const fs = require('fs');
const readline = require('readline');

const [execJS, wasmPath, tableMiB] = process.argv.slice(2);
globalThis.require = require;
globalThis.fs = fs;
globalThis.path = require('path');
globalThis.TextEncoder ??= require('util').TextEncoder;
globalThis.TextDecoder ??= require('util').TextDecoder;
globalThis.performance ??= require('perf_hooks').performance;
globalThis.crypto ??= require('crypto');
require(execJS);

async function main() {
  const go = new Go();
  go.argv = ['c4wasm', '-tt-mb', tableMiB];
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), go.importObject);
  go.run(instance); // runs main, which sets globalThis.fourgen and waits
  if (!globalThis.fourgen) throw new Error('the engine did not start');
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    const [status, body] = globalThis.fourgen.request(line, () => {});
    process.stdout.write(`${status} ${body}\n`);
  }
  process.exit(0); // the Go program waits for requests forever
}

main().catch((err) => {
  console.error(`requests-node.js: ${err.stack || err}`);
  process.exit(1);
});
