package dataset

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
)

// quickSpec is a dataset whose positions solve in milliseconds: 6 to 12
// empty cells (plies 30-36 on 7×6).
var quickSpec = Spec{Count: 24, MinPly: board.Cells - 12, MaxPly: board.Cells - 6, Seed: 5}

// centre is the 0-based centre column (left of centre on an even width).
const centre = (board.Width - 1) / 2

// sampleScores returns width made-up column scores in range, -2 for the
// three central columns and -3 elsewhere ([-3,-3,-2,-2,-2,-3,-3] for the
// seven columns of 7×6), written as a JSON array or CSV fields by sep.
func sampleScores(width int, sep string) string {
	s := make([]string, width)
	for c := range s {
		v := -3
		if c >= centre-1 && c <= centre+1 {
			v = -2
		}
		s[c] = strconv.Itoa(v)
	}
	return strings.Join(s, sep)
}

// jsonLine is a JSON line of this engine's board with the record's fields
// (a JSON object's members, without braces), without its newline.
func jsonLine(fields string) string { return `{"board":"` + boardName + `",` + fields + `}` }

// zeros returns n zero scores joined by sep.
func zeros(n int, sep string) string {
	return strings.TrimSuffix(strings.Repeat("0"+sep, n), sep)
}

// TestCSVHeader checks that a CSV dataset names its board column and one
// score column per board column: board,index,pos,ply,score,c1,...,c7 on
// 7×6.
func TestCSVHeader(t *testing.T) {
	want := []string{"board", "index", "pos", "ply", "score"}
	for c := range board.Width {
		want = append(want, fmt.Sprintf("c%d", c+1))
	}
	if !slices.Equal(csvHeader, want) {
		t.Errorf("csvHeader = %v, want %v", csvHeader, want)
	}
}

// TestCSVRoundTrip writes records, one of them with a full column, as CSV
// and reads them back unchanged, on whatever board the engine plays (the
// header once had seven score columns on every board).
func TestCSVRoundTrip(t *testing.T) {
	full := movetest.Fixture(strings.Repeat(strconv.Itoa(centre+1), board.Height))
	recs := []datasetRecord{{Index: 0, Pos: "", Ply: 0}, {Index: 1, Pos: full, Ply: board.Height}}
	recs[1].Scores[centre] = int(board.Invalid)
	var buf bytes.Buffer
	w, err := newWriter(CSV, &buf, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := readCSV(&buf)
	if err != nil || !slices.Equal(got, recs) {
		t.Errorf("read back %+v, %v; want %+v", got, err, recs)
	}
}
