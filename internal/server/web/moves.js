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
  if (!(commasOnly || moves.includes(','))) return [...moves];
  const cols = moves.split(',');
  return cols[cols.length - 1] === '' ? cols.slice(0, -1) : cols; // '10,' is one move
}

// joinMoves writes columns (strings, 1-based) as a move string in the
// notation of like, a move string. One column of two digits is written
// with a comma after it ('10,'), as the engine reads one move of column 10.
export function joinMoves(cols, like) {
  if (!(commasOnly || like.includes(','))) return cols.join('');
  return cols.length === 1 && cols[0].length > 1 ? cols[0] + ',' : cols.join(',');
}

// countMoves is the number of moves of a move string.
export const countMoves = (moves) => splitMoves(moves).length;

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
