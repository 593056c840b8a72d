package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/internal/geom"
)

// layout is the slow geometry the tests check show against.
var layout = geom.Geometry{Width: engine.Width, Height: engine.Height}

// TestShow checks that show prints what the engine and the slow geometry
// reference say about each position.
func TestShow(t *testing.T) {
	for _, moves := range []string{
		"",                // empty board
		"4453",            // opening, no threats
		"444444",          // full column: 4 is not legal
		"4455667",         // won by x on the bottom row
		"4455",            // two in a row each, no threats yet
		"3344556",         // won, with threats at both ends
		"673476441137646", // one cell where both sides would complete four
		"112233",          // x threatens c4r1, o threatens c4r2
	} {
		t.Run(fmt.Sprintf("%q", moves), func(t *testing.T) {
			p, err := engine.Parse(moves)
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if err := runShow(context.Background(), []string{moves}, nil, &stdout, &stderr); err != nil {
				t.Fatalf("runShow: %v", err)
			}
			if stderr.Len() > 0 {
				t.Errorf("stderr = %q, want nothing", stderr.String())
			}
			got := stdout.String()
			if !strings.HasPrefix(got, p.String()) {
				t.Errorf("output does not start with the engine's board:\n%s\nwant prefix:\n%s", got, p.String())
			}

			// The winning cells come from the reference, not the engine.
			x, o := p.Current(), p.Opponent()
			if p.ToMove() == 2 {
				x, o = o, x
			}
			xWins := layout.WinningCells(x, p.Occupied())
			oWins := layout.WinningCells(o, p.Occupied())
			over := layout.HasFour(p.Opponent())
			if over { // nothing left to threaten: no winning cells shown
				xWins, oWins = 0, 0
				if strings.Contains(got, " wins:") {
					t.Errorf("a won game shows winning cells:\n%s", got)
				}
			}
			want := []string{
				fmt.Sprintf("current:  0x%016x ", p.Current()),
				fmt.Sprintf("occupied: 0x%016x ", p.Occupied()),
				fmt.Sprintf("%d played\n", len(moves)),
			}
			switch {
			case over:
				want = append(want, fmt.Sprintf("won by player %d", 3-p.ToMove()), "legal:    none\n")
			default:
				want = append(want, fmt.Sprintf("to move:  player %d", p.ToMove()), "legal:    "+playable(p)+"\n",
					fmt.Sprintf("x wins:   %s\n", cellNames(xWins)), fmt.Sprintf("o wins:   %s\n", cellNames(oWins)))
			}
			for _, w := range want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}

			// Each winning cell is drawn with its side's mark.
			drawn := xWins|oWins != 0
			if strings.Contains(got, "winning cells (") != drawn {
				t.Errorf("winning-cells board shown = %t, want %t:\n%s", !drawn, drawn, got)
			}
			if drawn {
				board := got[strings.Index(got, "winning cells ("):]
				board = board[strings.Index(board, "\n")+1:]
				for _, c := range layout.CellsOf(xWins | oWins) {
					var mark byte
					switch m := layout.Mask(c); {
					case xWins&oWins&m != 0:
						mark = '#'
					case xWins&m != 0:
						mark = 'X'
					default:
						mark = 'O'
					}
					line := strings.Split(board, "\n")[engine.Height-1-c.Row]
					if line[2*c.Col+1] != mark {
						t.Errorf("cell %v drawn as %q, want %q:\n%s", c, line[2*c.Col+1], mark, board)
					}
				}
			}
		})
	}
}

// TestShowRefuses checks that show refuses bad move strings with the
// engine's own error and prints nothing.
func TestShowRefuses(t *testing.T) {
	for _, moves := range []string{
		"48a",                              // 8 is off the board
		"44444444",                         // column 4 is full after six
		"4455667" + "1",                    // the game is already won
		"4 4",                              // a space is not a column
		"0",                                // columns count from 1
		strings.Repeat("1234567", 6) + "1", // longer than the board
		"\xff",                             // not UTF-8
		"4٤",                               // a non-ASCII digit
	} {
		t.Run(fmt.Sprintf("%q", moves), func(t *testing.T) {
			_, want := engine.Parse(moves)
			if want == nil {
				t.Fatalf("engine.Parse(%q) accepted it; pick a bad fixture", moves)
			}
			var stdout, stderr bytes.Buffer
			err := runShow(context.Background(), []string{moves}, nil, &stdout, &stderr)
			if err == nil {
				t.Fatalf("runShow accepted %q:\n%s", moves, stdout.String())
			}
			if _, ok := errors.AsType[*engine.MoveError](err); !ok {
				t.Errorf("error %v does not wrap an *engine.MoveError", err)
			}
			if !strings.Contains(err.Error(), want.Error()) {
				t.Errorf("error = %q, want it to contain the engine's %q", err, want)
			}
			if stdout.Len() > 0 {
				t.Errorf("stdout = %q, want nothing", stdout.String())
			}
			if code := report(err, &stderr); code != 1 {
				t.Errorf("exit status = %d, want 1", code)
			}
		})
	}
}

// TestShowUsage checks show's own usage errors.
func TestShowUsage(t *testing.T) {
	for _, args := range [][]string{
		{"44", "55"},
		{"-json", "44"},
	} {
		var stdout, stderr bytes.Buffer
		err := runShow(context.Background(), args, nil, &stdout, &stderr)
		if _, ok := errors.AsType[*usageError](err); !ok {
			t.Errorf("show %q: error = %v, want a usage error", args, err)
		}
	}
}

// cellNames lists the cells of w as show does, independently of cellList.
func cellNames(w uint64) string {
	var names []string
	for _, c := range layout.AllCells() {
		if w&layout.Mask(c) != 0 {
			names = append(names, fmt.Sprintf("c%dr%d", c.Col+1, c.Row+1))
		}
	}
	if names == nil {
		return "none"
	}
	return strings.Join(names, " ")
}

// playable lists the columns that are not full, 1-based.
func playable(p engine.Position) string {
	var cols []string
	for col := range engine.Width {
		if p.Height(col) < engine.Height {
			cols = append(cols, fmt.Sprint(col+1))
		}
	}
	return strings.Join(cols, " ")
}
