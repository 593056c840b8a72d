package answer

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
)

// AgentTableMiB is the transposition table of the agent made for one move.
// An agent lives for one move, so its table cannot pay off across moves,
// and making a table touches all of it: on 12- to 20-stone positions a
// perfect move took less time with 1 MiB than with 8 or 64. A table this
// small also stays in the Go heap; larger ones are mapped outside it, and a
// stream of requests would pile them up faster than the collector, which
// does not see them, frees them.
const AgentTableMiB = 1

// Move is the answer of an agent's move: the column played and the
// position it leads to.
type Move struct {
	Position        // after the move; Winner is there only if the move ended the game
	Col      int    `json:"col"`    // 1-based column played
	Level    string `json:"level"`  // the agent's canonical spec
	Seed     uint64 `json:"seed"`   // the seed used, to replay the choice
	Micros   int64  `json:"micros"` // thinking time
}

// Seed parses a seed, "" for a random one (exact in a JavaScript number).
func Seed(text string) (uint64, error) {
	if text == "" {
		return rand.Uint64N(1 << 53), nil
	}
	seed, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return 0, Refusef("bad seed %q: want an unsigned 64-bit integer", text)
	}
	return seed, nil
}

// NewAgent returns the agent named by level, seeded with seed and using
// book (nil for none), refusing an empty or unknown level.
func NewAgent(level string, seed uint64, book *engine.Book) (agent.Agent, error) {
	if level == "" {
		return nil, Refusef("level missing: want one of %s", agent.SpecList())
	}
	ag, err := agent.New(level, agent.Options{Seed: seed, TableMiB: AgentTableMiB, Book: book})
	if err != nil {
		return nil, Refusef("%v", err)
	}
	return ag, nil
}

// CanMove refuses a move in a finished game.
func CanMove(p board.Position) error {
	switch {
	case p.IsWon():
		return Refusef("no move: %v", p.WonError())
	case p.IsFull():
		return Refusef("no move: the board is full")
	}
	return nil
}

// PlayAgent returns the move of ag, made with seed, in p, reached by
// moves. The game must not be over ([CanMove]).
func PlayAgent(ctx context.Context, ag agent.Agent, seed uint64, moves string, p board.Position) (*Move, error) {
	start := time.Now()
	col, err := ag.Move(ctx, p)
	if err != nil {
		return nil, err
	}
	if !p.CanPlay(col) {
		return nil, fmt.Errorf("agent %s chose column %d, which cannot be played", ag.Name(), col+1)
	}
	p.Play(col)
	next := appendMove(moves, col)
	return &Move{
		Position: Describe(next, p),
		Col:      col + 1,
		Level:    ag.Name(),
		Seed:     seed,
		Micros:   time.Since(start).Microseconds(),
	}, nil
}

// SolverHint says, for the message of a solve that took too long, what
// makes a solve slow with book (nil for none).
func SolverHint(book *engine.Book) string {
	if book == nil {
		return "positions with few stones need an opening book"
	}
	return fmt.Sprintf("positions with fewer stones than the opening book's %d take longer", book.Plies())
}

// AgentHint says, for the message of a move that took too long, what makes
// the moves of the agent called name (its canonical spec) slow: the
// solver's positions for the solving agents, the playouts for mcts:N,
// nothing for the others.
func AgentHint(name string, book *engine.Book) string {
	switch {
	case strings.HasPrefix(name, "mcts:"):
		return name + " plays " + strings.TrimPrefix(name, "mcts:") + " playouts per move: fewer answer sooner"
	case name == "perfect", strings.HasPrefix(name, "level"):
		return SolverHint(book)
	}
	return ""
}

// appendMove appends 0-based column col to moves, a move string the engine
// played, in its notation.
func appendMove(moves string, col int) string {
	_, n, _ := board.ReadMoves(moves, false)
	return n.Append(moves, col)
}
