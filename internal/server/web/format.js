// How the page writes players and counts (the scores: the board element's scoreText).

// SIDE names the players: player 1 moves first.
export const SIDE = ['', 'Red', 'Yellow'];

// plural writes a count and a noun, adding an s unless the count is 1.
export function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
