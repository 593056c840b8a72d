// <fourgen-board>: a Connect-4 board any page can embed, with the exact
// score of every column above it, play and undo: the one board drawing of
// fourgen's JavaScript, that of the npm package (which registers it with
// its engine: board.js) and of c4 serve's page (which drives it).
//
//   <script type="module" src="…/fourgen/board.js"></script>
//   <fourgen-board position="4453" scores></fourgen-board>
//
// Attributes: position, a move string of 1-based columns (or any text form
// the package reads, "4,4,5,3" too); scores, to show the score above each
// column; readonly, to refuse play; numbers, to number the columns under
// the board; keys, the keys a page plays the columns with, in order, for
// screen readers (the page handles them). It fires change (detail: { position }) when a move is played
// or undone. Its styles stay in its shadow root; it is as wide as its
// container. While the engine loads it shows an empty board of the
// classic size, so that nothing moves when the engine answers; a position
// the engine refuses shows an empty board and the reason. Every board of
// the page shares one engine: the module is fetched and compiled once, and
// its workers score the boards in turn. The deep opening book follows
// after start-up; a book that cannot be loaded is reported under the
// board, and the engine answers by search.
//
// With the controlled attribute the element asks no engine: its page
// tells it what to draw (show) and decides what a click does (the column
// event). Every position it draws is an engine's description (Solver's
// inspect, or c4 serve's /api/inspect): the element reads no move string.

let SolverClass = null; // the package's Solver: set by board.js (useSolver)
let engineOptions = { workers: 2, tableMiB: 32 };
let shared = null; // { rules, scorer }: the page's solvers

// useSolver gives the boards the engine they start: the package's Solver
// (board.js does it before any board is shown).
export function useSolver(S) {
  SolverClass = S;
}

// configure sets the workers and table (MiB) of the engine the page's
// boards share; it must be called before the first board is shown: in the
// module script that imports this one, before the page's other scripts.
export function configure({ workers, tableMiB } = {}) {
  if (shared) throw new Error('configure: the boards\' engine has started already');
  engineOptions = { workers: workers ?? engineOptions.workers, tableMiB: tableMiB ?? engineOptions.tableMiB };
}

// engine starts the page's solvers once: one that scores, and a small one
// for the rules (what a position looks like, which columns can be
// played), which starts once the scorer has, so as not to slow its start
// down: until then the scorer answers for the rules.
function engine() {
  if (!SolverClass) return Promise.reject(new Error('no engine: import fourgen/board (board.js), or drive the board (controlled)'));
  if (!shared) {
    shared = SolverClass.create(engineOptions).then((scorer) => {
      const e = { scorer, rules: scorer };
      SolverClass.create({ tableMiB: 1, book: false }).then((rules) => { e.rules = rules; }, () => {});
      return e;
    });
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
.scores, .cols, .numbers { display: grid; grid-template-columns: repeat(var(--w), 1fr); gap: 0; }
.scores span { text-align: center; font-size: 0.85em; font-variant-numeric: tabular-nums;
  min-height: 1.4em; line-height: 1.4em; border-bottom: 0.15em solid transparent; }
.win { color: var(--fourgen-win-color, #1a7f37); font-weight: 600; }
.loss { color: var(--fourgen-loss-color, #b42318); } .draw { opacity: 0.8; }
.best { border-bottom-color: currentColor !important; }
.numbers span { text-align: center; font-size: 0.8em; opacity: 0.7; }
.cols { background: var(--_board); border-radius: 0.6em; padding: 2%; }
.col { all: unset; display: flex; flex-direction: column-reverse; cursor: pointer; padding: 4% 7%;
  border-radius: 0.4em; }
.col:disabled { cursor: default; }
.col:focus-visible { outline: 3px solid #fff; outline-offset: -3px; }
.col:not(:disabled):hover { background: rgb(255 255 255 / 0.15); }
/* margins, not a gap: a percentage gap in a column resolves against its height */
.cell { aspect-ratio: 1; margin: 6% 0; border-radius: 50%; background: var(--_hole); }
.p1 { background: var(--_first); } .p2 { background: var(--_second); }
.last { box-shadow: inset 0 0 0 0.12em rgb(255 255 255 / 0.8); }
.four { box-shadow: inset 0 0 0 0.18em #fff; }
.bar { display: flex; gap: 0.5em; align-items: center; justify-content: space-between; margin-top: 0.3em;
  font-size: 0.9em; }
.bar button { font: inherit; }
.status { overflow-wrap: anywhere; }
.error .status, .book { color: #b42318; }
.book { font-size: 0.85em; }
`;

let sheet; // the STYLE of every board, once constructed (null: not in this browser)

// styleSheet returns STYLE as a constructed style sheet, shared by every
// board, or null where the browser cannot construct one.
function styleSheet() {
  if (sheet === undefined) {
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLE);
    } catch {
      sheet = null;
    }
  }
  return sheet;
}

// PLACEHOLDER is what the board shows before the engine has said what the
// position looks like: the classic board, empty.
const PLACEHOLDER = { width: 7, height: 6, board: Array.from({ length: 7 }, () => []), fours: [], legalColumns: [],
  status: 'loading', moves: '', columns: [] };

const PLAYERS = ['', 'first player', 'second player'];

// scoreText writes a score as fourgen's page does: +n, −n (a minus sign),
// or 0.
export function scoreText(v) {
  if (v > 0) return '+' + v;
  if (v < 0) return '\u2212' + -v;
  return '0';
}

// columnLabel says what to show above column c (0-based) of d, an
// engine's description, given view's scores: its text, its words for
// screen readers and its classes.
function columnLabel(d, view, c) {
  if (d.board[c].length === d.height) return { text: 'full', words: 'full', cls: '' };
  if (d.status !== 'playing') return { text: '\u2013', words: d.status === 'loading' ? 'waiting for the engine' : 'game over', cls: '' };
  const v = view.scores?.[c];
  if (typeof v === 'number') {
    const text = scoreText(v);
    const kind = v > 0 ? 'win' : v < 0 ? 'loss' : 'draw';
    const best = view.best?.includes(c + 1);
    return { text, words: `score ${text.replace('\u2212', 'minus ')}, ${kind === 'draw' ? 'a draw' : 'a ' + kind}${best ? ', best' : ''}`,
      cls: kind + (best ? ' best' : '') };
  }
  if (view.unknown) return { text: '?', words: 'score unknown', cls: '' };
  return { text: '\u2026', words: 'score being computed', cls: '' };
}

// bestColumns lists the 1-based columns of the highest of scores.
function bestColumns(scores) {
  const known = scores.filter((v) => typeof v === 'number');
  const top = Math.max(...known);
  return known.length ? scores.flatMap((v, i) => (v === top ? [i + 1] : [])) : [];
}

export class FourgenBoard extends HTMLElement {
  static observedAttributes = ['position', 'scores', 'readonly', 'numbers', 'keys'];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    // A constructed sheet where the browser has them: a page whose
    // Content-Security-Policy refuses inline styles (c4 serve's) keeps it.
    const sheet = styleSheet();
    if (sheet) this.shadowRoot.adoptedStyleSheets = [sheet];
    this.shadowRoot.innerHTML = (sheet ? '' : `<style>${STYLE}</style>`) + `<div class="scores" part="scores" aria-live="polite"></div>` +
      `<div class="cols" part="board" role="group"></div><div class="numbers" part="numbers" aria-hidden="true" hidden></div>` +
      `<div class="bar"><span class="status" part="status"></span>` +
      `<button class="undo" part="undo" type="button">Undo</button></div><div class="book" part="book" hidden></div>`;
    this.scoresRow = this.shadowRoot.querySelector('.scores');
    this.cols = this.shadowRoot.querySelector('.cols');
    this.numbersRow = this.shadowRoot.querySelector('.numbers');
    this.status = this.shadowRoot.querySelector('.status');
    this.undoButton = this.shadowRoot.querySelector('.undo');
    this.bookNote = this.shadowRoot.querySelector('.book');
    this.undoButton.addEventListener('click', () => this.undo());
    this.cols.addEventListener('click', (e) => {
      const b = e.target.closest('.col');
      if (b && !b.disabled) this.clicked(Number(b.dataset.col));
    });
    this.state = null; // the engine's description of the position shown
    this.view = {}; // the scores shown: { scores, best, unknown, mayPlay }
    this.shown = 0; // counts the positions asked for: a late answer is dropped
  }

  get controlled() { return this.hasAttribute('controlled'); }

  connectedCallback() {
    if (!this.state) this.showEmpty(PLACEHOLDER, this.controlled ? '' : 'Loading the engine\u2026');
    this.update();
  }

  // showEmpty draws an empty board of d's size that takes no clicks, with
  // text as its status.
  showEmpty(d, text) {
    this.draw({ ...PLACEHOLDER, width: d.width, height: d.height, board: Array.from({ length: d.width }, () => []) }, { mayPlay: false });
    this.undoButton.disabled = true;
    this.status.textContent = text;
  }

  disconnectedCallback() { this.stopScores(); }

  attributeChangedCallback() { if (this.isConnected) this.update(); }

  get position() { return this.getAttribute('position') ?? ''; }

  set position(moves) { this.setAttribute('position', String(moves)); }

  // show draws d, an engine's description of a position (Solver's inspect
  // or c4 serve's /api/inspect), on a controlled board, with view: scores
  // (the score of each column, a number once known), best (the 1-based
  // columns to mark best), unknown (the scores could not be found), mayPlay
  // (a click on a legal column fires column; default true).
  show(d, view = {}) {
    this.state = d;
    this.draw(d, view);
  }

  // canPlay reports whether a click on column col (1-based) is taken now.
  canPlay(col) {
    const b = this.cols.querySelector(`.col[data-col="${col}"]`);
    return b !== null && !b.disabled;
  }

  // clicked answers a click on column col (1-based): a controlled board
  // fires column (detail: { column }); another plays it.
  clicked(col) {
    if (this.controlled) {
      this.dispatchEvent(new CustomEvent('column', { detail: { column: col }, bubbles: true, composed: true }));
      return;
    }
    this.play(col);
  }

  // play plays column col (1-based) and fires change. The engine writes
  // the new move string from the list of columns: the element never
  // splits or joins one itself.
  async play(col) {
    if (this.controlled || this.hasAttribute('readonly') || !this.state || !this.state.legalColumns.includes(col)) return;
    await this.goTo([...this.state.columns, col]);
  }

  // undo takes back the last move and fires change.
  async undo() {
    if (this.controlled || this.hasAttribute('readonly') || !this.state || this.state.columns.length === 0) return;
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

  // update shows the position of the attribute, then its scores; a
  // controlled board redraws what it was shown.
  async update() {
    if (this.controlled) {
      if (this.state) this.draw(this.state, this.view);
      return;
    }
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
    this.draw(d, {});
    this.watchBook(e.scorer);
    if (!this.hasAttribute('scores') || d.status !== 'playing') return;
    const scoring = new AbortController();
    this.scoring = scoring;
    try {
      const scores = await e.scorer.analyze(d.moves, { signal: scoring.signal });
      if (n === this.shown) this.draw(d, { scores, best: bestColumns(scores) });
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

  // build makes the buttons of a board of width columns and height rows,
  // the spans of their scores and numbers: draw fills them.
  build(width, height) {
    for (const e of [this.scoresRow, this.cols, this.numbersRow]) e.style.setProperty('--w', width);
    const cells = '<span class="cell"></span>'.repeat(height);
    this.cols.innerHTML = Array.from({ length: width },
      (_, i) => `<button class="col" type="button" data-col="${i + 1}" disabled>${cells}</button>`).join('');
    this.scoresRow.innerHTML = '<span class="score"></span>'.repeat(width);
    this.numbersRow.innerHTML = Array.from({ length: width }, (_, i) => `<span>${i + 1}</span>`).join('');
    this.lastSize = { width, height };
  }

  // draw draws d, an engine's description, with the scores of view (as
  // show takes it): the stones, the last one played, the winning line, the
  // score above each column and, for screen readers, on its button. The
  // buttons stay (a click is never lost to a redraw) unless the size
  // changes.
  draw(d, view) {
    this.view = view;
    if (this.lastSize?.width !== d.width || this.lastSize?.height !== d.height) this.build(d.width, d.height);
    const four = new Set(d.fours.map(([c, r]) => `${c},${r}`));
    const lastCol = d.columns?.length ? d.columns.at(-1) : 0;
    const mayPlay = !this.hasAttribute('readonly') && view.mayPlay !== false;
    const buttons = this.cols.children;
    const spans = this.scoresRow.children;
    const keys = [...(this.getAttribute('keys') ?? '')]; // the keys its page plays the columns with
    for (let c = 1; c <= d.width; c++) {
      const stones = d.board[c - 1];
      const b = buttons[c - 1];
      for (let r = 1; r <= d.height; r++) {
        const p = stones[r - 1];
        const last = p && c === lastCol && r === stones.length;
        b.children[r - 1].className = `cell${p ? ' p' + p : ''}${last ? ' last' : ''}${four.has(`${c},${r}`) ? ' four' : ''}`;
      }
      const label = columnLabel(d, view, c - 1);
      const filled = stones.length ? 'bottom to top ' + stones.map((p) => PLAYERS[p]).join(', ') : 'empty';
      b.setAttribute('aria-label', `Column ${c}: ${filled}; ${label.words}`);
      b.disabled = !(mayPlay && d.legalColumns.includes(c));
      if (keys[c - 1]) b.setAttribute('aria-keyshortcuts', keys[c - 1]);
      else b.removeAttribute('aria-keyshortcuts');
      spans[c - 1].className = 'score' + (label.cls ? ' ' + label.cls : '');
      spans[c - 1].title = label.words;
      spans[c - 1].textContent = label.text;
    }
    this.cols.hidden = false;
    this.scoresRow.hidden = !this.hasAttribute('scores');
    this.numbersRow.hidden = !this.hasAttribute('numbers');
    this.shadowRoot.querySelector('.bar').hidden = this.controlled;
    if (d.status === 'loading') return;
    this.status.textContent = d.status === 'won' ? `Player ${d.winner} has won` :
      d.status === 'drawn' ? 'A draw' : `Player ${d.toMove} to move`;
    this.undoButton.hidden = this.hasAttribute('readonly');
    this.undoButton.disabled = d.moves === '';
  }
}

if (!customElements.get('fourgen-board')) customElements.define('fourgen-board', FourgenBoard);
