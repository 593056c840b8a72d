// The controls around the board: the opponent menu, the link of the page
// (its ?pos=, ?vs= and ?you=, the engine's settings, and the browser
// history), the keys, and how many moves undo and redo take.

import { ENGINE_PARAMS } from './transport.js';

const $ = (id) => document.getElementById(id);

const MAX_SHOWN = 40; // characters of a bad link parameter quoted back

// opponents lists the values of the opponent menu: 'human', then the
// agents' specs. The menu in index.html is the one list to extend.
export const opponents = () => [...$('opponent').options].map((o) => o.value);

// opponentName names an opponent as its menu entry does, capitalised.
export function opponentName(value) {
  const o = [...$('opponent').options].find((opt) => opt.value === value);
  const name = o ? o.textContent : value;
  return name[0].toUpperCase() + name.slice(1);
}

// readLink reads the opponent and side of the link, sets the menus to them
// and returns them with what was wrong with them ('' if nothing).
export function readLink(q) {
  const problems = [];
  const vs = q.get('vs');
  let opponent = 'human';
  if (vs !== null && opponents().includes(vs)) {
    opponent = vs;
  } else if (vs !== null) {
    problems.push(`The link asks for opponent "${vs.slice(0, MAX_SHOWN)}" (?vs=), which does not exist; ` +
      `choose one of ${opponents().filter((o) => o !== 'human').join(', ')}. Playing as two people for now.`);
  }
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
  if (game.opponent !== 'human') {
    q.set('vs', game.opponent);
    q.set('you', String(game.side));
  }
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

// toMove is the player to move after moves (a move string): 1, who plays
// first, after an even number of moves, else 2. It is the toMove of the
// server's description, known before the server answers.
export const toMove = (moves) => moves.length % 2 + 1;

// turnSteps is how many moves undo or redo takes from moves: one with two
// players; against an agent, as many as lead to the person's next turn (two
// from the person's turn, one from the agent's), at most available. It needs
// no answer of the server, so that Undo and Redo act at once, also while the
// server is still describing the position.
export function turnSteps(moves, game, available) {
  const steps = game.opponent === 'human' || toMove(moves) !== game.side ? 1 : 2;
  return Math.min(steps, available);
}

// bindKeys plays a column for keys 1 to width (clicking its button, so that
// a disabled column does nothing), and undoes and redoes with u and r.
export function bindKeys(width) {
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === 'SELECT') return;
    const col = /^[1-9]$/.test(e.key) && Number(e.key) <= width ? $('col-' + e.key) : null;
    const button = col || { u: $('undo'), r: $('redo') }[e.key];
    if (button && !button.disabled) button.click();
  });
}
