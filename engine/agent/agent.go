package agent

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/batch"
	"github.com/fourgen/fourgen/engine/board"
)

// Agent is a Connect-4 player.
type Agent interface {
	// Name is the agent's canonical spec, as [New] accepts it: "perfect",
	// "level3", "random", "greedy".
	Name() string
	// Move returns the column (0-based) the agent plays in p, never a full
	// one. It fails with [engine.ErrGameOver] when p is already won, with
	// [engine.ErrNoMove] when the board is full, and with ctx's error when
	// ctx is cancelled first.
	Move(ctx context.Context, p board.Position) (col int, err error)
}

// Options configures the agents [New] makes. The zero value is valid.
type Options struct {
	// Seed seeds every random choice of the agent.
	Seed uint64
	// TableMiB is the size of the solver's transposition table for the
	// perfect and level agents; 0 means [engine.DefaultTableMiB]. The table
	// is allocated at the first move that needs the solver.
	TableMiB int
	// Book, if not nil, is the opening book the solver consults.
	Book *engine.Book
	// TieBreak chooses among equally good columns for the perfect and level
	// agents. Its zero value, [engine.CentreFirst], stands for
	// engine.SeededRandom(Seed) when Seed is not 0. A SeededRandom tie-break
	// holds a generator: do not share one between agents used at once.
	TieBreak engine.TieBreak
}

// levels is the number of graded levels, "level1" to "level<levels>".
const levels = 5

// bestChance is, for each level from 1, the probability that it plays the
// best move rather than a random safe one.
var bestChance = [levels]float64{0.2, 0.4, 0.6, 0.8, 0.95}

// Specs lists the canonical spec of every agent [New] makes, weakest
// first (perfect last).
func Specs() []string {
	specs := []string{"random", "greedy"}
	for l := 1; l <= levels; l++ {
		specs = append(specs, "level"+strconv.Itoa(l))
	}
	return append(specs, "perfect")
}

// New makes the agent named by spec: "perfect", "level1" to "level5" (or
// "level:1" to "level:5"), "random", "greedy" or "mcts:N" (Monte-Carlo tree
// search with N playouts per move), case-insensitive.
func New(spec string, opts Options) (Agent, error) {
	name := strings.ToLower(strings.TrimSpace(spec))
	switch name {
	case "perfect":
		return newPerfect(opts), nil
	case "random":
		return &randomAgent{rng: newRand(opts.Seed)}, nil
	case "greedy":
		return &greedyAgent{rng: newRand(opts.Seed)}, nil
	}
	if digits, ok := strings.CutPrefix(name, "mcts:"); ok {
		if n, err := strconv.Atoi(digits); err == nil && n >= 1 && n <= MaxMCTSPlayouts && digits == strconv.Itoa(n) {
			if err := batch.Supported(); err != nil {
				return nil, &UnknownError{Spec: spec, Why: "mcts:N plays out on batch, which " + strings.TrimPrefix(err.Error(), "batch ")}
			}
			return newMCTS(n, opts), nil
		}
		return nil, &UnknownError{Spec: spec, Why: fmt.Sprintf("mcts:N takes N from 1 to %d", MaxMCTSPlayouts)}
	}
	if digits, ok := strings.CutPrefix(name, "level"); ok {
		digits = strings.TrimPrefix(digits, ":")
		if l, err := strconv.Atoi(digits); err == nil && l >= 1 && l <= levels && digits == strconv.Itoa(l) {
			return newLevel(l, opts), nil
		}
		return nil, &UnknownError{Spec: spec, Why: fmt.Sprintf("levels run from 1 to %d", levels)}
	}
	return nil, &UnknownError{Spec: spec}
}

// UnknownError is the error of [New] for a spec that names no agent. It
// lists the agents there are, the same list whatever was wrong.
type UnknownError struct {
	Spec string
	Why  string // what is wrong with the spec, if more than its being unknown
	// Also lists more agents, of another package that makes them too
	// (cmd: and url:), after the built-in ones.
	Also []string
}

func (e *UnknownError) Error() string {
	why := ""
	if e.Why != "" {
		why = e.Why + "; "
	}
	return fmt.Sprintf("unknown agent %q: %swant one of %s", e.Spec, why, SpecList(e.Also...))
}

// SpecList lists the agents [New] makes on this build's board, for an
// error message, then also: "random, greedy, level1, ..., level5 (or
// level:N), perfect, mcts:N (...)". mcts:N is listed only where batch
// plays the board (not on a board of two words).
func SpecList(also ...string) string {
	list := Specs()
	list[1+levels] += " (or level:N)" // after random, greedy and the levels
	if batch.Supported() == nil {
		list = append(list, fmt.Sprintf("mcts:N (Monte-Carlo tree search with N playouts per move, 1 to %d)", MaxMCTSPlayouts))
	}
	return strings.Join(append(list, also...), ", ")
}

// newRand returns the generator of an agent seeded by seed.
func newRand(seed uint64) *rand.Rand {
	r, _ := newRewindable(seed)
	return r
}

// newRewindable returns the generator of an agent seeded by seed and its
// source, for an agent whose move can fail after drawing (see rewind).
func newRewindable(seed uint64) (*rand.Rand, *rand.PCG) {
	// The second word only separates agents' streams from the tie-break's.
	src := rand.NewPCG(seed, 0x6a09e667f3bcc909)
	return rand.New(src), src
}

// rewound is move's choice in p, drawing from src, with src put back to
// its state before the move when the move failed: a move stopped by its
// deadline or a cancel then draws nothing, and a seeded agent asked again
// chooses as if asked once, so that its seed plays the same games however
// often its moves are interrupted (as the Python package's Ctrl-C slices
// interrupt them).
func rewound(ctx context.Context, p board.Position, src *rand.PCG, move func(context.Context, board.Position) (int, error)) (int, error) {
	saved := *src
	col, err := move(ctx, p)
	if err != nil {
		*src = saved
	}
	return col, err
}

// tieBreak resolves the tie-break of opts as [Options.TieBreak] describes.
func tieBreak(opts Options) engine.TieBreak {
	if opts.TieBreak == (engine.TieBreak{}) && opts.Seed != 0 {
		return engine.SeededRandom(opts.Seed)
	}
	return opts.TieBreak
}

// newSolver returns a solver configured by opts.
func newSolver(opts Options) (*engine.Solver, error) {
	s, err := engine.NewSolver(opts.TableMiB)
	if err != nil {
		return nil, err
	}
	s.SetBook(opts.Book)
	return s, nil
}

// playable checks that p admits a move and that ctx is live, returning the
// error [Agent.Move] reports otherwise.
func playable(ctx context.Context, p board.Position) error {
	switch {
	case p.IsWon():
		return engine.ErrGameOver
	case p.IsFull():
		return engine.ErrNoMove
	}
	return ctx.Err()
}

// columnOf is the 0-based column of the cell whose single bit is cell.
func columnOf(cell board.Bits) int { return board.ColumnOf(cell) }

// columns lists the columns (0-based) of the cells of set, left to right.
func columns(set board.Bits) []int {
	var cols []int
	for ; !set.IsZero(); set = set.ClearLowest() {
		cols = append(cols, columnOf(set.Lowest()))
	}
	return cols
}

// legalColumns lists the columns of p that are not full, left to right.
func legalColumns(p board.Position) []int { return columns(p.Legal()) }

// safeColumns lists the columns of p that win at once or after which the
// opponent cannot make four at once, left to right.
func safeColumns(p board.Position) []int { return columns(p.WinningMoves().Or(p.NonLosingMoves())) }

// pick returns a uniformly random element of cols, which must not be
// empty.
func pick(rng *rand.Rand, cols []int) int { return cols[rng.IntN(len(cols))] }
