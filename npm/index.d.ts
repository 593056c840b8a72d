// Type declarations of fourgen's npm package (index.js).

/**
 * A position: a move string of 1-based columns ("4453", "4,4,5,3", "" for
 * the empty board); the columns played, counted from `base`; a grid, an
 * array of rows of cells, the top row first (0 empty, 1 and 2 the players'
 * stones); an object with a `board` of Kaggle ConnectX's cells (42 of them,
 * the top row first; Kaggle's `observation` is one); or such cells as
 * text (in brackets, or all 42 comma-separated), or a text grid ("x", "o",
 * ".").
 */
export type Position = string | number[] | number[][] | { board: number[] | string };

/** A step of a long solve: the score of playing `column` lies in [lo, hi]. */
export interface Progress {
  /** The 1-based column being solved, 0 for the whole position. */
  column: number;
  lo: number;
  hi: number;
  /** Positions searched so far. */
  nodes: number;
  /** Microseconds since the solve began (in the worker that solves). */
  micros: number;
}

export interface RequestOptions {
  /**
   * Aborting it stops the request: its promise rejects with the signal's
   * reason. Anything but an AbortSignal is refused with a TypeError.
   */
  signal?: AbortSignal;
  /**
   * Called with each progress event of a long solve. If it throws, the
   * request stops and rejects with an Error whose cause is what it threw.
   */
  onProgress?: (progress: Progress) => void;
  /** How column arrays and bestMove count columns: 0 or 1 (default: the solver's). */
  base?: 0 | 1;
  /**
   * Kaggle ConnectX's configuration: the request is refused (an Error naming
   * the make line of the package that plays it) unless its rows, columns and
   * inarow are this build's (see Solver.rule, checkConfiguration).
   */
  configuration?: ConnectXConfiguration;
}

/** The part of Kaggle ConnectX's configuration the engine holds to its build. */
export interface ConnectXConfiguration {
  rows: number;
  columns: number;
  inarow: number;
}

export interface SolverOptions {
  /**
   * The transposition table of each worker, in MiB: 1 to 256, default 2
   * (a default solver stays under 100 MB in Node). A larger table speeds
   * up long solves (positions of 12 to 20 stones).
   */
  tableMiB?: number;
  /**
   * Load the deep opening book (fourgen-book.fgb, positions of 11 stones)
   * after start-up: default true in a browser, false in Node, where it
   * costs each worker about 36 MB. Until it is loaded, or if it cannot be,
   * the engine answers by search.
   */
  book?: boolean;
  /** Workers, each with its own table: 1 to 16, default 1. */
  workers?: number;
  /** How column arrays and bestMove count columns: 0 or 1, default 1. */
  base?: 0 | 1;
}

/** What the rules say about a position, without solving. */
export interface Inspection {
  /** A move string reaching the position. */
  moves: string;
  width: number;
  height: number;
  /** 1 or 2: the player whose turn it is. */
  toMove: 1 | 2;
  status: 'playing' | 'won' | 'drawn';
  /** The winner (0 for a draw) once the game is over, else null. */
  winner: 0 | 1 | 2 | null;
  /** The stones of each column, bottom to top: 1 or 2. */
  board: number[][];
  /** The cells of the winning line or lines, [column, row], 1-based. */
  fours: [number, number][];
  /** The 1-based columns that can be played. */
  legalColumns: number[];
  /** The moves of `moves` in order, 1-based columns, as the engine reads the move string. */
  columns: number[];
}

/**
 * fourgen's exact Connect-4 solver, run off the main thread (Web Workers
 * in a browser, worker_threads in Node). Scores are c4's: from the side to
 * move, 22−k for a win with one's k-th stone, 0 for a draw, negative for a
 * loss. A refused position rejects with an Error in the c4 command's
 * words.
 */
export class Solver {
  /** Starts a solver; the engine is compiled once per page or process. */
  static create(options?: SolverOptions): Promise<Solver>;
  /** The engine's version: the package's. */
  readonly version: string;
  /**
   * The board and rule of this build: 7×6, four in a row, or what make npm
   * SIZE=WxH K=k built (docs/connect-k.md).
   */
  readonly rule: { width: number; height: number; inarow: number };
  /**
   * Throws unless configuration is this build's board and rule, naming the
   * build that plays it ("make npm SIZE=7x6 K=5 builds one that plays it").
   */
  checkConfiguration(configuration: ConnectXConfiguration): void;
  readonly workers: number;
  readonly tableMiB: number;
  readonly base: 0 | 1;
  /**
   * What became of the deep opening book: its plies and positions once
   * the workers hold it, or the error that kept it out (the engine then
   * answers by search). Never rejects.
   */
  readonly book: Promise<{ plies: number; positions: number } | { error: string }>;
  /** The exact score of the position for the side to move (c4 solve). */
  solve(position: Position, options?: RequestOptions): Promise<number>;
  /** The outcome for the side to move: 1 win, 0 draw, −1 loss (c4 solve --weak). */
  solveWeak(position: Position, options?: RequestOptions): Promise<-1 | 0 | 1>;
  /** The score of playing each column (c4 analyze), null for a full column. */
  analyze(position: Position, options?: RequestOptions): Promise<(number | null)[]>;
  /**
   * The whole analysis, as c4 serve's /api/analyze answers it (docs/api.md):
   * scores (-1000 for a full column), best, nodes, micros (the solve's time
   * only: with several workers, the longest worker's summed solves), the
   * position's description and inspection. With several workers onProgress
   * also gets each column's score once solved (lo = hi).
   */
  analysis(position: Position, options?: RequestOptions): Promise<Record<string, unknown>>;
  /** A best column (counted from base; the nearest the centre among equals) and its score. */
  bestMove(position: Position, options?: RequestOptions): Promise<{ column: number; score: number }>;
  /** What the rules say about the position. */
  inspect(position: Position, options?: RequestOptions): Promise<Inspection>;
  /** Ends the workers; requests in flight reject. */
  close(): void;
}
