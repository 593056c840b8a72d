// Drawing the board: the scores above the columns, the columns as buttons
// with their cells, and the column numbers underneath. Everything it shows
// comes from the server: the size, the stones, the winning line, the legal
// columns and the scores.

import { SIDE, scoreLabel } from './format.js';
import { COLUMN_KEYS, columnKeysText, setBoardWidth } from './moves.js';

const $ = (id) => document.getElementById(id);

// buildBoard makes the board's elements for a board of width columns and
// height rows, in place of those there were; onColumn(col) is called with
// the 0-based column clicked. The columns are disabled until renderBoard.
export function buildBoard(width, height, onColumn) {
  setBoardWidth(width);
  document.documentElement.style.setProperty('--cols', String(width));
  $('board').setAttribute('aria-label', `Board: press a column to drop a stone (keys ${columnKeysText(width)})`);
  const keysHelp = $('keys-help');
  if (keysHelp) keysHelp.textContent = `Keys: ${columnKeysText(width)} play the columns from the left; u undoes, r redoes.`;
  for (const id of ['scores', 'board', 'column-numbers']) $(id).replaceChildren();
  for (let c = 0; c < width; c++) {
    const score = document.createElement('div');
    score.className = 'score';
    score.id = 'score-' + (c + 1);
    $('scores').append(score);

    const col = document.createElement('button');
    col.type = 'button';
    col.className = 'column';
    col.id = 'col-' + (c + 1);
    col.disabled = true;
    if (c < COLUMN_KEYS.length) col.setAttribute('aria-keyshortcuts', COLUMN_KEYS[c]);
    for (let r = height - 1; r >= 0; r--) {
      const cell = document.createElement('span');
      cell.className = 'cell';
      cell.dataset.row = String(r + 1);
      col.append(cell);
    }
    col.addEventListener('click', () => onColumn(c));
    $('board').append(col);

    const n = document.createElement('div');
    n.textContent = String(c + 1);
    $('column-numbers').append(n);
  }
}

// buildPlaceholder draws an empty board of the size index.html names (the
// classic one) while the engine loads: the page looks like itself at once.
// The engine's answer, which gives the real size, redraws it.
export function buildPlaceholder() {
  const { width, height } = $('board').dataset;
  buildBoard(Number(width), Number(height), () => {});
  $('board').setAttribute('aria-label', 'Board: waiting for the engine');
}

// columnScore describes what to show above column c: its score once known
// (from the analysis, or from a progress event that pinned it down), else
// why not.
function columnScore(c, view) {
  const { position, analysis, analysisError, progress } = view;
  if (position.board[c].length === position.height) return { text: 'full', words: 'full', cls: 'score' };
  if (position.status !== 'playing') return { text: '\u2013', words: 'game over', cls: 'score' };
  if (analysis) {
    const label = scoreLabel(analysis.scores[c]);
    return analysis.best.includes(c + 1) ? { ...label, words: label.words + ', best', cls: label.cls + ' best' } : label;
  }
  if (analysisError) return { text: '?', words: 'score unknown', cls: 'score' };
  const known = progress && progress.cols[c];
  if (known && known[0] === known[1]) return scoreLabel(known[0]); // solved already, others still being solved
  return { text: '\u2026', words: 'score being computed', cls: 'score' };
}

// renderBoard draws view.position (an answer of the API): its stones, the
// last one played (the last column of its move string), the winning line,
// the scores, and which columns a click may play (view.mayPlay).
export function renderBoard(view) {
  const { position, mayPlay } = view;
  const lastCol = position.columns.length ? position.columns.at(-1) - 1 : -1; // the engine's reading of pos
  position.board.forEach((stones, c) => {
    const colEl = $('col-' + (c + 1));
    colEl.querySelectorAll('.cell').forEach((cell) => {
      const r = Number(cell.dataset.row) - 1;
      const p = stones[r] || 0;
      cell.className = 'cell' + (p ? ' p' + p : '');
      if (p && c === lastCol && r === stones.length - 1) cell.classList.add('last');
      if (position.fours.some(([x, y]) => x === c + 1 && y === r + 1)) cell.classList.add('win');
    });

    const { text, words, cls } = columnScore(c, view);
    const scoreEl = $('score-' + (c + 1));
    scoreEl.className = cls;
    scoreEl.textContent = text;
    scoreEl.title = words;

    const filled = stones.map((p) => SIDE[p].toLowerCase()).join(', ');
    colEl.setAttribute('aria-label', `Column ${c + 1}: ${stones.length ? 'bottom to top ' + filled : 'empty'}; ${words}`);
    colEl.disabled = !mayPlay || !position.legalColumns.includes(c + 1);
  });
}
