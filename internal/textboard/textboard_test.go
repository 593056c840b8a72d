package textboard

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/reftest"
)

// layout is the slow geometry the tests check the drawings against.
var layout = geom.Geometry{Width: board.Width, Height: board.Height, InARow: board.InARow}

// fixtures are the positions drawn, of any board of at least 4×4; those of
// the classic board only are skipped on others.
var fixtures = []string{
	"",                                // empty board
	"1213",                            // opening, no threats
	strings.Repeat("1", board.Height), // full column: 1 is not legal
	"1122334",                         // won by x on the bottom row
	"1122",                            // two in a row each, no threats yet
	"2233445",                         // won, with threats at both ends (6 columns or more)
	"112233",                          // x threatens c4r1, o threatens c4r2
	"1212121",                         // won by x in column 1
	"4453",                            // an opening of the classic board
	"673476441137646",                 // one cell where both sides would complete four (classic)
	"4455667",                         // won by x on the bottom row, the four at the right (classic)
	"232135624322345773366674162744547675111155", // a full board, drawn (classic)
}

// position plays a fixture, skipping the test when it is not a position of
// this board (never on the classic board, where every fixture must be).
func position(t *testing.T, moves string) board.Position {
	t.Helper()
	p, err := board.Parse(moves)
	if err != nil && board.Width == reftest.ClassicWidth && board.Height == reftest.ClassicHeight {
		t.Fatalf("fixture %q: %v", moves, err)
	}
	if err != nil {
		t.Skipf("%q is no position of the %d×%d board: %v", moves, board.Width, board.Height, err)
	}
	return p
}

// lastColumn is the 0-based column of the last move of moves, -1 for none.
func lastColumn(moves string) int {
	if moves == "" {
		return -1
	}
	return int(moves[len(moves)-1] - '1')
}

// TestBoard checks the terminal board against the engine's drawing: the
// same, but for the marked stones in capitals (the last one, or the
// winning four, as the slow geometry finds it) and, in colour, the ANSI
// codes around each stone.
func TestBoard(t *testing.T) {
	for _, moves := range fixtures {
		t.Run(fmt.Sprintf("%q", moves), func(t *testing.T) {
			p := position(t, moves)
			marked := Marked(p, lastColumn(moves))
			want := lastCell(p, moves)
			if layout.HasFourSet(setOf(p.Opponent())) {
				want = fours(p)
			}
			if setOf(marked) != want {
				t.Errorf("Marked = %s, want %#x", marked.Hex(), want)
			}
			plain := Board(p, marked, false)
			if got := strings.NewReplacer("X", "x", "O", "o").Replace(plain); got != p.String() {
				t.Errorf("board\n%s\nwant, in lower case, the engine's\n%s", plain, p)
			}
			n := want.OnesCount()
			if got := strings.Count(plain, "X") + strings.Count(plain, "O"); got != n {
				t.Errorf("%d stones marked, want %d:\n%s", got, n, plain)
			}
			for _, c := range layout.CellsOfSet(want) {
				line := strings.Split(plain, "\n")[board.Height-1-c.Row]
				if m := line[2*c.Col+1]; m != 'X' && m != 'O' {
					t.Errorf("cell %v drawn as %q, want a capital:\n%s", c, m, plain)
				}
			}
			coloured := Board(p, marked, true)
			if uncoloured := strings.NewReplacer(red, "", yellow, "", last, "", reset, "").Replace(coloured); uncoloured != plain {
				t.Errorf("coloured board without its codes\n%s\nwant\n%s", uncoloured, plain)
			}
			x := strings.Count(plain, "x") + strings.Count(plain, "X")
			o := strings.Count(plain, "o") + strings.Count(plain, "O")
			if strings.Count(coloured, red) != x || strings.Count(coloured, yellow) != o || strings.Count(coloured, last) != n {
				t.Errorf("colour codes do not match the stones:\n%q", coloured)
			}
		})
	}
}

// lastCell is the cell of the last stone of moves, 0 for none, found
// from the move string alone.
func lastCell(p board.Position, moves string) geom.Set {
	if moves == "" {
		return geom.Set{}
	}
	col := lastColumn(moves)
	return layout.SetOf(geom.Cell{Col: col, Row: strings.Count(moves, moves[len(moves)-1:]) - 1})
}

// fours is the union of the lines of four of the player who moved last
// in p, by the slow geometry.
func fours(p board.Position) geom.Set {
	var w geom.Set
	opp := setOf(p.Opponent())
	for _, line := range layout.Lines() {
		if m := layout.LineSet(line); opp.And(m) == m {
			w = w.Or(m)
		}
	}
	return w
}

// TestDescribe checks that Describe says what the engine and the slow
// geometry reference say about each position.
func TestDescribe(t *testing.T) {
	for _, moves := range fixtures {
		t.Run(fmt.Sprintf("%q", moves), func(t *testing.T) {
			p := position(t, moves)
			g, _ := board.ParseGame(moves) // position parsed it
			got := Describe(g, moves, false)
			if drawn := Board(p, Marked(p, lastColumn(moves)), false); !strings.HasPrefix(got, drawn) {
				t.Errorf("output does not start with the marked drawn:\n%s\nwant prefix:\n%s", got, drawn)
			}
			for i, line := range strings.Split(got, "\n") {
				if len(line) >= width {
					t.Errorf("line %d has %d columns: %q", i+1, len(line), line)
				}
			}
			if coloured := Describe(g, moves, true); strings.NewReplacer(red, "", yellow, "", last, "", reset, "").Replace(coloured) != got {
				t.Errorf("in colour, without its codes:\n%s\nwant\n%s", coloured, got)
			}

			// The winning cells come from the reference, not the engine.
			x, o := setOf(p.Current()), setOf(p.Opponent())
			if p.ToMove() == 2 {
				x, o = o, x
			}
			xWins := layout.WinningCellsSet(x, setOf(p.Occupied()))
			oWins := layout.WinningCellsSet(o, setOf(p.Occupied()))
			over := layout.HasFourSet(setOf(p.Opponent()))
			if over { // nothing left to threaten: no winning cells shown
				xWins, oWins = geom.Set{}, geom.Set{}
				if strings.Contains(got, " wins:") {
					t.Errorf("a won game shows winning cells:\n%s", got)
				}
			}
			want := []string{
				fmt.Sprintf("current:  %s ", hexOf(p.Current())),
				fmt.Sprintf("occupied: %s ", hexOf(p.Occupied())),
				fmt.Sprintf("%d played\n", len(moves)),
			}
			switch {
			case over:
				want = append(want, fmt.Sprintf("won by player %d", 3-p.ToMove()), "four:     "+cellNames(fours(p))+" (in capitals)\n")
			case p.Moves() == board.Cells:
				want = append(want, "drawn, the board is full\n")
			default:
				want = append(want, fmt.Sprintf("to move:  player %d", p.ToMove()), "legal:    "+playable(p)+"\n",
					fmt.Sprintf("x wins:   %s\n", cellNames(xWins)), fmt.Sprintf("o wins:   %s\n", cellNames(oWins)))
			}
			if moves != "" {
				c := layout.CellsOfSet(lastCell(p, moves))[0]
				want = append(want, fmt.Sprintf("last:     %c in column %d (c%dr%d)", "xo"[(len(moves)-1)%2], c.Col+1, c.Col+1, c.Row+1))
			}
			for _, w := range want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}
			// A finished game has no side to move, no moves and no threats.
			if finished := over || p.Moves() == board.Cells; finished {
				for _, never := range []string{"to move", "legal:", " wins:", "winning cells"} {
					if strings.Contains(got, never) {
						t.Errorf("a finished game's description says %q:\n%s", never, got)
					}
				}
			}

			// Each winning cell is drawn with its side's mark.
			drawn := !xWins.Or(oWins).IsZero()
			if strings.Contains(got, "winning cells (") != drawn {
				t.Errorf("winning-cells board shown = %t, want %t:\n%s", !drawn, drawn, got)
			}
			if drawn {
				drawn := got[strings.Index(got, "winning cells ("):]
				drawn = drawn[strings.Index(drawn, "\n")+1:]
				for _, c := range layout.CellsOfSet(xWins.Or(oWins)) {
					var mark byte
					switch m := layout.SetOf(c); {
					case !xWins.And(oWins).And(m).IsZero():
						mark = '#'
					case !xWins.And(m).IsZero():
						mark = 'X'
					default:
						mark = 'O'
					}
					line := strings.Split(drawn, "\n")[board.Height-1-c.Row]
					if line[2*c.Col+1] != mark {
						t.Errorf("cell %v drawn as %q, want %q:\n%s", c, line[2*c.Col+1], mark, drawn)
					}
				}
			}
		})
	}
}

// TestPlayerName checks the names of the players, as the web page gives
// them.
func TestPlayerName(t *testing.T) {
	for n, want := range map[int]string{1: "Red (player 1, x)", 2: "Yellow (player 2, o)"} {
		if got := PlayerName(n); got != want {
			t.Errorf("PlayerName(%d) = %q, want %q", n, got, want)
		}
	}
}

// cellNames lists the cells of w as Describe does, independently of
// CellList.
func cellNames(w geom.Set) string {
	var names []string
	for _, c := range layout.AllCells() {
		if !w.And(layout.SetOf(c)).IsZero() {
			names = append(names, fmt.Sprintf("c%dr%d", c.Col+1, c.Row+1))
		}
	}
	if names == nil {
		return "none"
	}
	return strings.Join(names, " ")
}

// playable lists the columns that are not full, 1-based.
func playable(p board.Position) string {
	var cols []string
	for col := range board.Width {
		if p.Height(col) < board.Height {
			cols = append(cols, fmt.Sprint(col+1))
		}
	}
	return strings.Join(cols, " ")
}

// setOf is x as a set of the slow geometry.
func setOf(x board.Bits) geom.Set { return geom.Set{x.Word(0), x.Word(1)} }

// hexOf is x in hexadecimal as Describe writes it, apart from Bits.Hex: 16
// digits of the packed key on a board of one word, 32 on a board of two.
func hexOf(x board.Bits) string {
	lo, hi := x.Packed()
	if board.Words == 1 {
		return fmt.Sprintf("0x%016x", lo)
	}
	return fmt.Sprintf("0x%016x%016x", hi, lo)
}
