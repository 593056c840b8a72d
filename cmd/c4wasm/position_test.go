package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
)

// forms returns the requests of op naming moves each way positionOf
// reads: the move string, the columns 1-based and 0-based, Kaggle's cells
// and the text grid.
func forms(t *testing.T, op, moves string) map[string]request {
	t.Helper()
	p, err := board.Parse(movetest.Fixture(moves))
	if err != nil {
		t.Fatal(err)
	}
	var one, zero []int
	for i := range len(moves) {
		c, _ := board.ColumnOfChar(moves[i])
		one, zero = append(one, c+1), append(zero, c)
	}
	b0, b1 := 0, 1
	cells, _ := json.Marshal(p.Cells())
	kaggle, grid := string(cells), p.String()
	commas := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(one)), ","), "[]")
	bare := strings.Trim(kaggle, "[]")
	return map[string]request{
		"text":        {Op: op, Text: &moves},
		"text/commas": {Op: op, Text: &commas},
		"pos/commas":  {Op: op, Pos: commas},
		"text/kaggle": {Op: op, Text: &bare},
		"text/grid":   {Op: op, Text: &grid},
		"pos":         {Op: op, Pos: moves},
		"columns/1":   {Op: op, Columns: one, Base: &b1},
		"columns":     {Op: op, Columns: one},
		"columns/0":   {Op: op, Columns: zero, Base: &b0},
		"kaggle":      {Op: op, Board: &kaggle},
		"grid":        {Op: op, Board: &grid},
	}
}

// TestPositionForms checks the package's ops on reference positions named
// each way: scores gives the reference's scores (null for a full column),
// solve their best, solveWeak its sign, and bestMove a column of the
// best score, the nearest the centre.
func TestPositionForms(t *testing.T) {
	w := testWorker(t)
	n := 3
	if testing.Short() {
		n = 1
	}
	for moves, want := range refAnalyses(t, "positions/analyze_n12.txt", n) {
		top := slices.Max(want)
		for name, req := range forms(t, "scores", moves) {
			var got scored
			ask(t, w, req, 200, &got)
			var scores []int
			for _, v := range got.Scores {
				scores = append(scores, *v)
			}
			if !slices.Equal(scores, want) || got.Pos == "" {
				t.Errorf("%s by %s: scores %v of %q, reference %v", moves, name, scores, got.Pos, want)
			}
			if strings.Contains(name, "kaggle") || strings.Contains(name, "grid") {
				continue // a board's moves may be in another order
			}
			if want := cmp.Or(req.Pos, *cmp.Or(req.Text, &moves)); got.Pos != want {
				t.Errorf("%s by %s: pos %q", moves, name, got.Pos)
			}
		}
		for name, req := range forms(t, "solveWeak", moves) {
			var got solved
			ask(t, w, req, 200, &got)
			if wantOutcome := board.Score(top).Outcome(); got.Score != wantOutcome {
				t.Errorf("%s by %s: solveWeak %d, want %d", moves, name, got.Score, wantOutcome)
			}
		}
		var s solved
		ask(t, w, request{Op: "solve", Pos: moves}, 200, &s)
		var b best
		ask(t, w, request{Op: "bestMove", Pos: moves}, 200, &b)
		if s.Score != top || b.Score != top || b.Column < 1 || b.Column > board.Width || want[b.Column-1] != top {
			t.Errorf("%s: solve %d, bestMove %+v; reference %v", moves, s.Score, b, want)
		}
	}
}

// TestPositionFormsAnyBoard checks, at whatever board the build plays
// (CI runs it at 8×7, 10×6 and 12×4 too: .ci/run), that every form of a position
// reaches it: the board's own move string, the comma form (which every
// board reads), columns counted from 1 and from 0, Kaggle's cells, bare or
// as JSON, and the text grid.
func TestPositionFormsAnyBoard(t *testing.T) {
	for _, digits := range []string{"4453", "1122", "7654321", "1212123434345656567"} {
		cols := movetest.Columns(digits)
		p, err := board.Parse(movetest.Fixture(digits))
		if err != nil {
			t.Fatal(err)
		}
		var one []string
		var zero, oneBased []int
		for _, c := range cols {
			one, zero, oneBased = append(one, fmt.Sprint(c+1)), append(zero, c), append(oneBased, c+1)
		}
		commas, own := strings.Join(one, ","), board.MoveString(cols)
		cells, _ := json.Marshal(p.Cells())
		kaggle, bare, grid := string(cells), strings.Trim(string(cells), "[]"), p.String()
		b0 := 0
		for name, r := range map[string]request{
			"pos":         {Pos: own},
			"pos/commas":  {Pos: commas},
			"text":        {Text: &own},
			"text/commas": {Text: &commas},
			"text/kaggle": {Text: &bare},
			"text/grid":   {Text: &grid},
			"columns":     {Columns: oneBased},
			"columns/0":   {Columns: zero, Base: &b0},
			"kaggle":      {Board: &kaggle},
			"grid":        {Board: &grid},
		} {
			moves, got, err := positionOf(r)
			if err != nil || got != p || moves == "" {
				t.Errorf("%s by %s: %q, %v (%v); want the position of %s", digits, name, moves, got, err, own)
			}
		}
	}
}

// TestScoresFullColumn checks that op scores gives null for a full column
// and that a full board's columns are all null.
func TestScoresFullColumn(t *testing.T) {
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // one column filled: answered by the book, a long search elsewhere
	w := testWorker(t)
	var got scored
	ask(t, w, request{Op: "scores", Pos: strings.Repeat("4", board.Height)}, 200, &got)
	for col, v := range got.Scores {
		if (v == nil) != (col == 3) {
			t.Errorf("column %d: %v, want null only for the full column 4", col+1, v)
		}
	}
}

// TestVersion checks that op version answers a version npm accepts and
// what c4 version prints.
func TestVersion(t *testing.T) {
	var v version
	ask(t, testWorker(t), request{Op: "version"}, 200, &v)
	if v.Version == "" || !strings.HasPrefix(v.Describe, "c4 ") || !strings.Contains(v.Describe, fmt.Sprintf("board %d×%d", board.Width, board.Height)) {
		t.Errorf("version %+v", v)
	}
}

// FuzzPositionOf checks that any request naming a position one way or
// another gives a move string that reaches the same position, or a
// refusal; never a panic.
func FuzzPositionOf(f *testing.F) {
	for _, s := range []string{
		`{"pos":"4453"}`, `{"columns":[3,3,4,2],"base":0}`, `{"columns":[4,4,5,3]}`,
		`{"board":"[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0]"}`,
		`{"board":"x......\n"}`, `{"columns":[-1]}`, `{"columns":[1e9]}`, `{"base":3,"columns":[]}`,
		`{"text":"4,4,5,3"}`, `{"text":"4453"}`, `{"text":"x......\n"}`, `{"text":"[0,1]"}`, `{"text":",,"}`,
		`{"text":"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0"}`,
		`{"text":"4","pos":"4"}`, `{"text":"4","base":0}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var r request
		if json.Unmarshal(body, &r) != nil {
			return
		}
		moves, p, err := positionOf(r)
		if err != nil {
			if moves != "" || p != (board.Position{}) {
				t.Errorf("%q: refused (%v) with %q", body, err, moves)
			}
			return
		}
		q, err := board.Parse(movetest.Fixture(moves))
		if err != nil || q != p {
			t.Errorf("%q: move string %q does not reach the position (%v)", body, moves, err)
		}
	})
}
