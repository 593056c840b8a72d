// Node's ways to load and run the engine (see engine.js): the files are
// read from the package's folder and the workers are worker_threads.

import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

const file = (name) => new URL(name, import.meta.url);

async function read(name, what) {
  const url = file(name);
  try {
    return await readFile(url);
  } catch (err) {
    throw new Error(`cannot load the ${what} (${url.pathname}): ${err.message}`);
  }
}

let execArgv = null; // the flags of this process a worker accepts, found once

// workerExecArgv returns the Node flags of this process that a worker
// accepts. Node refuses, with ERR_WORKER_INVALID_EXEC_ARGV, the flags of
// the whole process (--max-old-space-size, --expose-gc, --title, …) and a
// worker started from a file refuses --input-type (node -e's): those are
// left out, found by trying.
function workerExecArgv(script) {
  if (execArgv) return execArgv;
  let args = process.execArgv.filter((a, i, all) => !a.startsWith('--input-type') &&
    !(all[i - 1] === '--input-type' && !a.startsWith('-')));
  for (let tries = 0; tries < 3 && args.length > 0; tries++) {
    try {
      new Worker('', { eval: true, execArgv: args, stdout: true, stderr: true }).terminate();
      break;
    } catch (err) {
      if (err?.code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw err;
      // "Initiated Worker with invalid execArgv flags: --a, --b=1"
      const bad = new Set(String(err.message).split(': ').slice(1).join(': ').split(', '));
      const kept = [];
      for (let i = 0; i < args.length; i++) {
        if (!bad.has(args[i])) {
          kept.push(args[i]);
        } else if (!args[i].includes('=') && i + 1 < args.length && !args[i + 1].startsWith('-')) {
          i++; // the refused flag's value (--title x)
        }
      }
      args = kept.length < args.length ? kept : [];
    }
  }
  execArgv = args;
  return execArgv;
}

function spawn(onMessage, onFailure) {
  const script = file('./worker-node.js');
  // The worker's JavaScript allocates little (the engine's memory is
  // WebAssembly's): a small young generation keeps a default solver's
  // process under 100 MB.
  const w = new Worker(script, { execArgv: workerExecArgv(script), resourceLimits: { maxYoungGenerationSizeMb: 2 } });
  w.on('message', onMessage);
  w.on('error', (err) => onFailure(err.message));
  w.on('exit', (code) => onFailure(`the engine's worker exited (code ${code})`));
  w.unref();
  return {
    post: (m, transfer) => w.postMessage(m, transfer),
    terminate: () => { w.removeAllListeners('exit'); w.terminate(); },
    hold: (busy) => (busy ? w.ref() : w.unref()),
  };
}

export const nodePlatform = {
  compile: async () => WebAssembly.compile(await read('./fourgen.wasm', 'engine')),
  readBook: async () => new Uint8Array(await read('./fourgen-book.fgb', 'opening book')),
  spawn,
};
