// fourgen's web app: the board, the per-column scores and the inspector,
// on top of the JSON API of c4 serve. Plain JavaScript, no dependencies.
'use strict';

const W = 7; // columns
const H = 6; // rows
const COLUMN_BITS = H + 1; // bits per column in the engine's words: the rows and a guard bit
const INVALID = -1000; // the API's score of a column that cannot be played
const SIDE = ['', 'Red', 'Yellow']; // player 1 moves first
const PROGRESS_TICK = 250; // ms between two updates of the elapsed time of a solve
const MAX_RETRY_DELAY = 10000; // ms, the longest wait before asking an unreachable server again

const $ = (id) => document.getElementById(id);

// opponents lists the values of the opponent menu: 'human', then the agents'
// specs. The menu in index.html is the one list to extend.
const opponents = () => [...$('opponent').options].map((o) => o.value);

const state = {
  moves: '', // the position, as a move string of 1-based columns
  redo: [], // undone moves, the next one to redo last
  opponent: 'human', // 'human' for two players, else the agent's level
  side: 1, // the player the person plays against an agent
  seed: 0, // seed of the agent's random choices in this game
  gen: 0, // bumped at every position change: answers for older positions are dropped
  analysis: null, // the /api/analyze answer for moves
  analysisError: '',
  inspect: null, // the inspector part of /api/inspect or /api/analyze for moves
  thinking: false, // the agent is choosing a move
  message: '', // the last error worth telling
  notice: '', // what was wrong with the link, until the person acts
  connection: '', // why the server is not answering, while retrying
  progress: null, // a long solve so far: { start, cols: [[lo, hi] or null], column, nodes }
  analysisCtl: null, // aborts the requests of the previous position
  agentCtl: null, // aborts the agent's request
};

// ---- The board, computed from the move string ----

// boardOf replays a valid move string: grid[col] lists the players' stones
// bottom up; winner is the player with four (0 if none), line its cells.
function boardOf(moves) {
  const grid = Array.from({ length: W }, () => []);
  for (let i = 0; i < moves.length; i++) {
    grid[moves.charCodeAt(i) - 49].push(1 + (i & 1));
  }
  const at = (c, r) => (c >= 0 && c < W && r >= 0 && r < H ? grid[c][r] || 0 : 0);
  for (let c = 0; c < W; c++) {
    for (let r = 0; r < grid[c].length; r++) {
      const p = grid[c][r];
      for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        const line = [0, 1, 2, 3].map((k) => [c + k * dc, r + k * dr]);
        if (line.every(([x, y]) => at(x, y) === p)) {
          return { grid, winner: p, line };
        }
      }
    }
  }
  return { grid, winner: 0, line: [] };
}

const toMoveOf = (moves) => 1 + (moves.length & 1);

function overOf(moves) {
  return moves.length === W * H || boardOf(moves).winner !== 0;
}

function agentToMove() {
  return state.opponent !== 'human' && !overOf(state.moves) && toMoveOf(state.moves) !== state.side;
}

// ---- Talking to the server ----

class APIError extends Error {
  constructor(status, message, retryAfter) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter; // seconds, for a busy server (503)
  }
}

const aborted = (e) => e.name === 'AbortError';

// errorOf turns an error answer into an APIError.
async function errorOf(res) {
  let body;
  try {
    body = await res.json();
  } catch {
    body = {};
  }
  return new APIError(res.status, body.error || 'HTTP ' + res.status, Number(res.headers.get('Retry-After')) || 0);
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
// so on the page meanwhile. Other errors and aborts are thrown.
async function retrying(f, signal) {
  let delay = 1000;
  for (;;) {
    try {
      const v = await f();
      setConnection('');
      return v;
    } catch (e) {
      if (aborted(e) || (e instanceof APIError && e.status !== 503)) throw e;
      let wait = delay;
      if (e instanceof APIError) {
        wait = Math.max(1000, e.retryAfter * 1000);
        setConnection(`The server is busy (${e.message}). Trying again in ${Math.round(wait / 1000)} s\u2026`);
      } else {
        setConnection(`Cannot reach the fourgen server: is c4 serve still running? Trying again in ${Math.round(wait / 1000)} s\u2026`);
        delay = Math.min(2 * delay, MAX_RETRY_DELAY);
      }
      await sleep(wait, signal);
    }
  }
}

async function api(path, params, signal) {
  return retrying(async () => (await fetchAPI(path, params, signal)).json(), signal);
}

// analyzeStream asks /api/analyze for a stream of events: onProgress gets
// each progress event; the result event is returned, an error event thrown.
async function analyzeStream(moves, signal, onProgress) {
  const res = await fetchAPI('/api/analyze', { pos: moves, stream: '1' }, signal);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new TypeError('the answer stopped short'); // as a dropped connection: retried
    buf += value;
    for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n')) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      let name = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      const j = JSON.parse(data);
      if (name === 'progress') onProgress(j);
      else if (name === 'result') return j;
      else if (name === 'error') throw new APIError(j.status, j.error, 1);
    }
  }
}

function setConnection(msg) {
  if (state.connection === msg) return;
  state.connection = msg;
  $('connection').textContent = msg;
}

// setPosition makes moves the position shown, then asks the server about it
// and, when the agent is to move, for its move. how is 'push' to add a
// browser history entry (so that Back returns), 'replace' to change the
// current one, 'none' to leave it (going Back or Forward).
function setPosition(moves, how = 'push') {
  state.moves = moves;
  state.gen++;
  if (state.analysisCtl) state.analysisCtl.abort();
  if (state.agentCtl) state.agentCtl.abort();
  state.analysisCtl = new AbortController();
  state.analysis = null;
  state.analysisError = '';
  state.inspect = null;
  state.thinking = false;
  state.message = '';
  state.progress = null;
  updateURL(how);
  render();

  const gen = state.gen;
  const signal = state.analysisCtl.signal;
  api('/api/inspect', { pos: moves }, signal).then((j) => {
    if (gen === state.gen && !state.inspect) {
      state.inspect = j.inspect;
      renderInspector();
    }
  }, (e) => {
    if (gen === state.gen && !aborted(e)) {
      state.message = e.message;
      render();
    }
  });
  analyze(moves, gen, signal);
  maybeAgentMove();
}

// analyze streams the analysis of moves, showing its progress while it
// runs, then the scores.
async function analyze(moves, gen, signal) {
  const ticker = setInterval(renderProgress, PROGRESS_TICK);
  try {
    const j = await retrying(() => {
      state.progress = { start: performance.now(), cols: Array(W).fill(null), column: 0, nodes: 0 };
      return analyzeStream(moves, signal, (pr) => {
        if (gen !== state.gen) return;
        const p = state.progress;
        p.cols[pr.column - 1] = [pr.lo, pr.hi];
        p.column = pr.column;
        p.nodes = pr.nodes;
        render();
      });
    }, signal);
    if (gen === state.gen) {
      state.analysis = j;
      state.inspect = j.inspect;
    }
  } catch (e) {
    if (gen === state.gen && !aborted(e)) state.analysisError = e.message;
  } finally {
    clearInterval(ticker);
    if (gen === state.gen) {
      state.progress = null;
      render();
    }
  }
}

// maybeAgentMove asks the server for the agent's move when it is its turn.
async function maybeAgentMove() {
  if (!agentToMove() || state.thinking) return;
  const gen = state.gen;
  state.agentCtl = new AbortController();
  state.thinking = true;
  render();
  try {
    const j = await api('/api/move', {
      pos: state.moves,
      level: state.opponent,
      seed: String(state.seed + state.moves.length),
    }, state.agentCtl.signal);
    if (gen !== state.gen) return;
    state.thinking = false;
    play(j.col - 1, 'replace'); // Back goes to the person's turn, not the agent's
  } catch (e) {
    if (gen !== state.gen || aborted(e)) return;
    state.thinking = false;
    state.message = `${opponentName()} could not move: ${e.message}. Undo, or choose another opponent.`;
    render();
  }
}

// ---- Actions ----

function canPlay(col) {
  return !overOf(state.moves) && boardOf(state.moves).grid[col].length < H;
}

function play(col, how = 'push') {
  if (!canPlay(col)) return;
  const move = String(col + 1);
  if (state.redo.length && state.redo[state.redo.length - 1] === move) {
    state.redo.pop(); // the move redone: keep the rest of the line
  } else {
    state.redo = [];
  }
  setPosition(state.moves + move, how);
}

// humanMayPlay reports whether a click on the board plays now.
function humanMayPlay() {
  return !state.thinking && !overOf(state.moves) && (state.opponent === 'human' || toMoveOf(state.moves) === state.side);
}

// undo takes back one move, or against an agent every move back to the
// person's previous turn.
function undo() {
  let m = state.moves;
  if (!m) return;
  do {
    state.redo.push(m.slice(-1));
    m = m.slice(0, -1);
  } while (state.opponent !== 'human' && m.length > 0 && toMoveOf(m) !== state.side);
  setPosition(m);
}

function redo() {
  let m = state.moves;
  if (!state.redo.length) return;
  do {
    m += state.redo.pop();
  } while (state.opponent !== 'human' && state.redo.length > 0 && !overOf(m) && toMoveOf(m) !== state.side);
  setPosition(m);
}

function newGame() {
  state.notice = '';
  state.redo = [];
  state.seed = Math.floor(Math.random() * 2 ** 31);
  setPosition('');
}

// opponentChanged applies the controls: the agent moves if it is its turn.
function opponentChanged() {
  state.opponent = $('opponent').value;
  state.side = Number($('side').value);
  if (state.agentCtl) state.agentCtl.abort();
  state.thinking = false;
  state.message = '';
  state.notice = '';
  updateURL('replace');
  render();
  maybeAgentMove();
}

// goTo shows moves, the position of a history entry, keeping the redo list
// when moves is a step back or forward along it.
function goTo(moves) {
  let m = state.moves;
  if (m.startsWith(moves)) {
    while (m.length > moves.length) {
      state.redo.push(m.slice(-1));
      m = m.slice(0, -1);
    }
  } else if (moves.startsWith(m)) {
    for (const move of moves.slice(m.length)) {
      if (state.redo.length && state.redo[state.redo.length - 1] === move) {
        state.redo.pop();
      } else {
        state.redo = [];
      }
    }
  } else {
    state.redo = [];
  }
  setPosition(moves, 'none');
}

// opponentName names the agent as its menu entry does, capitalised.
function opponentName() {
  const o = [...$('opponent').options].find((opt) => opt.value === state.opponent);
  const name = o ? o.textContent : state.opponent;
  return name[0].toUpperCase() + name.slice(1);
}

function updateURL(how) {
  const q = new URLSearchParams({ pos: state.moves });
  if (state.opponent !== 'human') {
    q.set('vs', state.opponent);
    q.set('you', String(state.side));
  }
  const url = '?' + q.toString();
  if (how === 'push' && url !== location.search) {
    history.pushState(null, '', url);
  } else if (how !== 'none') {
    history.replaceState(null, '', url);
  }
  $('share').href = url;
}

// ---- Rendering ----

// scoreText writes a score readably, with a real minus sign.
function scoreText(v) {
  if (v === INVALID) return 'full';
  if (v > 0) return '+' + v;
  if (v < 0) return '\u2212' + -v;
  return '0';
}

function scoreWords(v) {
  if (v > 0) return 'a win';
  if (v < 0) return 'a loss';
  return 'a draw';
}

function buildBoard() {
  for (let c = 0; c < W; c++) {
    const score = document.createElement('div');
    score.className = 'score';
    score.id = 'score-' + (c + 1);
    $('scores').append(score);

    const col = document.createElement('button');
    col.type = 'button';
    col.className = 'column';
    col.id = 'col-' + (c + 1);
    col.dataset.col = String(c + 1);
    for (let r = H - 1; r >= 0; r--) {
      const cell = document.createElement('span');
      cell.className = 'cell';
      cell.dataset.row = String(r + 1);
      col.append(cell);
    }
    col.addEventListener('click', () => {
      if (humanMayPlay()) {
      state.notice = '';
      play(c);
    }
    });
    $('board').append(col);

    const n = document.createElement('div');
    n.textContent = String(c + 1);
    $('column-numbers').append(n);
  }
}

function render() {
  const moves = state.moves;
  const b = boardOf(moves);
  const over = b.winner !== 0 || moves.length === W * H;
  const mover = toMoveOf(moves);
  const a = state.analysis;
  const lastCol = moves ? moves.charCodeAt(moves.length - 1) - 49 : -1;
  const mayPlay = humanMayPlay();

  for (let c = 0; c < W; c++) {
    const stones = b.grid[c];
    const colEl = $('col-' + (c + 1));
    colEl.querySelectorAll('.cell').forEach((cell) => {
      const r = Number(cell.dataset.row) - 1;
      const p = stones[r] || 0;
      cell.className = 'cell' + (p ? ' p' + p : '');
      if (p && c === lastCol && r === stones.length - 1) cell.classList.add('last');
      if (b.line.some(([x, y]) => x === c && y === r)) cell.classList.add('win');
    });

    // The score above the column, in words for screen readers too.
    const scoreEl = $('score-' + (c + 1));
    let text;
    let words;
    let cls = 'score';
    if (stones.length === H) {
      text = 'full';
      words = 'full';
    } else if (over) {
      text = '\u2013';
      words = 'game over';
    } else if (a) {
      const v = a.scores[c];
      text = scoreText(v);
      words = 'score ' + text.replace('\u2212', 'minus ') + ', ' + scoreWords(v);
      cls += v > 0 ? ' win' : v < 0 ? ' loss' : ' draw';
      if (a.best.includes(c + 1)) {
        cls += ' best';
        words += ', best';
      }
    } else if (state.analysisError) {
      text = '?';
      words = 'score unknown';
    } else if (state.progress && state.progress.cols[c] && state.progress.cols[c][0] === state.progress.cols[c][1]) {
      const v = state.progress.cols[c][0]; // solved already, the others still being solved
      text = scoreText(v);
      words = 'score ' + text.replace('\u2212', 'minus ') + ', ' + scoreWords(v);
      cls += v > 0 ? ' win' : v < 0 ? ' loss' : ' draw';
    } else {
      text = '\u2026';
      words = 'score being computed';
    }
    scoreEl.className = cls;
    scoreEl.textContent = text;
    scoreEl.title = words;

    const filled = stones.map((p) => SIDE[p].toLowerCase()).join(', ');
    colEl.setAttribute('aria-label', `Column ${c + 1}: ${stones.length ? 'bottom to top ' + filled : 'empty'}; ${words}`);
    colEl.disabled = !mayPlay || stones.length === H;
  }

  // Whose turn, and who wins.
  let status;
  if (b.winner) {
    status = `${SIDE[b.winner]} (player ${b.winner}) won.`;
  } else if (over) {
    status = 'Draw: the board is full.';
  } else {
    const who = state.opponent === 'human' ? '' : mover === state.side ? ', you' : `, ${opponentName()}`;
    status = `${SIDE[mover]} (player ${mover}${who}) to move.`;
    if (state.thinking) status += ` ${opponentName()} is thinking\u2026`;
  }
  $('status').textContent = status;
  $('status').className = 'p' + (b.winner || mover);

  let verdict = '';
  if (over) {
    verdict = 'Game over. Undo, or start a new game.';
  } else if (a) {
    if (a.winner === 0) {
      verdict = 'With perfect play the game is a draw.';
    } else {
      const n = a.winnerStones;
      verdict = `With perfect play ${SIDE[a.winner]} (player ${a.winner}) wins, in ${n} more ${SIDE[a.winner].toLowerCase()} stone${n === 1 ? '' : 's'} (the winning one included).`;
    }
  } else if (state.analysisError) {
    verdict = 'No exact score: ' + state.analysisError;
  } else {
    verdict = 'Solving\u2026';
  }
  $('verdict').textContent = verdict;

  $('pos').textContent = moves || '(empty board)';
  $('stones').textContent = `${moves.length} stone${moves.length === 1 ? '' : 's'}`;
  $('message').textContent = state.message;
  $('notice').textContent = state.notice;
  $('connection').textContent = state.connection;
  renderProgress();
  const took = !a ? '' : a.micros < 1000 ? `${a.micros} µs` : `${(a.micros / 1000).toFixed(1)} ms`;
  $('stats').textContent = a && !over ? `Solved in ${took}, ${a.nodes.toLocaleString('en')} positions searched.` : '';
  $('side').disabled = state.opponent === 'human';
  $('undo').disabled = moves.length === 0;
  $('redo').disabled = state.redo.length === 0;
  renderInspector();
}

// renderProgress shows how a long solve is going: the time since it was
// asked for, the column being solved and the interval its score is known to
// lie in, the columns already solved.
function renderProgress() {
  const p = state.progress;
  const el = $('progress');
  if (!p || state.analysis || overOf(state.moves)) {
    el.textContent = '';
    el.hidden = true;
    return;
  }
  const secs = (performance.now() - p.start) / 1000;
  let text = `Solving\u2026 ${secs.toFixed(1)} s`;
  if (p.column) {
    const [lo, hi] = p.cols[p.column - 1];
    text += lo === hi ? `; column ${p.column} scores ${scoreText(lo)}`
      : `; column ${p.column} scores between ${scoreText(lo)} and ${scoreText(hi)}`;
    const done = p.cols.map((iv, c) => (iv && iv[0] === iv[1] && c + 1 !== p.column ? c + 1 : 0)).filter((c) => c);
    if (done.length) text += ` (solved: column${done.length > 1 ? 's' : ''} ${done.join(', ')})`;
    text += `; ${p.nodes.toLocaleString('en')} positions searched`;
  }
  el.textContent = text + '.';
  el.hidden = false;
}

// ---- The inspector ----

function cellName(bit) {
  return `c${Math.floor(bit / COLUMN_BITS) + 1}r${(bit % COLUMN_BITS) + 1}`;
}

// cellsOf lists the cells of a word given in hex.
function cellsOf(hex) {
  const w = BigInt(hex);
  const names = [];
  for (let bit = 0; bit < W * COLUMN_BITS; bit++) {
    if ((w >> BigInt(bit)) & 1n) names.push(cellName(bit));
  }
  return names;
}

// wordFigure draws a word: its name, hex and a grid of its 7 × 7 bits, top
// row the guard bits, as the board is drawn.
function wordFigure(title, hex, cls) {
  const fig = document.createElement('figure');
  fig.className = 'word';
  const cap = document.createElement('figcaption');
  cap.textContent = title;
  const code = document.createElement('code');
  code.className = 'hex';
  code.textContent = hex;
  cap.append(document.createElement('br'), code);
  fig.append(cap);

  const w = BigInt(hex);
  const table = document.createElement('table');
  table.className = 'bitgrid';
  table.setAttribute('aria-hidden', 'true'); // the label below says the same in words
  const head = table.insertRow();
  head.insertCell().textContent = '';
  for (let c = 0; c < W; c++) head.insertCell().textContent = 'c' + (c + 1);
  for (let r = COLUMN_BITS - 1; r >= 0; r--) {
    const tr = table.insertRow();
    tr.insertCell().textContent = r === H ? 'g' : 'r' + (r + 1);
    for (let c = 0; c < W; c++) {
      const bit = c * COLUMN_BITS + r;
      const on = (w >> BigInt(bit)) & 1n;
      const td = tr.insertCell();
      td.textContent = on ? '1' : '\u00b7';
      td.title = `bit ${bit}: ` + (r === H ? `guard of column ${c + 1}` : cellName(bit));
      if (r === H) td.className = 'guard';
      if (on) td.classList.add('on', cls);
    }
  }
  fig.append(table);
  const cells = cellsOf(hex);
  fig.setAttribute('aria-label', `${title}: ${hex}, ${cells.length ? cells.join(' ') : 'no cells'}`);
  return fig;
}

function renderInspector() {
  const j = state.inspect;
  const words = $('words');
  const threats = $('threat-grids');
  const threatRows = $('threat-table').tBodies[0];
  const orderRows = $('order-table').tBodies[0];
  words.replaceChildren();
  threats.replaceChildren();
  threatRows.replaceChildren();
  orderRows.replaceChildren();
  if (!j) {
    words.textContent = 'Loading\u2026';
    return;
  }
  const mover = toMoveOf(state.moves);
  words.append(
    wordFigure(`current: ${SIDE[mover].toLowerCase()}'s stones (to move)`, j.current, 'p' + mover),
    wordFigure('occupied: all stones', j.occupied, 'any'),
    wordFigure('legal moves', j.legal, 'any'),
    wordFigure('winning moves: four at once', j.winning, 'p' + mover),
    wordFigure('non-losing moves (winning ones included)', j.nonLosing, 'any'),
  );
  for (const p of [1, 2]) {
    threats.append(wordFigure(`${SIDE[p].toLowerCase()} would complete four`, j.wins[p - 1], 'p' + p));
    const tr = threatRows.insertRow();
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = `${SIDE[p]} (player ${p})`;
    tr.append(th);
    for (const hex of [j.oddThreats[p - 1], j.evenThreats[p - 1]]) {
      const names = cellsOf(hex);
      tr.insertCell().textContent = names.length ? names.join(', ') : '\u2013';
    }
  }
  if (overOf(state.moves)) {
    const td = orderRows.insertRow().insertCell();
    td.colSpan = 9;
    td.textContent = 'The game is over: no moves to order.';
    return;
  }
  for (const m of j.order) {
    const tr = orderRows.insertRow();
    const adjustment = m.blocksOwn ? '\u22124 blocked' : m.forcing ? '+4 forcing' : '\u2013';
    let searched = 'yes';
    if (m.winsNow) {
      searched = 'wins now';
      tr.className = 'winning';
    } else if (!m.nonLosing) {
      searched = 'pruned';
      tr.className = 'pruned';
    } else if (m.winsInThree) {
      searched = 'wins';
    }
    const cells = [
      m.rank, m.col, `c${m.col}r${m.row}`, m.threats, m.goodThreats,
      adjustment, m.score, `${m.class} (${m.lines})`, searched,
    ];
    for (const v of cells) tr.insertCell().textContent = String(v);
  }
}

// ---- Start ----

// validPrefix returns how many moves of a move string can be played from
// the empty board, in order.
function validPrefix(moves) {
  const heights = Array(W).fill(0);
  for (let i = 0; i < moves.length; i++) {
    const col = moves.charCodeAt(i) - 49;
    if (col < 0 || col >= W || heights[col] === H || overOf(moves.slice(0, i))) return i;
    heights[col]++;
  }
  return moves.length;
}

// readLink applies the opponent and side of the URL, and returns what was
// wrong with them ('' if nothing).
function readLink(q) {
  const problems = [];
  const vs = q.get('vs');
  state.opponent = 'human';
  if (vs !== null && opponents().includes(vs)) {
    state.opponent = vs;
  } else if (vs !== null) {
    problems.push(`The link asks for opponent "${vs.slice(0, 40)}" (?vs=), which does not exist; ` +
      `choose one of ${opponents().filter((o) => o !== 'human').join(', ')}. Playing as two people for now.`);
  }
  const you = q.get('you');
  state.side = you === '2' ? 2 : 1;
  if (you !== null && you !== '1' && you !== '2') {
    problems.push(`The link's side ?you=${you.slice(0, 40)} is neither 1 (first, red) nor 2 (second, yellow): you play first.`);
  }
  $('opponent').value = state.opponent;
  $('side').value = String(state.side);
  return problems.join(' ');
}

// checkLinkPosition asks the server about the position of the URL and
// returns the part of it to show, with what was wrong with the rest.
async function checkLinkPosition(pos) {
  try {
    await api('/api/inspect', { pos });
    return [pos, ''];
  } catch (e) {
    if (!(e instanceof APIError)) throw e;
    const n = validPrefix(pos);
    const shown = pos.length > 60 ? pos.slice(0, 60) + '\u2026' : pos;
    const reason = e.message.replace(/^bad position: /, '');
    return [pos.slice(0, n), `The position in the link, "${shown}", stops being valid at move ${n + 1}: ${reason}. ` +
      (n ? `Showing its first ${n} move${n === 1 ? '' : 's'}, the valid part.` : 'Showing the empty board.')];
  }
}

async function init() {
  buildBoard();
  const q = new URLSearchParams(location.search);
  const linkProblems = readLink(q);
  state.seed = Math.floor(Math.random() * 2 ** 31);

  $('opponent').addEventListener('change', opponentChanged);
  $('side').addEventListener('change', opponentChanged);
  $('new').addEventListener('click', newGame);
  $('undo').addEventListener('click', () => {
    state.notice = '';
    undo();
  });
  $('redo').addEventListener('click', () => {
    state.notice = '';
    redo();
  });
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === 'SELECT') return;
    if (e.key >= '1' && e.key <= String(W)) {
      const col = $('col-' + e.key);
      if (!col.disabled) col.click();
    } else if (e.key === 'u') {
      $('undo').click();
    } else if (e.key === 'r') {
      $('redo').click();
    }
  });
  window.addEventListener('popstate', () => {
    const q = new URLSearchParams(location.search);
    state.notice = readLink(q);
    const pos = q.get('pos') || '';
    goTo(pos.slice(0, validPrefix(pos)));
  });

  // Check the position of the URL with the server, which names what is
  // wrong with it.
  const [pos, posProblem] = await checkLinkPosition(q.get('pos') || '');
  state.notice = [posProblem, linkProblems].filter((m) => m).join(' ');
  setPosition(pos, 'replace');
}

init();
