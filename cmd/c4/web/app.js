// fourgen's web app: the board, the per-column scores and the inspector,
// on top of the JSON API of c4 serve. Plain JavaScript, no dependencies.
'use strict';

const W = 7; // columns
const H = 6; // rows
const COLUMN_BITS = H + 1; // bits per column in the engine's words: the rows and a guard bit
const INVALID = -1000; // the API's score of a column that cannot be played
const SIDE = ['', 'Red', 'Yellow']; // player 1 moves first
const OPPONENTS = ['human', 'perfect', 'level5', 'level4', 'level3', 'level2', 'level1', 'greedy', 'random'];

const $ = (id) => document.getElementById(id);

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
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function api(path, params, signal) {
  const res = await fetch(path + '?' + new URLSearchParams(params), { signal, headers: { Accept: 'application/json' } });
  let body;
  try {
    body = await res.json();
  } catch {
    body = {};
  }
  if (!res.ok) {
    throw new APIError(res.status, body.error || 'HTTP ' + res.status);
  }
  return body;
}

const aborted = (e) => e.name === 'AbortError';

// setPosition makes moves the position shown, then asks the server about it
// and, when the agent is to move, for its move.
function setPosition(moves) {
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
  updateURL();
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
  api('/api/analyze', { pos: moves }, signal).then((j) => {
    if (gen === state.gen) {
      state.analysis = j;
      state.inspect = j.inspect;
      render();
    }
  }, (e) => {
    if (gen === state.gen && !aborted(e)) {
      state.analysisError = e.message;
      render();
    }
  });
  maybeAgentMove();
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
    play(j.col - 1);
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

function play(col) {
  if (!canPlay(col)) return;
  const move = String(col + 1);
  if (state.redo.length && state.redo[state.redo.length - 1] === move) {
    state.redo.pop(); // the move redone: keep the rest of the line
  } else {
    state.redo = [];
  }
  setPosition(state.moves + move);
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
  updateURL();
  render();
  maybeAgentMove();
}

function opponentName() {
  const o = state.opponent;
  return o.startsWith('level') ? 'Level ' + o.slice(5) : o[0].toUpperCase() + o.slice(1);
}

function updateURL() {
  const q = new URLSearchParams({ pos: state.moves });
  if (state.opponent !== 'human') {
    q.set('vs', state.opponent);
    q.set('you', String(state.side));
  }
  const url = '?' + q.toString();
  history.replaceState(null, '', url);
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
      if (humanMayPlay()) play(c);
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
  const took = !a ? '' : a.micros < 1000 ? `${a.micros} µs` : `${(a.micros / 1000).toFixed(1)} ms`;
  $('stats').textContent = a && !over ? `Solved in ${took}, ${a.nodes.toLocaleString('en')} positions searched.` : '';
  $('side').disabled = state.opponent === 'human';
  $('undo').disabled = moves.length === 0;
  $('redo').disabled = state.redo.length === 0;
  renderInspector();
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
    wordFigure('non-losing moves', j.nonLosing, 'any'),
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
    let searched = m.nonLosing ? 'yes' : 'pruned';
    if (m.nonLosing && m.winsInThree) searched = 'wins';
    const cells = [
      m.rank, m.col, `c${m.col}r${m.row}`, m.threats, m.goodThreats,
      adjustment, m.score, `${m.class} (${m.lines})`, searched,
    ];
    for (const v of cells) tr.insertCell().textContent = String(v);
    if (!m.nonLosing) tr.className = 'pruned';
  }
}

// ---- Start ----

async function init() {
  buildBoard();
  const q = new URLSearchParams(location.search);
  if (OPPONENTS.includes(q.get('vs'))) state.opponent = q.get('vs');
  state.side = q.get('you') === '2' ? 2 : 1;
  $('opponent').value = state.opponent;
  $('side').value = String(state.side);
  state.seed = Math.floor(Math.random() * 2 ** 31);

  $('opponent').addEventListener('change', opponentChanged);
  $('side').addEventListener('change', opponentChanged);
  $('new').addEventListener('click', newGame);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === 'SELECT') return;
    if (e.key >= '1' && e.key <= String(W)) {
      const col = $('col-' + e.key);
      if (!col.disabled) col.click();
    } else if (e.key === 'u') {
      undo();
    } else if (e.key === 'r') {
      redo();
    }
  });

  // Check the position of the URL with the server, which names what is
  // wrong with it.
  const pos = q.get('pos') || '';
  let err = '';
  try {
    await api('/api/inspect', { pos });
  } catch (e) {
    err = `Cannot show position "${pos.slice(0, 60)}": ${e.message}`;
  }
  setPosition(err ? '' : pos);
  if (err) {
    state.message = err;
    render();
  }
}

init();
