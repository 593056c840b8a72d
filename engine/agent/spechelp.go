package agent

// SpecHelp describes the spec of every agent [New] makes, for the help of
// the commands that take one (c4 match, play and eval): one agent a
// paragraph, its spec in the first column, indented two spaces.
const SpecHelp = `  perfect          a best move by the exact solver; among equally good
                   columns one chosen at random by the seed (centre first
                   for seed 0)
  level1..level5   (or level:N) the best move with probability 0.2, 0.4, 0.6,
                   0.8, 0.95, and otherwise a random move among those that do
                   not let the opponent make four at once. The best move
                   comes from the exact solver from 12 stones on (or within
                   4 stones before the book's), and before that from a
                   10-ply lookahead that counts each side's winning cells;
                   a move takes well under a second. Each level beats the
                   one below it most of the time; level 1 is about as
                   strong as greedy.
  random           a uniformly random legal column
  greedy           makes four if it can, else blocks the opponent's four,
                   else a random move that does not let the opponent make
                   four at once
  mcts:N           Monte-Carlo tree search with N greedy playouts a move
                   (mcts:10000 is about level 4-5, a few ms a move); on
                   boards of one word only (its playouts run on batch)
`
