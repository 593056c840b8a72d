package board

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

// corner returns the cells of a board whose bottom-left corner holds the
// rows given, the top one first (x, o or . per cell), and is empty
// elsewhere: small boards that fit every supported size.
func corner(rows ...string) []int {
	cells := make([]int, Cells)
	for i, line := range rows {
		row := len(rows) - 1 - i
		for col, c := range line {
			v, _ := gridCell(c)
			cells[(Height-1-row)*Width+col] = v
		}
	}
	return cells
}

func TestFromBoardRefuses(t *testing.T) {
	skipUnlessFourInARow(t)
	tests := []struct {
		name     string
		cells    []int
		col, row int    // the cell the error names, 0 for none
		want     string // in the reason
	}{
		{"too few cells", make([]int, Cells-1), 0, 0, "want 42 cells"},
		{"bad value", corner("x"), 2, 1, "3 is not a cell's value"},
		{"negative value", corner("x"), 1, 2, "-1 is not a cell's value"},
		{"floating", corner("x.", ".o"), 1, 2, "the stone floats"},
		{"first player too many", corner("xx"), 0, 0, "has 2 stones and the second (2) has 0"},
		{"second player too many", corner("oox"), 0, 0, "has 1 stones and the second (2) has 2"},
		{"both have four", corner("xo", "xo", "xo", "xo"), 0, 0, "both players have four"},
		{"the loser moved last", corner("x...", "x...", "xo..", "xooo"), 0, 0, "player 1 has four in a row, but player 2 moved after it"},
		{"no last stone makes the four", corner("...o", "ooox", "xxxx"), 0, 0, "no single last stone"},
		{"second player first", corner("x", "o"), 0, 0, "no game reaches this board"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			switch tt.name { // values corner cannot draw
			case "bad value":
				tt.cells[(Height-1)*Width+1] = 3
			case "negative value":
				tt.cells[(Height-2)*Width] = -1
			}
			g, err := FromBoard(tt.cells)
			var be *BoardError
			if !errors.As(err, &be) {
				t.Fatalf("FromBoard = %v, %v; want a *BoardError", g, err)
			}
			if be.Col != tt.col || be.Row != tt.row || !strings.Contains(be.Reason, strings.ReplaceAll(tt.want, "42", strconv.Itoa(Cells))) {
				t.Errorf("FromBoard: %v (cell %d,%d); want cell %d,%d and %q", err, be.Col, be.Row, tt.col, tt.row, tt.want)
			}
		})
	}
}

// TestFromBoardNeedsSearch: the first player's stones are two in column 1
// and one in column 2 under two of the second's; only a game that starts in
// column 2 reaches the board, so trying columns left to right without
// backtracking fails.
func TestFromBoardNeedsSearch(t *testing.T) {
	cells := corner(".o", ".o", "xx")
	cells[(Height-2)*Width] = 1 // column 1, row 2
	g, err := FromBoard(cells)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Position().Cells(); !slices.Equal(got, cells) {
		t.Errorf("FromBoard(...).Position().Cells() = %v, want %v", got, cells)
	}
	if !strings.HasPrefix(g.String(), "2") {
		t.Errorf("move string %q: want it to start in column 2", g.String())
	}
}

// TestBoardRoundTrip: every position of random games, the won last ones
// and a drawn full board included, comes back from its cells and from its
// drawing, and the move string found replays to it.
func TestBoardRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	check := func(moves string, p Position) {
		t.Helper()
		g, err := FromBoard(p.Cells())
		if err != nil {
			t.Fatalf("%s: FromBoard(Cells()): %v", moves, err)
		}
		if g.Position() != p {
			t.Fatalf("%s: FromBoard(Cells()) = %q, another position", moves, g)
		}
		if q, err := Parse(g.String()); err != nil || q != p {
			t.Fatalf("%s: the move string found, %q, gives %v, %v", moves, g, q, err)
		}
		if s, ok := p.ReachingMoves(); !ok || s != g.String() {
			t.Fatalf("%s: MoveString() = %q, %v; want %q", moves, s, ok, g)
		}
		gg, err := ParseGrid(p.String())
		if err != nil || gg.Position() != p {
			t.Fatalf("%s: ParseGrid(String()) = %v, %v", moves, gg, err)
		}
	}
	for range 300 {
		playRandomGame(rng, func(moves string, p Position, _ *geom.Model) { check(moves, p) })
	}
	draw := findDrawnGame(t, rng)
	p, err := Parse(draw)
	if err != nil {
		t.Fatal(err)
	}
	check(draw, p)
}

func TestParseGrid(t *testing.T) {
	p, err := Parse(moves1(1, 2, 1, 3)) // a position of every board
	if err != nil {
		t.Fatal(err)
	}
	// Position.String's drawing with other spellings of the cells.
	var b strings.Builder
	for line := range strings.Lines(p.String()) {
		line = strings.NewReplacer("x", "1", "o", "O", ".", "0", " ", "").Replace(line)
		b.WriteString(strings.TrimSuffix(line, "\n") + "\r\n\n")
	}
	g, err := ParseGrid(b.String())
	if err != nil || g.Position() != p {
		t.Fatalf("ParseGrid(%q) = %v, %v; want 1213's position", b.String(), g, err)
	}
	row := strings.Repeat(".", Width) + "\n"
	tests := []struct{ grid, want string }{
		{strings.Repeat(row, Height-1), "want " + strconv.Itoa(Height) + " rows, got " + strconv.Itoa(Height-1)},
		{strings.Repeat(row, Height+1), "more than " + strconv.Itoa(Height) + " rows"},
		{strings.Repeat(row, Height-1) + "x" + row, "want " + strconv.Itoa(Width) + " cells, got " + strconv.Itoa(Width+1)},
		{strings.Repeat(row, Height-1) + row[2:], "want " + strconv.Itoa(Width) + " cells, got " + strconv.Itoa(Width-2)},
		{strings.Repeat(row, Height-1) + "xz" + row[2:], `cell c2r1 (column 2, row 1 from the bottom): 'z' is not a cell`},
		{strings.Repeat(row, Height-2) + "x" + row[1:] + row, "the stone floats"},
		{strings.Repeat("x", MaxGridBytes+1), "grid too long"},
	}
	for _, tt := range tests {
		if _, err := ParseGrid(tt.grid); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseGrid(%q) = %v; want an error with %q", tt.grid, err, tt.want)
		}
	}
}

// FuzzFromBoard: a board accepted comes back cell for cell from the
// position, and its move string replays to it (so no earlier position has
// four: Parse refuses a move after one); a board refused has a
// *BoardError.
func FuzzFromBoard(f *testing.F) {
	f.Add([]byte{})
	f.Add(make([]byte, Cells))
	p, _ := Parse("44536271")
	seed := make([]byte, Cells)
	for i, v := range p.Cells() {
		seed[i] = byte(v)
	}
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		cells := make([]int, len(data))
		for i, c := range data {
			cells[i] = int(c) % 4 // mostly 0 to 2, sometimes a bad value
		}
		g, err := FromBoard(cells)
		if err != nil {
			var be *BoardError
			if !errors.As(err, &be) {
				t.Fatalf("FromBoard: %v, not a *BoardError", err)
			}
			return
		}
		if got := g.Position().Cells(); !slices.Equal(got, cells) {
			t.Fatalf("FromBoard(%v).Position().Cells() = %v", cells, got)
		}
		if q, err := Parse(g.String()); err != nil || q != g.Position() {
			t.Fatalf("move string %q: %v, %v", g, q, err)
		}
	})
}

// FuzzParseGrid: a grid accepted is drawn back by Position.String as a
// grid of the same board.
func FuzzParseGrid(f *testing.F) {
	p, _ := Parse("4453")
	f.Add(p.String())
	f.Add("")
	f.Add(strings.Repeat("x\n", Height))
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParseGrid(text)
		if err != nil {
			return
		}
		again, err := ParseGrid(g.Position().String())
		if err != nil || again.Position() != g.Position() {
			t.Fatalf("ParseGrid(%q) = %q, whose drawing reads back as %v, %v", text, g, again, err)
		}
		if q, err := Parse(g.String()); err != nil || q != g.Position() {
			t.Fatalf("move string %q: %v, %v", g, q, err)
		}
	})
}

func TestParseBoard(t *testing.T) {
	p, err := Parse(moves1(1, 2, 1, 3)) // a position of every board
	if err != nil {
		t.Fatal(err)
	}
	var list []string
	for _, v := range p.Cells() {
		list = append(list, strconv.Itoa(v))
	}
	for _, text := range []string{strings.Join(list, ","), "[" + strings.Join(list, ", ") + "]\n", p.String()} {
		g, err := ParseBoard(text)
		if err != nil || g.Position() != p {
			t.Errorf("ParseBoard(%q) = %v, %v; want 1213's position", text, g, err)
		}
	}
	bad := slices.Clone(list)
	bad[Width] = "x"
	tests := []struct{ text, want string }{
		{strings.Join(list[1:], ","), "got " + strconv.Itoa(Cells-1)},
		{"[" + strings.Join(list, ","), "must close with ]"},
		{strings.Join(bad, ","), "cell c1r" + strconv.Itoa(Height-1) + " (column 1, row " + strconv.Itoa(Height-1) + " from the bottom): \"x\" is not a cell's value"},
		{strings.Repeat(",", MaxGridBytes+1), "board too long"},
	}
	for _, tt := range tests {
		if _, err := ParseBoard(tt.text); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseBoard(%q) = %v; want an error with %q", tt.text, err, tt.want)
		}
	}
}

// FuzzParseBoard: a board accepted in either form is the same board in
// the other.
func FuzzParseBoard(f *testing.F) {
	p, _ := Parse("4453")
	f.Add(p.String())
	f.Add(strings.Repeat("0,", Cells-1) + "1")
	f.Add("[" + strings.Repeat("0,", Cells-1) + "0]")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParseBoard(text)
		if err != nil {
			return
		}
		var list []string
		for _, v := range g.Position().Cells() {
			list = append(list, string(rune('0'+v)))
		}
		again, err := ParseBoard(strings.Join(list, ","))
		if err != nil || again.Position() != g.Position() {
			t.Fatalf("ParseBoard(%q) = %q, whose cells read back as %v, %v", text, g, again, err)
		}
	})
}
