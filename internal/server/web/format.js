// How the page writes players, scores and counts.

// SIDE names the players: player 1 moves first.
export const SIDE = ['', 'Red', 'Yellow'];

// plural writes a count and a noun, adding an s unless the count is 1.
export function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

// scoreText writes a score readably, with a real minus sign.
export function scoreText(v) {
  if (v > 0) return '+' + v;
  if (v < 0) return '\u2212' + -v;
  return '0';
}

// scoreLabel describes a known score: its text, its words for screen
// readers and its CSS classes.
export function scoreLabel(v) {
  const text = scoreText(v);
  const kind = v > 0 ? 'win' : v < 0 ? 'loss' : 'draw';
  const words = 'score ' + text.replace('\u2212', 'minus ') + ', ' + (kind === 'draw' ? 'a draw' : 'a ' + kind);
  return { text, words, cls: 'score ' + kind };
}
