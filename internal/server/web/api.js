// The client of fourgen's JSON API: requests and their errors, the stream
// of /api/analyze, and retrying while the server is down or busy.

// INVALID is the API's score of a column that cannot be played.
export const INVALID = -1000;

const FIRST_RETRY_DELAY = 1000; // ms before asking an unreachable server again
const MAX_RETRY_DELAY = 10000; // ms, the longest such wait

// APIError is an error answer of the API.
export class APIError extends Error {
  constructor(status, message, retryAfter, validMoves) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter; // seconds, for a busy server (503)
    this.validMoves = validMoves; // for a refused position: how many of its first moves can be played
  }
}

export const aborted = (e) => e.name === 'AbortError';

// connectionListener is told why the server cannot be reached while
// retrying, and '' once it answers.
let connectionListener = () => {};

export function onConnection(f) {
  connectionListener = f;
}

// errorOf turns an error answer into an APIError.
async function errorOf(res) {
  let body;
  try {
    body = await res.json();
  } catch {
    body = {};
  }
  return new APIError(res.status, body.error || 'HTTP ' + res.status,
    Number(res.headers.get('Retry-After')) || 0, body.validMoves ?? null);
}

async function fetchAPI(path, params, signal) {
  const res = await fetch(path + '?' + new URLSearchParams(params), { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw await errorOf(res);
  return res;
}

// sleep waits ms milliseconds, or until signal aborts.
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    if (signal) {
      signal.addEventListener('abort', () => {
        clearTimeout(t);
        reject(signal.reason);
      }, { once: true });
    }
  });
}

// retrying runs f until it succeeds, waiting and trying again while the
// server cannot be reached (a network error) or is busy (503), and saying
// so meanwhile. Other errors and aborts are thrown.
export async function retrying(f, signal) {
  let delay = FIRST_RETRY_DELAY;
  for (;;) {
    try {
      const v = await f();
      connectionListener('');
      return v;
    } catch (e) {
      if (aborted(e) || (e instanceof APIError && e.status !== 503)) throw e;
      let wait = delay;
      if (e instanceof APIError) {
        wait = Math.max(FIRST_RETRY_DELAY, e.retryAfter * 1000);
        connectionListener(`The server is busy (${e.message}). Trying again in ${Math.round(wait / 1000)} s\u2026`);
      } else {
        connectionListener(`Cannot reach the fourgen server: is c4 serve still running? Trying again in ${Math.round(wait / 1000)} s\u2026`);
        delay = Math.min(2 * delay, MAX_RETRY_DELAY);
      }
      await sleep(wait, signal);
    }
  }
}

// api asks an endpoint for its JSON answer, retrying.
export function api(path, params, signal) {
  return retrying(async () => (await fetchAPI(path, params, signal)).json(), signal);
}

// analyzeStream asks /api/analyze for a stream of events: onProgress gets
// each progress event; the result event is returned, an error event thrown.
export async function analyzeStream(moves, signal, onProgress) {
  const res = await fetchAPI('/api/analyze', { pos: moves, stream: '1' }, signal);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new TypeError('the answer stopped short'); // as a dropped connection: retried
    buf += value;
    for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n')) {
      const { name, data } = parseEvent(buf.slice(0, end));
      buf = buf.slice(end + 2);
      const j = JSON.parse(data);
      if (name === 'progress') onProgress(j);
      else if (name === 'result') return j;
      else if (name === 'error') throw new APIError(j.status, j.error, 1, null);
    }
  }
}

// parseEvent reads one server-sent event: its name and data.
function parseEvent(block) {
  let name = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    for (const [field, set] of [['event: ', (v) => { name = v; }], ['data: ', (v) => { data += v; }]]) {
      if (line.startsWith(field)) set(line.slice(field.length));
    }
  }
  return { name, data };
}
