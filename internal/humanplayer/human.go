// This file holds the person at a terminal (c4 play) as an Agent: the
// board drawn before each move, then moves, undos, hints and quits read
// line by line.

package humanplayer

import (
	"context"
	"fmt"
	"io"
	"iter"
	"strings"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/posfile"
	"github.com/fourgen/fourgen/internal/textboard"
)

// gameEnd is the error of a [Human]'s Move that ends the game early; its
// text is what to print for it.
type gameEnd string

func (e gameEnd) Error() string { return string(e) }

// The ways a person ends a game early: quitting, or the end of the input.
const (
	errQuit       gameEnd = "You quit."
	errEndOfInput gameEnd = "End of input: game abandoned."
)

// HumanOptions configures a [Human]. The zero value draws without colour
// and gives no hint time.
type HumanOptions struct {
	// Player is the person's player number: 1 (moves first) or 2.
	Player int
	// Opponent names the other player in hints and results.
	Opponent string
	// Colour draws the board in ANSI colour; Echo prints each line read,
	// so that scripted input shows in the transcript.
	Colour, Echo bool
	// HintTimeout is how long a hint may search; TableMiB and Book
	// configure its solver, made at the first hint.
	HintTimeout time.Duration
	TableMiB    int
	Book        *engine.Book
}

// Human is a person playing through text: its Move draws the board on out
// and reads, line by line from in, a column (1 to [board.Width]), u to
// undo ([agent.ErrUndo]), h for a hint or q to quit (errQuit); the end of
// the input is errEndOfInput. Call Played after every move of the game,
// so that the board marks the last one, and Close when the game is over.
type Human struct {
	opts    HumanOptions
	out     io.Writer
	next    func() (posfile.Line, error, bool)
	stop    func()
	opening int   // stones of the start, which undo keeps
	moves   []int // the game so far, 0-based columns
	solver  *engine.Solver
}

// NewHuman returns the person who reads in and writes out, in the game
// starting from the move string start. Reading stops when ctx is done.
func NewHuman(ctx context.Context, in io.Reader, out io.Writer, start string, opts HumanOptions) *Human {
	next, stop := iter.Pull2(posfile.LinesCtx(ctx, in))
	cols, _, _ := board.ReadMoves(start, false) // the caller's start is a legal game
	return &Human{opts: opts, out: out, next: next, stop: stop, opening: len(cols), moves: cols}
}

// Close stops reading the input.
func (h *Human) Close() { h.stop() }

// Name names the person in errors.
func (h *Human) Name() string { return "you" }

// Played records a move of either player in column col (0-based).
func (h *Human) Played(col int) { h.moves = append(h.moves, col) }

// Board draws p, the game's position, its last move marked or, once the
// game is won, the winning four ([textboard.Marked]).
func (h *Human) Board(p board.Position) string {
	last := -1
	if len(h.moves) > 0 {
		last = h.moves[len(h.moves)-1]
	}
	return textboard.Board(p, textboard.Marked(p, last), h.opts.Colour)
}

// Result says how the game that ended in p went, to the person, and
// where the winning four is: in capitals on the last board ([Human.Board]).
func (h *Human) Result(p board.Position) string {
	switch {
	case !p.IsWon():
		return "Draw: the board is full."
	case p.Winner() == h.opts.Player:
		return "You win! Your four is in capitals."
	}
	return h.opts.Opponent + " wins. Its four is in capitals."
}

// Move draws p and returns the column the person chooses, [agent.ErrUndo],
// errQuit or errEndOfInput.
func (h *Human) Move(ctx context.Context, p board.Position) (int, error) {
	fmt.Fprintf(h.out, "\n%s", h.Board(p))
	for {
		fmt.Fprintf(h.out, "your move (1-%d, u, h, q): ", board.Width)
		line, err, ok := h.next()
		switch {
		case !ok:
			fmt.Fprintln(h.out)
			return -1, errEndOfInput
		case ctx.Err() != nil:
			fmt.Fprintln(h.out)
			return -1, context.Cause(ctx)
		case err != nil:
			return -1, fmt.Errorf("reading stdin: %w", err)
		}
		cmd := strings.ToLower(strings.TrimSpace(line.Text))
		if h.opts.Echo {
			fmt.Fprintln(h.out, line.Text)
		}
		switch {
		case cmd == "":
		case cmd == "q" || cmd == "quit":
			return -1, errQuit
		case cmd == "u" || cmd == "undo":
			// It is the person's turn: their last move was two plies ago.
			if len(h.moves)-2 < h.opening {
				fmt.Fprintln(h.out, "Nothing to undo.")
				continue
			}
			h.moves = h.moves[:len(h.moves)-2]
			fmt.Fprintln(h.out, "Undone: your last move and the reply.")
			return -1, agent.ErrUndo
		case cmd == "h" || cmd == "hint":
			if err := h.hint(ctx, p); err != nil {
				return -1, err
			}
		case isColumn(cmd):
			// Move is asked only while the game goes on: a full column is
			// the one reason left to refuse a column on the board.
			col := columnNumbered(cmd)
			if !p.CanPlay(col) {
				fmt.Fprintf(h.out, "Column %d is full; try another.\n", col+1)
				continue
			}
			return col, nil
		default:
			fmt.Fprintf(h.out, "%s is not a move: enter a column 1-%d,\nu to undo, h for a hint or q to quit.\n", english.Quote(line.Text, 20), board.Width)
		}
	}
}

// isColumn reports whether cmd is the number of a column of the board
// (1-based: "4", "12").
func isColumn(cmd string) bool { return !strings.Contains(cmd, ",") && columnNumbered(cmd) >= 0 }

// columnNumbered is the 0-based column whose number cmd is, or -1.
func columnNumbered(cmd string) int {
	cols, err := board.Notation{Commas: true}.Read(cmd)
	if err != nil || len(cols) != 1 {
		return -1
	}
	return cols[0]
}
