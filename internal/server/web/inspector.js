// The inspector: the position as the solver sees it, from the inspect part
// of an API answer: its words as bit grids, the threats of each side and
// the move ordering table.

import { SIDE } from './format.js';

const $ = (id) => document.getElementById(id);

// layout is the bit layout of the words: width columns of columnBits bits,
// the top bit of each column its guard bit.
function cellName(bit, layout) {
  return `c${Math.floor(bit / layout.columnBits) + 1}r${(bit % layout.columnBits) + 1}`;
}

// cellsOf lists the cells of a word given in hex.
function cellsOf(hex, layout) {
  const w = BigInt(hex);
  const names = [];
  for (let bit = 0; bit < layout.width * layout.columnBits; bit++) {
    if ((w >> BigInt(bit)) & 1n) names.push(cellName(bit, layout));
  }
  return names;
}

// wordFigure draws a word: its name, hex and a grid of its bits, top row
// the guard bits, as the board is drawn.
function wordFigure(title, hex, cls, layout) {
  const { width, columnBits } = layout;
  const guard = columnBits - 1;
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
  for (let c = 0; c < width; c++) head.insertCell().textContent = 'c' + (c + 1);
  for (let r = guard; r >= 0; r--) {
    const tr = table.insertRow();
    tr.insertCell().textContent = r === guard ? 'g' : 'r' + (r + 1);
    for (let c = 0; c < width; c++) {
      const bit = c * columnBits + r;
      const on = (w >> BigInt(bit)) & 1n;
      const td = tr.insertCell();
      td.textContent = on ? '1' : '\u00b7';
      td.title = `bit ${bit}: ` + (r === guard ? `guard of column ${c + 1}` : cellName(bit, layout));
      if (r === guard) td.className = 'guard';
      if (on) td.classList.add('on', cls);
    }
  }
  fig.append(table);
  const cells = cellsOf(hex, layout);
  fig.setAttribute('aria-label', `${title}: ${hex}, ${cells.length ? cells.join(' ') : 'no cells'}`);
  return fig;
}

// rowsOfParity lists the rows, 1 to height, whose number has the parity of
// first (1 for odd, 2 for even).
function rowsOfParity(height, first) {
  const rows = [];
  for (let r = first; r <= height; r += 2) rows.push(r);
  return rows.join(', ');
}

// describeLayout fills in the texts that name the board's size, and shows
// the note on the words' layout, hidden until its numbers are known.
export function describeLayout(height, columnBits) {
  for (const el of document.querySelectorAll('.column-bits')) el.textContent = String(columnBits);
  $('layout').hidden = false;
  $('odd-rows').textContent = `Odd rows (${rowsOfParity(height, 1)})`;
  $('even-rows').textContent = `Even rows (${rowsOfParity(height, 2)})`;
}

// renderInspector shows j, the inspect part of an answer about position,
// or says it is loading when j is null.
export function renderInspector(j, position) {
  const words = $('words');
  const threats = $('threat-grids');
  const threatRows = $('threat-table').tBodies[0];
  const orderTable = $('order-table');
  const orderRows = orderTable.tBodies[0];
  words.replaceChildren();
  threats.replaceChildren();
  threatRows.replaceChildren();
  orderRows.replaceChildren();
  if (!j || !position) {
    words.textContent = 'Loading\u2026';
    return;
  }
  const layout = { width: position.width, columnBits: j.columnBits };
  const mover = position.toMove;
  // A finished game has no side to move, and no moves or threats.
  const over = position.status !== 'playing';
  words.append(
    wordFigure(`current: ${SIDE[mover].toLowerCase()}'s stones (${over ? 'the game is over: nobody moves' : 'to move'})`, j.current, 'p' + mover, layout),
    wordFigure('occupied: all stones', j.occupied, 'any', layout),
    wordFigure('legal moves', j.legal, 'any', layout),
    wordFigure('winning moves: four at once', j.winning, 'p' + mover, layout),
    wordFigure('non-losing moves (winning ones included)', j.nonLosing, 'any', layout),
  );
  for (const p of [1, 2]) {
    const title = over ? `${SIDE[p].toLowerCase()}: no threats, the game is over` : `${SIDE[p].toLowerCase()} would complete four`;
    threats.append(wordFigure(title, j.wins[p - 1], 'p' + p, layout));
    const tr = threatRows.insertRow();
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = `${SIDE[p]} (player ${p})`;
    tr.append(th);
    for (const hex of [j.oddThreats[p - 1], j.evenThreats[p - 1]]) {
      const names = cellsOf(hex, layout);
      tr.insertCell().textContent = names.length ? names.join(', ') : '\u2013';
    }
  }
  if (position.status !== 'playing') {
    const td = orderRows.insertRow().insertCell();
    td.colSpan = orderTable.tHead.rows[0].cells.length;
    td.textContent = 'The game is over: no moves to order.';
    return;
  }
  for (const m of j.order) orderRow(orderRows.insertRow(), m);
}

// orderRow fills a row of the move ordering table with move m.
function orderRow(tr, m) {
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
    adjustment, `${m.openLines} (${m.heldLines}) ${m.blockedLines}`, m.score, `${m.class} (${m.lines})`, searched,
  ];
  for (const v of cells) tr.insertCell().textContent = String(v);
}
