// The page's way to its engine. Served by c4 serve, the page asks the
// server's JSON API (api.js). Opened from a static folder (make web), it
// runs the engine in this browser instead: WebAssembly in Web Workers
// (engine.js), which answer with the same JSON. index.html says which
// (data-engine on <html>, set to "wasm" by make web); ?engine=wasm or
// ?engine=server overrides it. Both transports offer the same calls:
// inspect, analyze (with progress), move.

import { APIError, aborted, analyzeStream, api, onConnection, retrying } from './api.js';
import { wasmEngine } from './engine.js';

export { APIError, aborted, onConnection, retrying };

const MAX_SHOWN = 40; // characters of a bad link parameter quoted back

// ENGINE_PARAMS are the link parameters that choose the engine: they stay
// in the page's link as the game goes on.
export const ENGINE_PARAMS = ['engine', 'workers', 'table'];

// serverEngine is c4 serve's JSON API.
const serverEngine = {
  name: 'server',
  describe: () => '',
  problems: '',
  inspect: (pos, signal) => api('/api/inspect', { pos }, signal),
  analyze: analyzeStream, // main.js retries it
  move: (params, signal) => api('/api/move', params, signal),
};

// chooseEngine returns the engine the page uses: the link's ?engine= if
// it names one, else the one index.html names.
function chooseEngine() {
  const q = new URLSearchParams(location.search);
  const asked = q.get('engine');
  let name = document.documentElement.dataset.engine === 'wasm' ? 'wasm' : 'server';
  let problem = '';
  if (asked === 'wasm' || asked === 'server') {
    name = asked;
  } else if (asked !== null) {
    problem = `The link's ?engine=${asked.slice(0, MAX_SHOWN)} is neither wasm nor server: using ${name}.`;
  }
  document.documentElement.dataset.engine = name; // the footer says which (style.css)
  const engine = name === 'wasm' ? wasmEngine(q) : serverEngine;
  engine.problems = [problem, engine.problems].filter((m) => m).join(' ');
  return engine;
}

export const engine = chooseEngine();
