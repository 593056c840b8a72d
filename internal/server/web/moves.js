// How the page reads and writes move strings, as the engine does: a digit a
// move on a board of up to nine columns, 1-based column numbers separated by
// commas on a wider board, or whenever the string has a comma (a link's
// ?pos=4,4,5): a move added is written as the string was.

let commasOnly = false; // the board has more than nine columns

// setBoardWidth tells the module the board's width, from the engine's answer.
export function setBoardWidth(width) {
  commasOnly = width > 9;
}

// splitMoves lists the columns of moves, 1-based, as strings: '4453' and
// '4,4,5,3' give ['4', '4', '5', '3'].
export function splitMoves(moves) {
  if (moves === '') return [];
  return commasOnly || moves.includes(',') ? moves.split(',') : [...moves];
}

// joinMoves writes columns (strings, 1-based) as a move string in the
// notation of like, a move string.
export function joinMoves(cols, like) {
  return cols.join(commasOnly || like.includes(',') ? ',' : '');
}

// countMoves is the number of moves of a move string.
export const countMoves = (moves) => splitMoves(moves).length;
