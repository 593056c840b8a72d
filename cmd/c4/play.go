package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/posfile"
)

const playHelp = `Play plays a game of Connect 4 in the terminal between you and an agent
(--agent, default level3). You play --side 1 (Red, x, the first player)
or 2 (Yellow, o), as on the web page of c4 serve; the game starts from
--opening, a move string (default the empty board), and the agent moves
at once if it is its turn.

Before each of your moves the board is drawn, the last move's stone in
capitals (X or O), in colour on a terminal unless the NO_COLOR environment
variable is set, and you are asked for a move:
  1..7   drop a stone in that column
  u      undo your last move and the agent's reply
  h      hint: the score of playing each column, as c4 analyze prints it
         (-1000 for a full column), and who then wins with which of
         their stones from now. It gives up after --hint-timeout (with
         --no-book, positions with few stones take minutes).
  q      quit
When the game ends, or you quit, the game's move string is printed, to be
pasted into c4 analyze or c4 play --opening. Input is read line by line,
so a script can play too; the end of the input ends the game like q.

` + agentsHelp + `
Without --seed, the agent is seeded from the clock, and the seed printed so
that the game can be replayed.
`

// playSession is the state of one game of c4 play.
type playSession struct {
	game    *engine.Game
	opening int // stones of the opening, which undo keeps
	human   int // the human's player number, 1 or 2
	agent   agent.Agent
	seed    uint64 // the agent's
	stdout  io.Writer
	colour  bool // draw the board in colour

	hintTimeout time.Duration
	tableMiB    int
	book        *engine.Book
	solver      *engine.Solver // for hints, made at the first
}

// runPlay plays a game between the user and an agent.
func runPlay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	spec := fs.String("agent", "level3", "the agent to play against: `SPEC`, listed below")
	side := fs.Int("side", 1, "your player: 1 (Red, x, moves first) or 2 (Yellow, o)")
	opening := fs.String("opening", "", "start from `MOVES`")
	seed := fs.Uint64("seed", 0, "seed `S` of the agent's random choices (default: from the clock)")
	bookChoice := addBookFlags(fs)
	hintTimeout := fs.Duration("hint-timeout", 20*time.Second, "give up a hint after this long")
	tableMiB := tableFlag(fs)
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	seeded := false
	fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
	switch {
	case fs.NArg() > 0:
		return usageErrorf("play", "want no arguments, got %q", fs.Args())
	case *side != 1 && *side != 2:
		return usageErrorf("play", "--side %d: want 1 or 2", *side)
	case *hintTimeout <= 0:
		return usageErrorf("play", "--hint-timeout %v: want a positive duration", *hintTimeout)
	}
	if err := checkTable("play", *tableMiB); err != nil {
		return err
	}
	g, err := openingPosition("play", *opening)
	if err != nil {
		return err
	}
	book, err := bookChoice.load("play")
	if err != nil {
		return err
	}
	if !seeded {
		*seed = uint64(time.Now().UnixNano())
	}
	a, err := agent.New(*spec, agent.Options{Seed: *seed, TableMiB: *tableMiB, Book: book})
	if err != nil {
		return usageErrorf("play", "%v", err)
	}
	s := &playSession{
		game: g, opening: len(*opening), human: *side, agent: a, seed: *seed, stdout: stdout,
		colour: useColour(stdout, os.Getenv), hintTimeout: *hintTimeout, tableMiB: *tableMiB, book: book,
	}
	f, ok := stdin.(*os.File)
	echo := !ok || !isTerminal(f) // show scripted input in the transcript
	next, stop := iter.Pull2(posfile.LinesCtx(ctx, stdin))
	defer stop()
	return s.play(ctx, next, echo)
}

// play runs the game, reading the human's moves with next.
func (s *playSession) play(ctx context.Context, next func() (posfile.Line, error, bool), echo bool) error {
	fmt.Fprintf(s.stdout, "You play %s against %s (seed %d). Columns are 1 to %d; u undoes, h hints, q quits.\n",
		playerName(s.human), s.agent.Name(), s.seed, engine.Width)
	drawn := false // whether the current position is on screen
	for {
		p := s.game.Position()
		over := p.IsWon() || p.IsFull()
		// The board is drawn once per turn: when the human is to move
		// (after the agent's reply) and when the game is over.
		if !drawn && (over || p.ToMove() == s.human) {
			fmt.Fprintf(s.stdout, "\n%s", drawBoard(p, s.lastMove(), s.colour))
			drawn = true
		}
		if over {
			return s.finish(s.result(p))
		}
		if p.ToMove() != s.human {
			col, err := s.agent.Move(ctx, p)
			if ctx.Err() != nil {
				return s.interrupted(ctx)
			}
			if err != nil {
				return fmt.Errorf("play: %s: %w", s.agent.Name(), err)
			}
			if err := s.game.Play(col); err != nil {
				return fmt.Errorf("play: %s played column %d: %w", s.agent.Name(), col+1, err)
			}
			fmt.Fprintf(s.stdout, "%s plays %d.\n", s.agent.Name(), col+1)
			drawn = false
			continue
		}

		fmt.Fprintf(s.stdout, "your move (1-%d, u, h, q): ", engine.Width)
		line, err, ok := next()
		switch {
		case !ok:
			fmt.Fprintln(s.stdout)
			return s.finish("End of input: game abandoned.")
		case ctx.Err() != nil:
			fmt.Fprintln(s.stdout)
			return s.interrupted(ctx)
		case err != nil:
			return fmt.Errorf("play: reading stdin: %w", err)
		}
		cmd := strings.ToLower(strings.TrimSpace(line.Text))
		if echo {
			fmt.Fprintln(s.stdout, line.Text)
		}
		switch {
		case cmd == "":
		case cmd == "q" || cmd == "quit":
			return s.finish("You quit.")
		case cmd == "u" || cmd == "undo":
			drawn = !s.undo()
		case cmd == "h" || cmd == "hint":
			if err := s.hint(ctx, p); err != nil {
				if ctx.Err() != nil {
					return s.interrupted(ctx)
				}
				return err
			}
		case len(cmd) == 1 && cmd[0] >= '1' && cmd[0] < '1'+engine.Width:
			if err := s.game.Play(int(cmd[0] - '1')); err != nil {
				fmt.Fprintf(s.stdout, "%v; try another.\n", err)
				continue
			}
			drawn = false
		default:
			fmt.Fprintf(s.stdout, "%q is not a move: enter a column 1-%d, u to undo, h for a hint or q to quit.\n", line.Text, engine.Width)
		}
	}
}

// lastMove is the column (0-based) of the game's last move, -1 for none.
func (s *playSession) lastMove() int {
	record := s.game.String()
	if record == "" {
		return -1
	}
	return int(record[len(record)-1] - '1')
}

// undo takes back the human's last move and the agent's reply, and
// reports whether it did. Moves of the opening stay.
func (s *playSession) undo() bool {
	// It is the human's turn: their last move was two plies ago.
	if s.game.Position().Moves()-2 < s.opening {
		fmt.Fprintln(s.stdout, "Nothing to undo.")
		return false
	}
	s.game.Undo()
	s.game.Undo()
	fmt.Fprintln(s.stdout, "Undone: your last move and the reply.")
	return true
}

// hint prints the analysis of every column of p.
func (s *playSession) hint(ctx context.Context, p engine.Position) error {
	if s.solver == nil {
		s.solver = engine.NewSolver(s.tableMiB)
		s.solver.SetBook(s.book)
	}
	hctx, cancel := context.WithTimeout(ctx, s.hintTimeout)
	defer cancel()
	scores, err := s.solver.Analyze(hctx, p)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, context.DeadlineExceeded):
		fmt.Fprintf(s.stdout, "No hint: the analysis took longer than %v (without a book, positions with few stones take long).\n", s.hintTimeout)
		return nil
	case err != nil:
		return fmt.Errorf("play: hint: %w", err)
	}
	fmt.Fprintf(s.stdout, "analysis: %s\n", formatScores(scores[:]))
	for col, v := range scores {
		fmt.Fprintf(s.stdout, "  column %d: %s\n", col+1, s.describeScore(p, v))
	}
	return nil
}

// describeScore says what playing a column of score v in p leads to.
func (s *playSession) describeScore(p engine.Position, v engine.Score) string {
	if v == engine.Invalid {
		return "full"
	}
	n := ordinal(v.WinnerStones(p.Moves()))
	switch {
	case v.Outcome() == 0:
		return fmt.Sprintf("%4v  draw", v)
	case v.Outcome() > 0: // the side to move, the human, wins
		return fmt.Sprintf("%4v  you win with your %s stone from now", v, n)
	}
	return fmt.Sprintf("%4v  %s wins with its %s stone from now", v, s.agent.Name(), n)
}

// ordinal writes n as "1st", "2nd", "3rd", "4th", ... "21st".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100/10 == 1: // 11th to 19th
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// result describes how the game in p ended.
func (s *playSession) result(p engine.Position) string {
	switch {
	case !p.IsWon():
		return "Draw: the board is full."
	case 3-p.ToMove() == s.human:
		return "You win!"
	}
	return s.agent.Name() + " wins."
}

// interrupted prints the record of a game cut short by ctx and returns
// ctx's error.
func (s *playSession) interrupted(ctx context.Context) error {
	s.finish("Interrupted: game abandoned.")
	return context.Cause(ctx)
}

// finish prints how the game ended and its record.
func (s *playSession) finish(how string) error {
	_, err := fmt.Fprintf(s.stdout, "%s\ngame: %s\n", how, s.game)
	return err
}
