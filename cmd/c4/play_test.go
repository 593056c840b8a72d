package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/textboard"
)

// playScript runs c4 play with args on the input lines and returns its
// output.
func playScript(t *testing.T, input string, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := runPlay(context.Background(), append([]string{"--tt-mb", "4", "--seed", "1"}, args...), strings.NewReader(input), &stdout, &stderr)
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("play %q with input %q: %v\n%s\n%s", args, input, err, stderr.String(), stdout.String())
	}
	return stdout.String()
}

// checkOutput fails unless out contains every one of want.
func checkOutput(t *testing.T, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// winningColumn is a column (0-based) where the side to move in p makes
// four.
func winningColumn(t *testing.T, p board.Position) int {
	t.Helper()
	for col := range board.Width {
		if p.CanPlay(col) && p.IsWinningMove(col) {
			return col
		}
	}
	t.Fatalf("no winning move in\n%v", p)
	return -1
}

func TestPlayWin(t *testing.T) {
	opening := fixture("112233")
	col := winningColumn(t, mustPosition(t, opening))
	out := playScript(t, fmt.Sprintf("%d\n", col+1), "--agent", "greedy", "--opening", opening)
	checkOutput(t, out, "You win! Your four is in capitals.", "game: "+board.Usual().Append(opening, col)+"\n")
	if !strings.HasSuffix(out, "\n") || strings.Count(out, "your move") != 1 {
		t.Errorf("output:\n%s", out)
	}
	// The last board shows the four of the bottom row in capitals, and
	// nothing else: without colour, as with NO_COLOR.
	if want := fourOnBottom(); !strings.Contains(out, want) || strings.Count(out, "X")+strings.Count(out, "O") != 4+1 {
		t.Errorf("the last board does not show the four, and only it, in capitals (%q):\n%s", want, out)
	}
	checkWidths(t, out)
}

func TestPlayAgentWins(t *testing.T) {
	opening := fixture("112233")
	// The agent plays x, to move, and greedy takes the win at once.
	out := playScript(t, "", "--agent", "greedy", "--side", "2", "--opening", opening)
	if !strings.Contains(out, "greedy wins.") || !strings.Contains(out, "game: "+opening) || strings.Contains(out, "your move") {
		t.Errorf("output:\n%s", out)
	}
}

func TestPlayUndoAndInput(t *testing.T) {
	long := strings.Repeat("long ", 40)
	beyond := strconv.Itoa(board.Width + 1) // no column
	out := playScript(t, "1\nbogus\n"+beyond+"\n\n"+long+"\nu\nu\nq\n", "--agent", "random")
	checkWidths(t, strings.ReplaceAll(out, long, "")) // the echoed line is the input's
	if !strings.Contains(out, `"long long long long "… is not a move`) {
		t.Errorf("a long line is not quoted short:\n%s", out)
	}
	checkOutput(t, out,
		"You play Red (player 1, x) against random",
		"random plays ",
		`"bogus" is not a move`,
		`"`+beyond+`" is not a move`,
		"Undone: your last move and the reply.",
		"Nothing to undo.",
		"You quit.\ngame: \n",
	)
	// The board after the undo is the empty board again.
	if !strings.Contains(out, "Undone: your last move and the reply.\n\n"+board.Position{}.String()) {
		t.Errorf("the empty board is not drawn after the undo:\n%s", out)
	}
	if n := strings.Count(out, "your move"); n != 8 {
		t.Errorf("%d prompts, want 8 (one per line of input):\n%s", n, out)
	}
}

func TestPlayFullColumn(t *testing.T) {
	opening := strings.Repeat("4", board.Height) // column 4 full
	if board.Height%2 == 1 {
		opening += "5" // so that it is the first player's turn
	}
	out := playScript(t, "4\n1\n", "--agent", "greedy", "--opening", fixture(opening))
	if strings.Contains(out, "1-based") {
		t.Errorf("a player is told of 1-based columns:\n%s", out)
	}
	checkOutput(t, out, "Column 4 is full; try another.", "greedy plays ", "End of input: game abandoned.", "game: "+board.Usual().Append(fixture(opening), 0))
}

func TestPlayUndoKeepsOpening(t *testing.T) {
	out := playScript(t, "u\nq\n", "--agent", "random", "--opening", fixture("4453"))
	checkOutput(t, out, "Nothing to undo.", "game: "+fixture("4453")+"\n")
}

func TestPlayAgentFirst(t *testing.T) {
	out := playScript(t, "", "--agent", "random", "--side", "2")
	checkOutput(t, out, "You play Yellow (player 2, o)", "random plays ", "End of input")
	p, err := board.Parse(strings.TrimSpace(out[strings.LastIndex(out, "game: ")+len("game: "):]))
	if err != nil || p.Moves() != 1 {
		t.Errorf("record of %v: %v", p, err)
	}
}

// TestPlayHint checks the hint against a reference analysis with a full
// column.
func TestPlayHint(t *testing.T) {
	var ref string
	for _, l := range refLines(t, "positions/analyze_n24.txt", 20) {
		if strings.Contains(l, " -1000") {
			ref = l
			break
		}
	}
	if ref == "" {
		t.Skip("no reference analysis with a full column")
	}
	moves, scores := splitLine(ref)
	p := mustPosition(t, moves)
	out := playScript(t, "h\nq\n", "--agent", "random", "--opening", moves, "--side", fmt.Sprint(p.ToMove()))
	checkOutput(t, out, "analysis: "+strings.Join(scores, " ")+"\n", "full\n", "You quit.\ngame: "+moves+"\n")
	for i, s := range scores {
		var v board.Score
		fmt.Sscan(s, &v)
		line := fmt.Sprintf("column %d: ", i+1)
		switch {
		case v == board.Invalid:
			line += "full"
		case v > 0:
			line += fmt.Sprintf("%4v  you win with your %s stone", v, english.Ordinal(v.WinnerStones(p.Moves())))
		case v < 0:
			line += fmt.Sprintf("%4v  random wins with its %s stone", v, english.Ordinal(v.WinnerStones(p.Moves())))
		default:
			line += "   0  draw"
		}
		checkOutput(t, out, line)
	}
}

func TestPlayUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--side", "3"}, "--side 3"},
		{[]string{"--agent", "best"}, `unknown agent "best"`},
		{[]string{"extra"}, "want no arguments"},
		{[]string{"--opening", fixture("1122334")}, "already over"},
		{[]string{"--hint-timeout", "0s"}, "--hint-timeout"},
	} {
		var stdout, stderr bytes.Buffer
		err := runPlay(context.Background(), tc.args, strings.NewReader(""), &stdout, &stderr)
		if ue, ok := errors.AsType[*usageError](err); !ok || !strings.Contains(ue.Error(), tc.want) {
			t.Errorf("play %q: error %v, want a usage error with %q", tc.args, err, tc.want)
		}
	}
}

// mustPosition plays a move string of a test fixture.
func mustPosition(t *testing.T, moves string) board.Position {
	t.Helper()
	p, err := board.Parse(moves)
	if err != nil {
		t.Fatalf("fixture %q: %v", moves, err)
	}
	return p
}

// TestPlayInterrupted checks that an interrupted game still prints its
// record and reports the interruption.
func TestPlayInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	err := runPlay(ctx, []string{"--agent", "random", "--side", "2", "--opening", fixture("44")}, strings.NewReader(""), &stdout, &stderr)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	checkOutput(t, stdout.String(), "Interrupted: game abandoned.\ngame: "+fixture("44")+"\n")
}

// boardFooter is the last line of every board drawn: the column numbers.
var boardFooter = func() string {
	board := textboard.Draw(func(int, int) string { return "." })
	return board[strings.LastIndex(board[:len(board)-1], "\n")+1:]
}()

// TestPlayDrawsOncePerTurn checks that the board is drawn once before
// each of the human's moves (the agent's reply included, its stone marked)
// and once at the end, not after each move of either side.
func TestPlayDrawsOncePerTurn(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		args        []string
		boards      int
	}{
		{"two moves", "1\n1\nq\n", nil, 3},                                                          // start, after each reply
		{"agent first", "1\nq\n", []string{"--side", "2"}, 2},                                       // after its first move and its reply
		{"illegal move, no redraw", fmt.Sprintf("%d\n1\nq\n", board.Width+1), nil, 2},               // start, after the reply
		{"undo redraws", "1\nu\nq\n", nil, 3},                                                       // start, after the reply, after the undo
		{"win ends with the board", "", []string{"--opening", fixture("112233"), "--side", "2"}, 1}, // greedy wins at once
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"--agent", "greedy"}, tc.args...)
			out := playScript(t, tc.input, args...)
			if n := strings.Count(out, boardFooter); n != tc.boards {
				t.Errorf("%d boards drawn, want %d:\n%s", n, tc.boards, out)
			}
		})
	}
	// The board before the human's second move shows the agent's reply in
	// capitals: the game's last move.
	out := playScript(t, "1\nq\n", "--agent", "greedy")
	record := strings.TrimSpace(out[strings.LastIndex(out, "game: ")+len("game: "):])
	p := mustPosition(t, record)
	cols, _, _ := board.ReadMoves(record, false)
	last := cols[len(cols)-1]
	if want := textboard.Board(p, textboard.Marked(p, last), false); !strings.Contains(out, want) || !strings.ContainsRune(want, 'O') {
		t.Errorf("board after the reply, with its stone marked O, missing:\n%s\nin:\n%s", want, out)
	}
}

// TestPlayHelp checks that play's help no longer says that hints need a
// book: the embedded one is used by default.
func TestPlayHelp(t *testing.T) {
	var stdout bytes.Buffer
	if err := runHelp(context.Background(), []string{"play"}, nil, &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	if help := stdout.String(); strings.Contains(help, "needs a --book") || !strings.Contains(help, "Red") {
		t.Errorf("help play says a book must be given, or does not name Red:\n%s", help)
	}
}

// fourOnBottom is the bottom row of a board drawn with x's four in its
// first four columns in capitals and the rest of the row empty, as
// package textboard draws it at this width.
func fourOnBottom() string {
	drawn := textboard.Draw(func(col, row int) string {
		if row == 0 && col < 4 {
			return "X"
		}
		return "."
	})
	lines := strings.Split(drawn, "\n")
	return "\n" + lines[board.Height-1] + "\n"
}
