// <fourgen-board>: a Connect-4 board any page can embed, with the exact
// score of every column above it (from fourgen's engine, index.js), play
// and undo. One import registers it:
//
//   <script type="module" src="…/fourgen/board.js"></script>
//   <fourgen-board position="4453" scores></fourgen-board>
//
// Attributes: position, a move string of 1-based columns (or any text form
// the package reads, "4,4,5,3" too); scores, to show
// the score above each column; readonly, to refuse play. It fires change
// (detail: { position }) when a move is played or undone. Its styles stay
// in its shadow root; it is as wide as its container. While the engine
// loads it shows an empty board of the classic size, so that nothing
// moves when the engine answers; a position the engine refuses shows an
// empty board and the reason. Every board of the page shares one engine:
// the module is fetched and compiled once, and its workers score the
// boards in turn. The deep opening book follows after start-up; a book
// that cannot be loaded is reported under the board, and the engine
// answers by search.

import { Solver } from './index.js';

let engineOptions = { workers: 2, tableMiB: 32 };
let shared = null; // { rules, scorer }: the page's solvers

// configure sets the workers and table (MiB) of the engine the page's
// boards share; it must be called before the first board is shown: in the
// module script that imports this one, before the page's other scripts.
export function configure({ workers, tableMiB } = {}) {
  if (shared) throw new Error('configure: the boards\' engine has started already');
  engineOptions = { workers: workers ?? engineOptions.workers, tableMiB: tableMiB ?? engineOptions.tableMiB };
}

// engine starts the page's solvers once: a small one for the rules (what
// a position looks like, which columns can be played) and one that scores.
function engine() {
  if (!shared) {
    shared = Promise.all([Solver.create({ tableMiB: 1, book: false }), Solver.create(engineOptions)])
      .then(([rules, scorer]) => ({ rules, scorer }));
    shared.catch(() => { shared = null; });
  }
  return shared;
}

const STYLE = `
:host { display: block; width: 100%; max-width: 100%; box-sizing: border-box;
  font: inherit; color: inherit; --_board: var(--fourgen-board-color, #1f4fbf);
  --_hole: var(--fourgen-hole-color, #f4f6fb); --_first: var(--fourgen-first-color, #d62828);
  --_second: var(--fourgen-second-color, #f2c300); }
:host([hidden]), [hidden] { display: none !important; }
* { box-sizing: border-box; }
.scores, .cols { display: grid; grid-template-columns: repeat(var(--w), 1fr); gap: 0; }
.scores span { text-align: center; font-size: 0.85em; font-variant-numeric: tabular-nums;
  min-height: 1.4em; line-height: 1.4em; }
.win { color: #1a7f37; font-weight: 600; } .loss { color: #b42318; } .draw { opacity: 0.8; }
.cols { background: var(--_board); border-radius: 0.6em; padding: 2%; }
.col { all: unset; display: flex; flex-direction: column-reverse; cursor: pointer; padding: 4% 7%;
  border-radius: 0.4em; }
.col:disabled { cursor: default; }
.col:focus-visible { outline: 3px solid #fff; outline-offset: -3px; }
.col:not(:disabled):hover { background: rgb(255 255 255 / 0.15); }
/* margins, not a gap: a percentage gap in a column resolves against its height */
.cell { aspect-ratio: 1; margin: 6% 0; border-radius: 50%; background: var(--_hole); }
.p1 { background: var(--_first); } .p2 { background: var(--_second); }
.four { box-shadow: inset 0 0 0 0.18em #fff; }
.bar { display: flex; gap: 0.5em; align-items: center; justify-content: space-between; margin-top: 0.3em;
  font-size: 0.9em; }
.bar button { font: inherit; }
.status { overflow-wrap: anywhere; }
.error .status, .book { color: #b42318; }
.book { font-size: 0.85em; }
`;

// PLACEHOLDER is what the board shows before the engine has said what the
// position looks like: the classic board, empty.
const PLACEHOLDER = { width: 7, height: 6, board: Array.from({ length: 7 }, () => []), fours: [], legalColumns: [],
  status: 'loading', moves: '' };

// scoreText writes a score as fourgen's page does: +n, −n (a minus sign),
// 0, or full.
// oneComma ends a move string of one column of two digits with a comma
// ('10,'), as the engine reads one move of column 10, when commas it is in
// the comma form.
function oneComma(moves, commas) {
  return commas && moves.length > 1 && !moves.includes(',') ? moves + ',' : moves;
}

function scoreText(v) {
  if (v === null) return 'full';
  if (v > 0) return '+' + v;
  if (v < 0) return '\u2212' + -v;
  return '0';
}

export class FourgenBoard extends HTMLElement {
  static observedAttributes = ['position', 'scores', 'readonly'];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.shadowRoot.innerHTML = `<style>${STYLE}</style><div class="scores" part="scores" aria-live="polite"></div>` +
      `<div class="cols" part="board"></div><div class="bar"><span class="status" part="status"></span>` +
      `<button class="undo" part="undo" type="button">Undo</button></div><div class="book" part="book" hidden></div>`;
    this.scoresRow = this.shadowRoot.querySelector('.scores');
    this.cols = this.shadowRoot.querySelector('.cols');
    this.status = this.shadowRoot.querySelector('.status');
    this.undoButton = this.shadowRoot.querySelector('.undo');
    this.bookNote = this.shadowRoot.querySelector('.book');
    this.undoButton.addEventListener('click', () => this.undo());
    this.cols.addEventListener('click', (e) => {
      const b = e.target.closest('.col');
      if (b && !b.disabled) this.play(Number(b.dataset.col));
    });
    this.state = null; // the engine's description of the position shown
    this.shown = 0; // counts the positions asked for: a late answer is dropped
  }

  connectedCallback() {
    if (!this.state) this.showEmpty(PLACEHOLDER, 'Loading the engine\u2026');
    this.update();
  }

  // showEmpty draws an empty board of d's size that takes no clicks, with
  // text as its status.
  showEmpty(d, text) {
    this.draw({ ...PLACEHOLDER, width: d.width, height: d.height, board: Array.from({ length: d.width }, () => []) });
    for (const b of this.cols.querySelectorAll('.col')) b.disabled = true;
    for (const e of this.scoresRow.querySelectorAll('.score')) e.textContent = '\u2013';
    this.undoButton.disabled = true;
    this.status.textContent = text;
  }

  disconnectedCallback() { this.stopScores(); }

  attributeChangedCallback() { if (this.isConnected) this.update(); }

  get position() { return this.getAttribute('position') ?? ''; }

  set position(moves) { this.setAttribute('position', String(moves)); }

  // play plays column col (1-based) and fires change. The engine writes
  // the new move string from the list of columns: the element never
  // splits or joins one itself.
  async play(col) {
    if (this.hasAttribute('readonly') || !this.state || !this.state.legalColumns.includes(col)) return;
    await this.goTo([...this.state.columns, col]);
  }

  // undo takes back the last move and fires change.
  async undo() {
    if (this.hasAttribute('readonly') || !this.state || this.state.columns.length === 0) return;
    await this.goTo(this.state.columns.slice(0, -1));
  }

  // goTo shows the position of cols, 1-based columns, and fires change.
  async goTo(cols) {
    const shown = this.shown;
    let d;
    try {
      d = await (await engine()).rules.inspect(cols, { base: 1 });
    } catch (err) {
      this.fail(err);
      return;
    }
    if (shown !== this.shown) return; // the position changed meanwhile
    this.position = d.moves;
    this.changed();
  }

  changed() {
    this.dispatchEvent(new CustomEvent('change', { detail: { position: this.position }, bubbles: true, composed: true }));
  }

  stopScores() {
    if (this.scoring) this.scoring.abort();
    this.scoring = null;
  }

  // update shows the position of the attribute, then its scores.
  async update() {
    const n = ++this.shown;
    this.stopScores();
    for (const e of this.scoresRow.querySelectorAll('.score')) e.textContent = '\u2026'; // until the new ones come
    let e;
    let d;
    try {
      await null; // a module importing this one may configure() the engine first
      e = await engine();
      d = await e.rules.inspect(this.position);
    } catch (err) {
      if (n === this.shown) this.fail(err);
      return;
    }
    if (n !== this.shown) return;
    this.state = d;
    this.cols.parentNode.querySelector('.bar').classList.remove('error');
    this.draw(d);
    this.watchBook(e.scorer);
    if (!this.hasAttribute('scores') || d.status !== 'playing') return;
    const scoring = new AbortController();
    this.scoring = scoring;
    try {
      const scores = await e.scorer.analyze(d.moves, { signal: scoring.signal });
      if (n === this.shown) this.drawScores(scores);
    } catch (err) {
      if (n === this.shown && err.name !== 'AbortError') this.fail(err);
    }
  }

  // fail shows why the position cannot be shown: an empty board (of the
  // last size known) and the reason, in the error state.
  fail(err) {
    this.state = null;
    this.showEmpty(this.lastSize ?? PLACEHOLDER, err.message);
    this.cols.parentNode.querySelector('.bar').classList.add('error');
    this.dispatchEvent(new CustomEvent('error', { detail: { error: err } }));
  }

  // watchBook reports under the board a deep book the engine could not load.
  watchBook(scorer) {
    if (this.bookWatched) return;
    this.bookWatched = true;
    scorer.book.then((b) => {
      if (!b.error) return;
      this.bookNote.textContent = `The opening book did not load (${b.error}): the engine answers by search.`;
      this.bookNote.hidden = false;
    });
  }

  draw(d) {
    this.lastSize = { width: d.width, height: d.height };
    for (const e of [this.scoresRow, this.cols]) e.style.setProperty('--w', d.width);
    const four = new Set(d.fours.map(([c, r]) => `${c},${r}`));
    const readonly = this.hasAttribute('readonly');
    const cols = [];
    for (let c = 1; c <= d.width; c++) {
      const stones = d.board[c - 1];
      const cells = [];
      for (let r = 1; r <= d.height; r++) {
        const p = stones[r - 1];
        cells.push(`<span class="cell${p ? ' p' + p : ''}${four.has(`${c},${r}`) ? ' four' : ''}"></span>`);
      }
      const can = !readonly && d.legalColumns.includes(c);
      cols.push(`<button class="col" type="button" data-col="${c}" aria-label="column ${c}"${can ? '' : ' disabled'}>` +
        `${cells.join('')}</button>`);
    }
    this.cols.innerHTML = cols.join('');
    this.cols.hidden = false;
    const scores = this.hasAttribute('scores') && d.status === 'playing';
    this.scoresRow.hidden = !this.hasAttribute('scores');
    this.scoresRow.innerHTML = Array.from({ length: d.width },
      (_, i) => `<span class="score">${scores ? (d.board[i].length === d.height ? 'full' : '\u2026') : '\u2013'}</span>`).join('');
    this.status.textContent = d.status === 'won' ? `Player ${d.winner} has won` :
      d.status === 'drawn' ? 'A draw' : `Player ${d.toMove} to move`;
    this.undoButton.hidden = readonly;
    this.undoButton.disabled = d.moves === '';
  }

  drawScores(scores) {
    const spans = this.scoresRow.querySelectorAll('.score');
    scores.forEach((v, i) => {
      spans[i].textContent = scoreText(v);
      spans[i].className = 'score' + (v === null ? '' : v > 0 ? ' win' : v < 0 ? ' loss' : ' draw');
    });
  }
}

if (!customElements.get('fourgen-board')) customElements.define('fourgen-board', FourgenBoard);
