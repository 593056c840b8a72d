// How the page writes players and counts (the scores: the board element's scoreText).

// SIDE names the players: player 1 moves first.
export const SIDE = ['', 'Red', 'Yellow'];

// plural writes a count and a noun, adding an s unless the count is 1.
export function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

// ruleText names the board and the rule of the engine's build, from an
// answer's position: "7×6 board, four in a row to win".
export function ruleText(position) {
  const k = position.inARow;
  return `${position.width}×${position.height} board, ${NUMBER_WORDS[k] ?? k} in a row to win`;
}
