package evalset

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// tiny is a set of the first position of each cell of the shipped set,
// and its text.
func tiny(t testing.TB) (*Set, string) {
	t.Helper()
	set := shipped(t)
	small := &Set{Seed: set.Seed, PerCell: 1}
	for i := range CellCount() {
		small.Positions = append(small.Positions, set.Cell(i)[0])
	}
	var b bytes.Buffer
	if err := writeSet(&b, small); err != nil {
		t.Fatal(err)
	}
	return small, b.String()
}

func TestWriteRead(t *testing.T) {
	small, text := tiny(t)
	got, err := readSet(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if got.Seed != small.Seed || got.PerCell != 1 || len(got.Positions) != CellCount() {
		t.Fatalf("read back seed %d, %d a cell, %d positions; wrote seed %d, 1 a cell, %d", got.Seed, got.PerCell, len(got.Positions), small.Seed, CellCount())
	}
	for i, p := range got.Positions {
		if w := small.Positions[i]; p.Moves != w.Moves || *p.Scores != *w.Scores || p.Pos != w.Pos {
			t.Errorf("position %d: read %s %v, wrote %s %v", i, p.Moves, *p.Scores, w.Moves, *w.Scores)
		}
	}
}

// resum replaces the end line of text with the right checksum, so that a
// test's edit is refused for what it changed, not for the checksum.
func resum(text string) string {
	body := text[:strings.LastIndex(strings.TrimSuffix(text, "\n"), "\n")+1]
	return body + fmt.Sprintf("end crc32 %08x\n", crc32.ChecksumIEEE([]byte(body)))
}

func TestReadRefuses(t *testing.T) {
	_, text := tiny(t)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	first := lines[1] // a position of cell L1_R1
	f := strings.Fields(first)
	p, _ := board.Parse(f[0])
	full := -1
	for col := range board.Width {
		if !p.CanPlay(col) {
			full = col
		}
	}
	edit := func(i int, line string) string {
		ls := append([]string(nil), lines...)
		ls[i] = line
		return resum(strings.Join(ls, "\n") + "\n")
	}
	withScore := func(col int, v string) string {
		g := append([]string(nil), f...)
		g[1+col] = v
		return edit(1, strings.Join(g, " "))
	}
	won := "1212121"
	otherRule := ruleBoardName(board.Width, board.Height, board.InARow+1) // the same board at another k
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "empty"},
		{"foreign", "MOVES SCORE\n4453 -2\n", "not a fourgen evaluation set"},
		{"version", strings.Replace(text, magic+" 1 ", magic+" 2 ", 1), "format version \"2\""},
		{"board", strings.Replace(text, "board "+boardName, "board 10x6", 1), "a set of the 10x6 board"},
		{"rule", strings.Replace(text, "board "+boardName, "board "+otherRule, 1), "a set of the " + otherRule + " board: this build plays " + boardName},
		{"count", edit(0, strings.Replace(lines[0], "positions 6", "positions 7", 1)), "header"},
		{"spacing", edit(1, first+" "), "single spaces"},
		{"damaged", strings.Replace(text, lines[len(lines)-1], "end crc32 00000000", 1), "damaged"},
		{"truncated", strings.Join(lines[:3], "\n") + "\n", "truncated"},
		{"missing positions", resum(strings.Join(append(lines[:3:3], lines[len(lines)-1]), "\n") + "\n"), "truncated: 2 positions of the 6"},
		{"trailing", text + "more\n", "text after the end line"},
		{"long line", lines[0] + "\n" + strings.Repeat("4", 1<<20), "longer than"},
		{"bad moves", edit(1, "48 0 0 0 0 0 0 0"), ""},
		{"game over", edit(1, won+" 0 0 0 0 0 0 0"), "the game is over"},
		{"no integer", withScore(0, "x"), "no integer"},
		{"out of range", withScore(firstPlayable(p), "99"), "out of the range"},
		{"wrong cell", edit(1, lines[2]), "belongs to cell"},
	}
	if full >= 0 {
		tests = append(tests, struct{ name, text, want string }{"full column", withScore(full, "0"), "is full"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readSet(strings.NewReader(tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("readSet: error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// firstPlayable is the first column of p that is not full.
func firstPlayable(p board.Position) int {
	for col := range board.Width {
		if p.CanPlay(col) {
			return col
		}
	}
	return -1
}

// Every position of the shipped set is in its cell with the set's
// labels' best score (readSet checks it); here its labels are checked
// against the solver on a sample of each cell, and the set against its
// generator.
func TestShippedCells(t *testing.T) {
	set := shipped(t)
	if set.PerCell < 100 || len(set.Positions) != set.PerCell*CellCount() {
		t.Fatalf("shipped set: %d positions, %d a cell: want at least 100 in each of %d cells", len(set.Positions), set.PerCell, CellCount())
	}
	seen := map[board.Bits]string{}
	for _, p := range set.Positions {
		if p.Pos.CanWinNow() {
			t.Errorf("%s: the side to move wins at once", p.Moves)
		}
		if lostNow(p.Pos) {
			t.Errorf("%s: lost to the next stone", p.Moves)
		}
		if other, dup := seen[p.Pos.CanonicalKey()]; dup {
			t.Errorf("%s: the same position (or its mirror) as %s", p.Moves, other)
		}
		seen[p.Pos.CanonicalKey()] = p.Moves
	}
}

// shipped is the shipped set, or a skip on a board of another size than
// the set's, which has none.
func shipped(tb testing.TB) *Set {
	tb.Helper()
	if boardName != "7x6" {
		tb.Skipf("the shipped set is of the 7x6 board; this build plays %s", boardName)
	}
	set, err := Shipped()
	if err != nil {
		tb.Fatal(err)
	}
	return set
}

// TestRuleBoardName checks the names sets give a board and rule: the
// size alone at four in a row (the shipped set's "7x6"), the rule after
// it otherwise, as datasets name them.
func TestRuleBoardName(t *testing.T) {
	for _, tt := range []struct {
		w, h, k int
		want    string
	}{{7, 6, 4, "7x6"}, {7, 6, 5, "7x6-k5"}, {6, 5, 3, "6x5-k3"}} {
		if got := ruleBoardName(tt.w, tt.h, tt.k); got != tt.want {
			t.Errorf("ruleBoardName(%d, %d, %d) = %q, want %q", tt.w, tt.h, tt.k, got, tt.want)
		}
	}
}
