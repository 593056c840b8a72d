// fourgen's web app: the game, the per-column scores and the inspector, on
// top of the JSON API of the server (package internal/server), or of the same
// engine running in this browser (transport.js). The engine knows the rules
// and the board's size, and reads every move string (its description of a
// position lists the columns played); this page asks it, and draws on the
// npm package's <fourgen-board> (board-element.js), which it
// drives.

import { APIError, aborted, engine, onConnection, retrying } from './transport.js';
import { scoreText } from './board-element.js';
import { COLUMN_KEYS, bindKeys, columnKeysText, opponentName, readLink, turnSteps, updateURL } from './controls.js';
import { SIDE, plural, ruleText } from './format.js';
import { describeLayout, renderInspector } from './inspector.js';

const PROGRESS_TICK = 250; // ms between two updates of the elapsed time of a solve
const MAX_LINK_SHOWN = 60; // characters of a bad position quoted back

const $ = (id) => document.getElementById(id);

const state = {
  moves: '', // the position, as a move string of 1-based columns
  cols: [], // its columns, 1-based, as the engine read them (or as played here)
  width: 0, // the board's, from the engine
  position: null, // the server's description of moves; null until it answers
  shown: null, // the position drawn: the last one the server described
  redo: [], // undone moves, the next one to redo last
  opponent: '', // 'human' for two players, else the agent's level (set from the link)
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

const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

const playing = () => state.position !== null && state.position.status === 'playing';

function agentToMove() {
  return state.opponent !== 'human' && playing() && state.position.toMove !== state.side;
}

// humanMayPlay reports whether a click on the board plays now.
function humanMayPlay() {
  return !state.thinking && playing() && (state.opponent === 'human' || state.position.toMove === state.side);
}

// ---- The position ----

// known records the server's description of the position shown (an answer
// of any endpoint), unless it is about an older one.
function known(gen, j) {
  if (gen !== state.gen || state.position) return;
  state.position = j;
  state.shown = j;
  render();
  maybeAgentMove();
}

// movesText writes cols (1-based) as a move string in the notation of
// like, the string they extend or shorten: a digit a move on a board of up
// to nine columns unless like has commas; else commas, one column of two
// digits followed by one ('10,'), as the engine reads one move of column
// 10. The page writes move strings; only the engine reads them.
function movesText(cols, like) {
  if (state.width <= 9 && !like.includes(',')) return cols.join('');
  return cols.length === 1 && cols[0] > 9 ? cols[0] + ',' : cols.join(',');
}

// setPosition makes moves, whose columns are cols, the position shown,
// then asks the server about it and, when the agent is to move, for its
// move. how is as for updateURL; position is the server's description of
// moves when already known.
function setPosition(moves, cols, how = 'push', position = null) {
  state.moves = moves;
  state.cols = cols;
  state.gen++;
  if (state.analysisCtl) state.analysisCtl.abort();
  if (state.agentCtl) state.agentCtl.abort();
  state.analysisCtl = new AbortController();
  Object.assign(state, { position: null, analysis: null, analysisError: '', inspect: null, thinking: false, message: '', progress: null });
  updateURL(state, how);
  const gen = state.gen;
  if (position) known(gen, position);
  render();

  const signal = state.analysisCtl.signal;
  engine.inspect(moves, signal).then((j) => {
    if (gen !== state.gen) return;
    if (!state.inspect) state.inspect = j.inspect;
    known(gen, j);
    render();
  }, (e) => {
    if (gen === state.gen && !aborted(e)) {
      state.message = e.message;
      render();
    }
  });
  analyze(moves, gen, signal);
}

// analyze streams the analysis of moves, showing its progress while it
// runs, then the scores.
async function analyze(moves, gen, signal) {
  const ticker = setInterval(renderProgress, PROGRESS_TICK);
  try {
    const j = await retrying(() => {
      state.progress = { start: performance.now(), cols: [], column: 0, nodes: 0 };
      return engine.analyze(moves, signal, (pr) => {
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
      known(gen, j);
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
    const j = await engine.move({
      pos: state.moves,
      level: state.opponent,
      seed: String(state.seed + state.cols.length),
    }, state.agentCtl.signal);
    if (gen !== state.gen) return;
    state.thinking = false;
    play(j.col, 'replace', j); // Back goes to the person's turn, not the agent's
  } catch (e) {
    if (gen !== state.gen || aborted(e)) return;
    state.thinking = false;
    state.message = `${opponentName(state.opponent)} could not move: ${e.message}. Undo, or choose another opponent.`;
    render();
  }
}

// ---- Actions ----

// play plays column col (1-based) if the server says it is legal; after is
// the server's description of the position it leads to, when known.
function play(col, how = 'push', after = null) {
  if (!playing() || !state.position.legalColumns.includes(col)) return;
  if (state.redo.length && state.redo[state.redo.length - 1] === col) {
    state.redo.pop(); // the move redone: keep the rest of the line
  } else {
    state.redo = [];
  }
  const cols = [...state.cols, col];
  setPosition(movesText(cols, state.moves), cols, how, after);
}

// undo takes back one move, or against an agent every move back to the
// person's previous turn. It acts also while the server has not yet
// described the position (state.position is null): a click is never lost.
function undo() {
  if (!state.cols.length) return;
  const m = [...state.cols];
  for (let n = turnSteps(m.length, state, m.length); n > 0; n--) state.redo.push(m.pop());
  setPosition(movesText(m, state.moves), m);
}

// redo plays again what undo took back, also while the server has not yet
// described the position, as undo.
function redo() {
  if (!state.redo.length) return;
  const m = [...state.cols];
  for (let n = turnSteps(m.length, state, state.redo.length); n > 0; n--) m.push(state.redo.pop());
  setPosition(movesText(m, state.moves), m);
}

function newGame() {
  state.notice = '';
  state.redo = [];
  state.seed = randomSeed();
  setPosition('', []);
}

// opponentChanged applies the controls: the agent moves if it is its turn.
function opponentChanged() {
  state.opponent = $('opponent').value;
  state.side = Number($('side').value);
  if (state.agentCtl) state.agentCtl.abort();
  Object.assign(state, { thinking: false, message: '', notice: '' });
  updateURL(state, 'replace');
  render();
  maybeAgentMove();
}

// goTo shows position, that of a history entry, keeping the redo list when
// it is a step back or forward along it.
function goTo(position) {
  const m = [...state.cols], to = position.columns;
  const prefix = (a, b) => a.length <= b.length && a.every((x, i) => x === b[i]);
  if (prefix(to, m)) {
    while (m.length > to.length) state.redo.push(m.pop());
  } else if (prefix(m, to)) {
    for (const move of to.slice(m.length)) {
      if (state.redo.length && state.redo[state.redo.length - 1] === move) {
        state.redo.pop();
      } else {
        state.redo = [];
      }
    }
  } else {
    state.redo = [];
  }
  setPosition(position.pos, to, 'none', position);
}

// ---- Rendering ----

// statusText says whose turn it is, or who won.
function statusText(p) {
  if (p.status === 'won') return `${SIDE[p.winner]} (player ${p.winner}) won.`;
  if (p.status === 'drawn') return 'Draw: the board is full.';
  const who = state.opponent === 'human' ? '' : p.toMove === state.side ? ', you' : `, ${opponentName(state.opponent)}`;
  const thinking = state.thinking ? ` ${opponentName(state.opponent)} is thinking\u2026` : '';
  return `${SIDE[p.toMove]} (player ${p.toMove}${who}) to move.${thinking}`;
}

// verdictText says who wins with perfect play, once known.
function verdictText(p, a) {
  if (p && p.status !== 'playing') return 'Game over. Undo, or start a new game.';
  if (a && a.winner === 0) return 'With perfect play the game is a draw.';
  if (a) {
    const name = SIDE[a.winner];
    return `With perfect play ${name} (player ${a.winner}) wins, in ${plural(a.winnerStones, 'more ' + name.toLowerCase() + ' stone')} (the winning one included).`;
  }
  if (state.analysisError) return 'No exact score: ' + state.analysisError;
  return 'Solving\u2026';
}

function render() {
  const p = state.position;
  const a = state.analysis;
  $('position-line').hidden = !state.shown;
  if (state.shown) renderBoard(a, p);
  $('status').textContent = p ? statusText(p) : '';
  $('status').className = p ? 'p' + (p.status === 'won' ? p.winner : p.toMove) : '';
  $('verdict').textContent = verdictText(p, a);
  $('pos').textContent = state.moves || '(empty board)';
  $('stones').textContent = plural(state.cols.length, 'stone');
  $('message').textContent = state.message;
  $('notice').textContent = state.notice;
  $('connection').textContent = state.connection;
  renderProgress();
  const took = !a ? '' : a.micros < 1000 ? `${a.micros} µs` : `${(a.micros / 1000).toFixed(1)} ms`;
  $('stats').textContent = a && playing() ? `Solved in ${took}, ${a.nodes.toLocaleString('en')} positions searched.` : '';
  $('side').disabled = state.opponent === 'human';
  $('undo').disabled = state.moves === '';
  $('redo').disabled = state.redo.length === 0;
  renderInspector(state.inspect, p);
}

// renderBoard draws the position shown on the board, with the scores of a,
// the analysis of p, or those a long solve has found so far; a click plays
// only when it is the person's turn in the position drawn.
function renderBoard(a, p) {
  const pr = state.progress;
  const scores = a ? a.scores : (pr?.cols ?? []).map((iv) => (iv && iv[0] === iv[1] ? iv[0] : undefined));
  $('board').show(state.shown, {
    scores,
    best: a?.best ?? [],
    unknown: !a && state.analysisError !== '',
    mayPlay: humanMayPlay() && p === state.shown,
  });
}

// renderProgress shows how a long solve is going: the time since it was
// asked for, the column being solved and the interval its score is known to
// lie in, the columns already solved.
function renderProgress() {
  const p = state.progress;
  const el = $('progress');
  if (!p || state.analysis || (state.position && !playing())) {
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
    const done = [];
    p.cols.forEach((iv, c) => {
      if (iv && iv[0] === iv[1] && c + 1 !== p.column) done.push(c + 1);
    });
    if (done.length) text += ` (solved: column${done.length > 1 ? 's' : ''} ${done.join(', ')})`;
    text += `; ${p.nodes.toLocaleString('en')} positions searched`;
  }
  el.textContent = text + '.';
  el.hidden = false;
}

// ---- Start ----

// checkLinkPosition asks the server about the position of a link and
// returns its description, of the whole position or of its valid part, and
// what was wrong with the rest ('' if nothing). A position refused whole,
// with no valid part (one too long to ask about), gives the empty board.
async function checkLinkPosition(pos) {
  try {
    return [await engine.inspect(pos), ''];
  } catch (e) {
    if (!(e instanceof APIError) || e.status >= 500) throw e;
    const shown = pos.length > MAX_LINK_SHOWN ? pos.slice(0, MAX_LINK_SHOWN) + '\u2026' : pos;
    if (e.validMoves === null) {
      return [await engine.inspect(''), `The position in the link, "${shown}", could not be read: ${e.message}. Showing the empty board.`];
    }
    const n = e.validMoves;
    const reason = e.message.replace(/^bad position: /, '');
    const problem = `The position in the link, "${shown}", stops being valid at move ${n + 1}: ${reason}. ` +
      (n ? `Showing its first ${plural(n, 'move')}, the valid part.` : 'Showing the empty board.');
    return [await engine.inspect(pos.slice(0, n)), problem];
  }
}

// applyLink applies the opponent and side of a link, returning what was
// wrong with them.
function applyLink(q) {
  const link = readLink(q);
  state.opponent = link.opponent;
  state.side = link.side;
  return link.problems;
}

async function init() {
  onConnection((msg) => {
    if (state.connection === msg) return;
    state.connection = msg;
    $('connection').textContent = msg;
  });
  const q = new URLSearchParams(location.search);
  const linkProblems = applyLink(q);
  state.seed = randomSeed();

  // The server checks the position of the link, names what is wrong with
  // it, and tells the board's size.
  const [position, posProblem] = await checkLinkPosition(q.get('pos') || '');
  state.width = position.width;
  const onColumn = (c) => {
    if (humanMayPlay()) {
      state.notice = '';
      play(c);
    }
  };
  const board = $('board');
  board.addEventListener('column', (e) => onColumn(e.detail.column));
  document.documentElement.style.setProperty('--cols', String(position.width));
  $('rule').textContent = ruleText(position);
  board.setAttribute('aria-label', `Board: press a column to drop a stone (keys ${columnKeysText(position.width)})`);
  board.setAttribute('keys', COLUMN_KEYS);
  $('keys-help').textContent = `Keys: ${columnKeysText(position.width)} play the columns from the left; u undoes, r redoes.`;
  describeLayout(position.height, position.inspect.columnBits);
  bindKeys(position.width, board, onColumn);

  $('opponent').addEventListener('change', opponentChanged);
  $('side').addEventListener('change', opponentChanged);
  $('new').addEventListener('click', newGame);
  for (const [id, action] of [['undo', undo], ['redo', redo]]) {
    $(id).addEventListener('click', () => {
      state.notice = '';
      action();
    });
  }
  let popped = 0; // history entries visited: the answer for an older one is dropped
  window.addEventListener('popstate', async () => {
    const n = ++popped;
    const gen = state.gen;
    const q = new URLSearchParams(location.search);
    const [p, posProblem] = await checkLinkPosition(q.get('pos') || '');
    // A later entry visited, or a move, undo or redo made while the server
    // checked this one, is the later action: going to this entry now
    // would undo it.
    if (n !== popped || gen !== state.gen) return;
    const problems = applyLink(q);
    state.notice = [posProblem, problems].filter((m) => m).join(' ');
    goTo(p);
  });

  state.notice = [posProblem, linkProblems, engine.problems].filter((m) => m).join(' ');
  $('engine').textContent = engine.describe();
  setPosition(position.pos, position.columns, 'replace', position);
}

// The board (<fourgen-board controlled>) draws itself at once, empty, at
// the classic size while the engine loads (compiling fourgen.wasm takes
// seconds on a slow link); a failure to start is said where the turn is.
$('status').textContent = engine.name === 'wasm' ? 'Loading the engine\u2026' : 'Asking the server\u2026';
init().catch((e) => {
  $('status').textContent = `The engine did not start: ${e.message}`;
});
