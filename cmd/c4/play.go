package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/posfile"
)

// playHelp is c4 help play.
var playHelp = fmt.Sprintf(`Play plays a game of Connect 4 in the terminal between you and an agent
(--agent, default level3). You play --side 1 (Red, x, the first player)
or 2 (Yellow, o), as on the web page of c4 serve; the game starts from
--opening, a move string (default the empty board), and the agent moves
at once if it is its turn.

Before each of your moves the board is drawn, the last move's stone in
capitals (X or O), in colour on a terminal unless the NO_COLOR environment
variable is set, and you are asked for a move:
  1..%d   drop a stone in that column
  u      undo your last move and the agent's reply
  h      hint: the score of playing each column, as c4 analyze prints it
         (-1000 for a full column), and who then wins with which of
         their stones from now. It gives up after --hint-timeout (with
         --no-book, positions with few stones take minutes).
  q      quit
When the game ends, or you quit, the game's move string is printed, to be
pasted into c4 analyze or c4 play --opening. Input is read line by line,
so a script can play too; the end of the input ends the game like q.

`+agentsHelp+`
Without --seed, the agent is seeded from the clock, and the seed printed so
that the game can be replayed.
`, engine.Width)

// playSession is the state of one game of c4 play. It is the human's
// [agent.Agent]: its Move draws the board, then reads the moves, undos,
// hints and quits typed.
type playSession struct {
	opening int    // stones of the opening, which undo keeps
	moves   string // the game so far
	human   int    // the human's player number, 1 or 2
	agent   agent.Agent
	seed    uint64 // the agent's
	stdout  io.Writer
	colour  bool // draw the board in colour
	next    func() (posfile.Line, error, bool)
	echo    bool // print each line read: scripted input shows in the transcript

	hintTimeout time.Duration
	tableMiB    int
	book        *engine.Book
	solver      *engine.Solver // for hints, made at the first
}

// gameEnd is the error of the human's Move that ends the game early, and
// what is printed for it.
type gameEnd string

func (e gameEnd) Error() string { return string(e) }

// The ways the human ends a game early: quitting, or the end of the input.
const (
	errQuit gameEnd = "You quit."
	errEnd  gameEnd = "End of input: game abandoned."
)

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
	if err := openingPosition("play", *opening); err != nil {
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
	next, stop := iter.Pull2(posfile.LinesCtx(ctx, stdin))
	defer stop()
	f, ok := stdin.(*os.File)
	s := &playSession{
		opening: len(*opening), moves: *opening, human: *side, agent: a, seed: *seed, stdout: stdout,
		colour: useColour(stdout, os.Getenv), next: next, echo: !ok || !isTerminal(f),
		hintTimeout: *hintTimeout, tableMiB: *tableMiB, book: book,
	}
	fmt.Fprintf(stdout, "You play %s against %s (seed %d). Columns are 1 to %d; u undoes, h hints, q quits.\n",
		playerName(s.human), a.Name(), s.seed, engine.Width)
	players := [2]agent.Agent{s, a}
	if p, _ := engine.Parse(*opening); p.ToMove() != s.human {
		players = [2]agent.Agent{a, s}
	}
	rec, err := agent.PlayGame(ctx, *opening, players, func(player, col int) {
		s.moves += strconv.Itoa(col + 1)
		if players[player] == a {
			fmt.Fprintf(stdout, "%s plays %d.\n", a.Name(), col+1)
		}
	})
	switch {
	case ctx.Err() != nil:
		s.finish(rec.Game, "Interrupted: game abandoned.")
		return context.Cause(ctx)
	case errors.As(err, new(gameEnd)):
		end, _ := errors.AsType[gameEnd](err)
		return s.finish(rec.Game, string(end))
	case err != nil:
		return fmt.Errorf("play: %w", err)
	}
	p := rec.Game.Position()
	fmt.Fprintf(stdout, "\n%s", drawBoard(p, s.lastMove(), s.colour))
	return s.finish(rec.Game, s.result(p))
}

// Name names the human in errors.
func (s *playSession) Name() string { return "you" }

// Move draws p and returns the column the human chooses, [agent.ErrUndo]
// to undo, [errQuit] or [errEnd].
func (s *playSession) Move(ctx context.Context, p engine.Position) (int, error) {
	fmt.Fprintf(s.stdout, "\n%s", drawBoard(p, s.lastMove(), s.colour))
	for {
		fmt.Fprintf(s.stdout, "your move (1-%d, u, h, q): ", engine.Width)
		line, err, ok := s.next()
		switch {
		case !ok:
			fmt.Fprintln(s.stdout)
			return -1, errEnd
		case ctx.Err() != nil:
			fmt.Fprintln(s.stdout)
			return -1, context.Cause(ctx)
		case err != nil:
			return -1, fmt.Errorf("reading stdin: %w", err)
		}
		cmd := strings.ToLower(strings.TrimSpace(line.Text))
		if s.echo {
			fmt.Fprintln(s.stdout, line.Text)
		}
		switch {
		case cmd == "":
		case cmd == "q" || cmd == "quit":
			return -1, errQuit
		case cmd == "u" || cmd == "undo":
			// It is the human's turn: their last move was two plies ago.
			if p.Moves()-2 < s.opening {
				fmt.Fprintln(s.stdout, "Nothing to undo.")
				continue
			}
			s.moves = s.moves[:len(s.moves)-2]
			fmt.Fprintln(s.stdout, "Undone: your last move and the reply.")
			return -1, agent.ErrUndo
		case cmd == "h" || cmd == "hint":
			if err := s.hint(ctx, p); err != nil {
				return -1, err
			}
		case len(cmd) == 1 && cmd[0] >= '1' && cmd[0] < '1'+engine.Width:
			col := int(cmd[0] - '1')
			if err := p.PlayChecked(col); err != nil {
				fmt.Fprintf(s.stdout, "%v; try another.\n", err)
				continue
			}
			return col, nil
		default:
			fmt.Fprintf(s.stdout, "%q is not a move: enter a column 1-%d, u to undo, h for a hint or q to quit.\n", line.Text, engine.Width)
		}
	}
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
		return fmt.Errorf("hint: %w", err)
	}
	fmt.Fprintf(s.stdout, "analysis: %s\n", posfile.FormatScores(scores[:]))
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

// lastMove is the column (0-based) of the game's last move, -1 for none.
func (s *playSession) lastMove() int {
	if s.moves == "" {
		return -1
	}
	return int(s.moves[len(s.moves)-1] - '1')
}

// finish prints how the game ended and its record.
func (s *playSession) finish(g *engine.Game, how string) error {
	_, err := fmt.Fprintf(s.stdout, "%s\ngame: %s\n", how, g)
	return err
}
