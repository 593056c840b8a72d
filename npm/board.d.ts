// Type declarations of fourgen's <fourgen-board> element (board.js).

/**
 * Sets the workers and table (MiB) of the engine every board of the page
 * shares (default 2 workers of 32 MiB); call it before the first board is
 * shown.
 */
export function configure(options?: { workers?: number; tableMiB?: number }): void;

/**
 * <fourgen-board position="4453" scores readonly>: a board with the score
 * of each column above it; a click plays a column, Undo takes a move back,
 * and either fires `change` with `detail.position`.
 */
export class FourgenBoard extends HTMLElement {
  /** The position shown, a move string of 1-based columns (the position attribute). */
  position: string;
  /** Plays column col (1-based) if it can be played; resolves once `change` has fired. */
  play(col: number): Promise<void>;
  /** Takes back the last move; resolves once `change` has fired. */
  undo(): Promise<void>;
  /**
   * On a board with the controlled attribute (no engine of its own): draws
   * description, an engine's description of a position (Solver's inspect,
   * or c4 serve's /api/inspect), with the score of each column once known
   * (scores), the 1-based columns to mark best, unknown for scores that
   * could not be found, and mayPlay (default true) for a click on a legal
   * column to fire `column` with `detail.column` (1-based).
   */
  show(description: object, view?: { scores?: (number | undefined | null)[]; best?: number[]; unknown?: boolean; mayPlay?: boolean }): void;
  /** Whether a click on column col (1-based) is taken now. */
  canPlay(col: number): boolean;
}

declare global {
  interface HTMLElementTagNameMap {
    'fourgen-board': FourgenBoard;
  }
}
