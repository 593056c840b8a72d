// The engine in this browser: fourgen's engine compiled to WebAssembly,
// run by the npm package's Solver (fourgen/index.js beside this page, put
// there by make web), whose workers each hold an instance with its own
// transposition table: one worker protocol for the page and the package.
// An analysis is the package's (Solver's analysis): shared out among up
// to MAX_WORKERS solving workers, a column at a time, the columns' scores
// merged into the analysis by the engine itself; a small solver answers
// inspections and the agents' moves. Stopping a request (the position changed) aborts it: the
// package ends that worker and starts another from the module compiled
// once. The deep opening book loads after start-up; until then the engine
// answers by search.

import { APIError } from './api.js';

const MAX_WORKERS = 4; // solving workers at most, whatever the device has
export const DEFAULT_TABLE_MIB = 64; // per solving worker
export const MAX_TABLE_MIB = 256;
const MAX_SHOWN = 40; // characters of a bad link parameter quoted back
const SMALL_TABLE_MIB = 1; // the solver of inspections, merges and moves (an agent brings its own table)

// asAPIError gives an error of the package the API's shape, which the
// page reports; an abort stays an abort.
function asAPIError(err) {
  if (err?.name === 'AbortError') return err;
  return new APIError(err?.status ?? 500, err?.message ?? String(err), 0, err?.validMoves ?? null);
}

// startSolvers loads the package and starts its solvers, once: the
// solving ones first, then the small one, which would slow their start
// down (every worker starts its engine on the same cores); until it has
// started, the solving ones answer for it.
async function startSolvers(workers, tableMiB) {
  const { Solver } = await import('./fourgen/index.js');
  const solvers = await Solver.create({ tableMiB, workers });
  let small = solvers;
  Solver.create({ tableMiB: SMALL_TABLE_MIB }).then((s) => { small = s; }, () => {});
  const run = (op, pos, signal, onProgress, more) =>
    small.request(op, pos, { signal, onProgress }, more).catch((err) => { throw asAPIError(err); });
  // An analysis: the package shares the columns out among the workers.
  const analysis = (pos, signal, onProgress) =>
    solvers.analysis(pos, { signal, onProgress }).catch((err) => { throw asAPIError(err); });
  return { small: run, analysis };
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
  let started = null;
  const engine = () => {
    if (!started) {
      started = startSolvers(workers, tableMiB).catch((err) => {
        started = null;
        throw new APIError(500, err.message, 0, null);
      });
    }
    return started;
  };
  return {
    name: 'wasm',
    workers,
    tableMiB,
    problems: [p1, p2].filter((m) => m).join(' '),
    describe: () => `Solved in this browser (WebAssembly): ${workers} worker${workers === 1 ? '' : 's'}` +
      ` of ${navigator.hardwareConcurrency || 'an unknown number of'} cores, a ${tableMiB} MiB table each.`,
    async inspect(pos, signal) {
      return (await engine()).small('inspect', pos, signal);
    },
    async move(params, signal) {
      const { pos, ...more } = params;
      return (await engine()).small('move', pos, signal, undefined, more);
    },
    async analyze(pos, signal, onProgress) {
      return (await engine()).analysis(pos, signal, onProgress);
    },
  };
}
