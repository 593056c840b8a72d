package board

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// columnsOf reads a move string of the tests' own (1-based, valid) into
// its 0-based columns.
func columnsOf(tb testing.TB, moves string) []int {
	tb.Helper()
	cols, _, err := ReadMoves(moves, false)
	if err != nil {
		tb.Fatalf("ReadMoves(%q): %v", moves, err)
	}
	return cols
}

// moves1 writes 1-based columns as a move string of this board, as the
// engine writes one ([MoveString]): moves1(1, 2, 1, 3) is "1213", or
// "1,2,1,3" on a board of more than nine columns.
func moves1(cols ...int) string {
	zero := make([]int, len(cols))
	for i, c := range cols {
		zero[i] = c - 1
	}
	return MoveString(zero)
}

// readCase is a move string and what ReadMoves makes of it: the columns
// (1-based, for legibility) and notation, or the refused move and a part
// of its reason.
type readCase struct {
	name      string
	moves     string
	zeroBased bool
	cols      []int // 1-based; nil with a reason
	commas    bool
	index     int      // of the refused move
	reasons   []string // parts of the refusal; none for a move string read
}

// readCases are the cases of TestReadMoves on this board: those of every
// board, those of boards of up to nine columns and those of wider boards.
func readCases() []readCase {
	w, wPlus := strconv.Itoa(Width), strconv.Itoa(Width+1)
	cases := []readCase{
		{name: "empty", moves: "", cols: []int{}, commas: Width > maxDigitColumns},
		{name: "commas", moves: "3,3,4,2", cols: []int{3, 3, 4, 2}, commas: true},
		{name: "edges", moves: w + ",1," + w, cols: []int{Width, 1, Width}, commas: true},
		{name: "leading zero", moves: "1,04", index: 1, reasons: []string{"no leading zero"}},
		{name: "leading zeros", moves: "05,05", index: 0, reasons: []string{"no leading zero"}},
		{name: "zero-based leading zero", moves: "00,1", zeroBased: true, index: 0, reasons: []string{"no leading zero"}},
		{name: "one column, comma", moves: "2,", cols: []int{2}, commas: true},
		{name: "zero-based commas", moves: "2,2,3,1", zeroBased: true, cols: []int{3, 3, 4, 2}, commas: true},
		{name: "zero-based last", moves: "0," + strconv.Itoa(Width-1), zeroBased: true, cols: []int{1, Width}, commas: true},
		{name: "empty item", moves: "1,,2", index: 1, reasons: []string{"no column between two commas"}},
		{name: "leading comma", moves: ",1", index: 0, reasons: []string{"no column"}},
		{name: "trailing comma", moves: "1,2,", cols: []int{1, 2}, commas: true},
		{name: "two trailing commas", moves: "1,2,,", index: 2, reasons: []string{"no column"}},
		{name: "comma only", moves: ",", index: 0, reasons: []string{"no column"}},
		{name: "plus", moves: "1,+2", index: 1, reasons: []string{"'+' is not a digit"}},
		{name: "minus", moves: "1,-2", index: 1, reasons: []string{"'-' is not a digit"}},
		{name: "space", moves: "1, 2", index: 1, reasons: []string{"' ' is not a digit"}},
		{name: "letter", moves: "1,a", index: 1, reasons: []string{"'a' is not a digit"}},
		{name: "non-UTF-8", moves: "1,\xff", index: 1, reasons: []string{"byte 0xff is not a digit"}},
		{name: "column 0", moves: "0,1", index: 0, reasons: []string{"column 0 is off the board", "(want 1 to " + w + ")"}},
		{name: "beyond the width", moves: "1," + wPlus, index: 1, reasons: []string{"column " + wPlus + " is off the board", "(want 1 to " + w + ")"}},
		{name: "zero-based beyond", moves: "1," + w, zeroBased: true, index: 1, reasons: []string{"column " + w + " is off the board", "(want 0 to " + strconv.Itoa(Width-1) + ")"}},
		{name: "three digits", moves: "1,123", index: 1, reasons: []string{"not a column"}},
		{name: "too long", moves: strings.Repeat("1,", Cells) + "1", index: Cells, reasons: []string{"too long", strconv.Itoa(Cells+1) + " moves"}},
		{name: "overlong", moves: strings.Repeat("1,", 1<<20), index: Cells, reasons: []string{"too long"}},
	}
	if Width <= maxDigitColumns {
		return append(cases, []readCase{
			{name: "digits", moves: "3342", cols: []int{3, 3, 4, 2}},
			{name: "one digit", moves: "4", cols: []int{4}},
			{name: "zero-based digits", moves: "2231", zeroBased: true, cols: []int{3, 3, 4, 2}},
			{name: "zero digit", moves: "0", index: 0, reasons: []string{"not a column (want 1 to " + w + ")"}},
			{name: "digit beyond", moves: "1" + wPlus, index: 1, reasons: []string{"not a column (want 1 to " + w + ")"}},
			{name: "zero-based digit beyond", moves: "0" + w, zeroBased: true, index: 1, reasons: []string{"not a column (want 0 to"}},
			{name: "sign", moves: "+4", index: 0, reasons: []string{"not a column"}},
			{name: "beyond nine with commas", moves: "10,1", index: 0, reasons: []string{"column 10 is off the board"}},
			{name: "too long digits", moves: strings.Repeat("1", Cells+1), index: Cells, reasons: []string{"too long"}},
		}...)
	}
	if Width == 10 { // 0-based digits reach column 10, as the cs-10x6 files write them
		cases = append(cases, readCase{name: "zero-based digit string", moves: "0109", zeroBased: true, cols: []int{1, 2, 1, 10}})
	} else {
		cases = append(cases, readCase{name: "zero-based digit string", moves: "0101", zeroBased: true, index: 0, reasons: []string{"does not read a digit a move", "(0,1,0,1)"}})
	}
	return append(cases, []readCase{
		{name: "one column", moves: "4", cols: []int{4}, commas: true},
		{name: "two digits", moves: "10", index: 0, reasons: []string{"digits without a comma", "commas (1,0)", "one move of column 10 is written \"10,\""}},
		{name: "column 10, comma", moves: "10,", cols: []int{10}, commas: true},
		{name: "zero first", moves: "01", index: 0, reasons: []string{"digits without a comma", "commas (0,1)", "--zero-based"}},
		{name: "zero nine", moves: "09", index: 0, reasons: []string{"digits without a comma"}},
		{name: "10,1,12", moves: "10,1," + w, cols: []int{10, 1, Width}, commas: true},
		{name: "digit string", moves: "1212", index: 0, reasons: []string{"does not read a digit a move", "commas (1,2,1,2)", "--zero-based"}},
		{name: "long digit string", moves: strings.Repeat("4", Cells+1), index: 0, reasons: []string{"does not read a digit a move", "(4,4,4,4,4,4,…)"}},
		{name: "digit beyond", moves: wPlus, index: 0, reasons: []string{"digits without a comma", "separate the 1-based columns with commas"}},
		{name: "zero digit", moves: "0", index: 0, reasons: []string{"column 0 is off the board", "separate the 1-based columns with commas"}},
	}...)
}

// TestReadMoves reads the move strings of [readCases] and checks that
// ParseAs reads them as ReadMoves does.
func TestReadMoves(t *testing.T) {
	for _, tc := range readCases() {
		t.Run(tc.name, func(t *testing.T) {
			cols, n, err := ReadMoves(tc.moves, tc.zeroBased)
			if tc.reasons == nil {
				want := make([]int, len(tc.cols))
				for i, c := range tc.cols {
					want[i] = c - 1
				}
				if err != nil || !slices.Equal(cols, want) || n != (Notation{Commas: tc.commas, ZeroBased: tc.zeroBased}) {
					t.Fatalf("ReadMoves(%q, %v) = %v, %+v, %v; want %v, commas %v", tc.moves, tc.zeroBased, cols, n, err, want, tc.commas)
				}
				if p, pn, err := ParseAs(tc.moves, tc.zeroBased); err != nil || pn != n || p.Moves() != len(cols) {
					t.Errorf("ParseAs(%q, %v) = %v, %v", tc.moves, tc.zeroBased, pn, err)
				}
				return
			}
			me, ok := errors.AsType[*MoveError](err)
			if !ok {
				t.Fatalf("ReadMoves(%q, %v) = %v, %v; want a *MoveError", tc.moves, tc.zeroBased, cols, err)
			}
			for _, part := range tc.reasons {
				if !strings.Contains(me.Error(), part) {
					t.Errorf("error %q, want it to say %q", me, part)
				}
			}
			if me.Index != tc.index || len(me.Error()) > 300 {
				t.Errorf("error %q at move %d, want move %d (and at most 300 bytes)", me, me.Index+1, tc.index+1)
			}
			if _, _, perr := ParseAs(tc.moves, tc.zeroBased); perr == nil || perr.Error() != err.Error() {
				t.Errorf("ParseAs error %v, want %v", perr, err)
			}
		})
	}
}

// TestParseAsRefusals checks the refusals of moves that read as columns
// but cannot be played, named as the notation writes them.
func TestParseAsRefusals(t *testing.T) {
	skipUnlessFourInARow(t)
	column4 := slices.Repeat([]int{3}, Height+1)
	for _, tc := range []struct {
		n      Notation
		reason string
	}{
		{Notation{Commas: true}, "move " + strconv.Itoa(Height+1) + " (4): column 4 is full"},
		{Notation{Commas: true, ZeroBased: true}, "move " + strconv.Itoa(Height+1) + " (3): column 3 (0-based) is full"},
		{Usual(), "column 4 is full"},
	} {
		moves := tc.n.Format(column4)
		_, _, err := ParseAs(moves, tc.n.ZeroBased)
		if err == nil || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("ParseAs(%q, %v) = %v, want %q", moves, tc.n.ZeroBased, err, tc.reason)
		}
	}
	win := Notation{Commas: true}.Format([]int{0, 1, 0, 1, 0, 1, 0, 1})
	if _, _, err := ParseAs(win, false); err == nil || !strings.Contains(err.Error(), "move 8 (2): the game is already won by player 1") {
		t.Errorf("ParseAs(%q) = %v, want the move after the win refused", win, err)
	}
}

// TestNotationFormat checks the strings Format writes: commas when asked
// and whenever the board is too wide for digits.
func TestNotationFormat(t *testing.T) {
	cols := []int{Width - 1, 0, 3}
	w := strconv.Itoa(Width)
	if got, want := (Notation{Commas: true}).Format(cols), w+",1,4"; got != want {
		t.Errorf("commas: %q, want %q", got, want)
	}
	if got, want := (Notation{Commas: true, ZeroBased: true}).Format(cols), strconv.Itoa(Width-1)+",0,3"; got != want {
		t.Errorf("zero-based commas: %q, want %q", got, want)
	}
	digits := Notation{}.Format(cols)
	if want := w + "14"; Width <= maxDigitColumns && digits != want {
		t.Errorf("digits: %q, want %q", digits, want)
	}
	if want := w + ",1,4"; Width > maxDigitColumns && digits != want {
		t.Errorf("digits on a board of %d columns: %q, want %q", Width, digits, want)
	}
	if got := (Notation{Commas: true}).Append("1", 1); got != "1,2" {
		t.Errorf("Append: %q, want 1,2", got)
	}
	if got := (Notation{Commas: true}).Append("", 1); got != "2" {
		t.Errorf("Append to the empty string: %q, want 2", got)
	}
}

// FuzzParseAs checks that any string either is refused with a *MoveError
// or reads back: its position, written in the notation it was given in
// (and in the comma form), parses to the same position, and the string
// written is written again the same.
func FuzzParseAs(f *testing.F) {
	for _, tc := range readCases() {
		f.Add(tc.moves, tc.zeroBased)
	}
	f.Fuzz(func(t *testing.T, moves string, zeroBased bool) {
		p, n, err := ParseAs(moves, zeroBased)
		if err != nil {
			if _, ok := errors.AsType[*MoveError](err); !ok {
				t.Fatalf("ParseAs(%q, %v): error %T (%v), want *MoveError", moves, zeroBased, err, err)
			}
			return
		}
		cols, rn, err := ReadMoves(moves, zeroBased)
		if err != nil || rn != n || len(cols) != p.Moves() {
			t.Fatalf("ParseAs(%q, %v) accepted it in %v, ReadMoves: %v, %v, %v", moves, zeroBased, n, cols, rn, err)
		}
		for _, out := range []Notation{n, {Commas: true, ZeroBased: zeroBased}} {
			s := out.Format(cols)
			q, qn, err := ParseAs(s, zeroBased)
			if err != nil || q != p {
				t.Fatalf("%q read in %v, written in %v as %q: reads back as %v, %v", moves, n, out, s, q, err)
			}
			if again, _, _ := ReadMoves(s, zeroBased); qn.Format(again) != s && len(cols) != 1 {
				t.Fatalf("%q written in %v as %q, read in %v, written as %q", moves, out, s, qn, qn.Format(again))
			}
		}
	})
}
