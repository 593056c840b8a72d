// The controls around the board: the opponent menu, the link of the page
// (its ?pos=, ?vs= and ?you=, the engine's settings, and the browser
// history), the keys, and how many moves undo and redo take.

import { ENGINE_PARAMS } from './transport.js';

const $ = (id) => document.getElementById(id);

const MAX_SHOWN = 40; // characters of a bad link parameter quoted back

// MAX_PLAYOUTS is the largest N of an mcts:N opponent the page plays: c4
// serve refuses more (about two seconds a move on one core, a solver's slot
// held as long; the same page in the browser is slower still), so the
// served page and the static one accept the same links. The command line
// goes up to agent.MaxMCTSPlayouts.
export const MAX_PLAYOUTS = 1_000_000;

// opponents lists the values of the opponent menu: the agents' specs,
// strongest first as measured (README's table of c4 eval), and 'human'.
// The menu in index.html is the one list to extend; its selected entry is
// the opponent of a link that names none.
export const opponents = () => [...$('opponent').options].map((o) => o.value);

// defaultOpponent is the opponent a link without ?vs= plays against.
export const defaultOpponent = () => [...$('opponent').options].find((o) => o.defaultSelected).value;

// opponentName names an opponent as its menu entry does, capitalised.
export function opponentName(value) {
  const o = [...$('opponent').options].find((opt) => opt.value === value);
  const name = o ? o.textContent : value;
  return name[0].toUpperCase() + name.slice(1);
}

// canonicalAgent writes an agent's spec as the server and c4 name it
// (lower case, level:N as levelN), and returns '' for a spec of mcts:N
// that is not a whole number from 1 on, written without leading zeros.
function canonicalAgent(spec) {
  const s = spec.trim().toLowerCase().replace(/^level:/, 'level');
  const m = /^mcts:(.*)$/.exec(s);
  return m && !/^[1-9][0-9]*$/.test(m[1]) ? '' : s;
}

// readOpponent reads the link's ?vs= (null for none): the opponent it
// names, adding an mcts:N the menu lacks, or the default and what was
// wrong with it.
function readOpponent(vs) {
  const def = defaultOpponent();
  if (vs === null) return [def, ''];
  const spec = canonicalAgent(vs);
  const n = /^mcts:/.test(spec) ? Number(spec.slice('mcts:'.length)) : 0;
  if (opponents().includes(spec)) return [spec, ''];
  const fallback = `Playing against ${opponentName(def)} for now.`;
  if (n > MAX_PLAYOUTS) {
    return [def, `The link asks for ${spec.slice(0, MAX_SHOWN)} (?vs=): this page plays mcts:N up to mcts:${MAX_PLAYOUTS}, ` +
      `the most c4 serve plays (a million playouts take about two seconds a move; c4 play takes more). ${fallback}`];
  }
  if (n >= 1) {
    const o = new Option(`Monte-Carlo, from the link (${spec})`, spec);
    $('opponent').add(o, [...$('opponent').options].find((x) => x.value === 'human'));
    return [spec, ''];
  }
  return [def, `The link asks for opponent "${vs.slice(0, MAX_SHOWN)}" (?vs=), which does not exist; ` +
    `choose one of ${opponents().join(', ')}, or mcts:N for N from 1 to ${MAX_PLAYOUTS}. ${fallback}`];
}

// readLink reads the opponent and side of the link, sets the menus to them
// and returns them with what was wrong with them ('' if nothing).
export function readLink(q) {
  const [opponent, problem] = readOpponent(q.get('vs'));
  const problems = problem ? [problem] : [];
  const you = q.get('you');
  const side = you === '2' ? 2 : 1;
  if (you !== null && you !== '1' && you !== '2') {
    problems.push(`The link's side ?you=${you.slice(0, MAX_SHOWN)} is neither 1 (first, red) nor 2 (second, yellow): you play first.`);
  }
  $('opponent').value = opponent;
  $('side').value = String(side);
  return { opponent, side, problems: problems.join(' ') };
}

// updateURL puts the game in the page's link. how is 'push' to add a
// browser history entry (so that Back returns), 'replace' to change the
// current one, 'none' to leave it (going Back or Forward).
export function updateURL(game, how) {
  const q = new URLSearchParams({ pos: game.moves });
  if (game.opponent !== defaultOpponent()) q.set('vs', game.opponent);
  if (game.opponent !== 'human') q.set('you', String(game.side));
  const now = new URLSearchParams(location.search);
  for (const name of ENGINE_PARAMS) {
    if (now.has(name)) q.set(name, now.get(name));
  }
  const url = '?' + q.toString();
  if (how === 'push' && url !== location.search) {
    history.pushState(null, '', url);
  } else if (how !== 'none') {
    history.replaceState(null, '', url);
  }
  $('share').href = url;
}

// toMove is the player to move after n moves: 1, who plays first, after
// an even number of moves, else 2. It is the toMove of the engine's
// description, known before the engine answers.
export const toMove = (n) => n % 2 + 1;

// turnSteps is how many moves undo or redo takes from a position of n
// moves: one with two players; against an agent, as many as lead to the
// person's next turn (two from the person's turn, one from the agent's), at
// most available. It needs no answer of the engine, so that Undo and Redo
// act at once, also while the engine is still describing the position.
export function turnSteps(n, game, available) {
  const steps = game.opponent === 'human' || toMove(n) !== game.side ? 1 : 2;
  return Math.min(steps, available);
}

// COLUMN_KEYS are the keys that play columns 1 to 12 in turn: the digits 1
// to 9, then 0, - and =, the rest of a keyboard's number row, for the
// columns 10, 11 and 12 of a wider board.
export const COLUMN_KEYS = '1234567890-=';

// keyColumn returns the 1-based column that key plays on a board of width
// columns, or 0 for a key that plays none.
export function keyColumn(key, width) {
  const col = key.length === 1 ? COLUMN_KEYS.indexOf(key) + 1 : 0;
  return col <= width ? col : 0;
}

// columnKeysText names the keys of a board of width columns: "1 to 7", or
// "1 to 9, 0, - and =" on a board of twelve.
export function columnKeysText(width) {
  const keys = COLUMN_KEYS.slice(0, width).split('');
  if (keys.length <= 9) return `1 to ${keys.length}`;
  return ['1 to 9', ...keys.slice(9, -1)].join(', ') + ' and ' + keys[keys.length - 1];
}

// bindKeys plays a column for its key (1 to 9, then 0, - and = for the
// columns 10 to 12: keyColumn) when the board takes a click on it
// (onColumn(col), 1-based), and undoes and redoes with u and r.
export function bindKeys(width, board, onColumn) {
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === 'SELECT') return;
    const c = keyColumn(e.key, width);
    if (c > 0) {
      if (board.canPlay(c)) onColumn(c);
      return;
    }
    const button = { u: $('undo'), r: $('redo') }[e.key];
    if (button && !button.disabled) button.click();
  });
}
