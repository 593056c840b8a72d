package dataset

import (
	"context"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// TestCheckLabels checks the label check of resumed checkpoints against
// real labels: every record Label writes passes, and each kind of edit
// of one (a score that is not the best, a full column not -1000, a legal
// column -1000, a score past the win with the next stone or below the
// loss to the opponent's next stone) is refused.
func TestCheckLabels(t *testing.T) {
	var positions []string
	for _, spec := range []Spec{quickSpec, {Count: 16, MinPly: board.Cells - 20, MaxPly: board.Cells - 13, Seed: 8}} {
		ps, err := samplePositions(spec)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, ps...)
	}
	s := solvertest.New(t, 16)
	edits := []struct {
		name string
		edit func(rec *datasetRecord, p board.Position) bool // false: not applicable
	}{
		{"score one less", func(rec *datasetRecord, p board.Position) bool { rec.Score--; return true }},
		{"score one more", func(rec *datasetRecord, p board.Position) bool { rec.Score++; return true }},
		{"full column scored", func(rec *datasetRecord, p board.Position) bool {
			return setFirst(rec, func(col int) bool { return !p.CanPlay(col) }, 0)
		}},
		{"legal column -1000", func(rec *datasetRecord, p board.Position) bool {
			return setFirst(rec, p.CanPlay, int(board.Invalid))
		}},
		{"past a win now", func(rec *datasetRecord, p board.Position) bool {
			return setFirst(rec, p.CanPlay, (board.Cells+1-p.Moves())/2+1)
		}},
		{"below a loss next", func(rec *datasetRecord, p board.Position) bool {
			return setFirst(rec, p.CanPlay, -(board.Cells-p.Moves())/2-1)
		}},
		{"a winning column one less", func(rec *datasetRecord, p board.Position) bool {
			return setFirst(rec, func(col int) bool { return p.CanPlay(col) && p.IsWinningMove(col) }, (board.Cells+1-p.Moves())/2-1)
		}},
	}
	applied := make([]int, len(edits))
	for j, pos := range positions {
		rec, err := labelPosition(context.Background(), s, int64(j), pos)
		if err != nil {
			t.Fatal(err)
		}
		if err := rec.checkLabels(); err != nil {
			t.Errorf("%q: Label's own record refused: %v", pos, err)
		}
		p, _ := board.Parse(movetest.Fixture(pos))
		for i, e := range edits {
			edited := rec
			if !e.edit(&edited, p) || edited == rec {
				continue
			}
			applied[i]++
			if err := edited.checkLabels(); err == nil {
				t.Errorf("%q, %s: %+v accepted (Label wrote %+v)", pos, e.name, edited, rec)
			}
		}
	}
	for i, e := range edits {
		if applied[i] == 0 {
			t.Errorf("edit %q applied to none of the %d positions: pick others", e.name, len(positions))
		}
	}
}

// setFirst sets the score of the first column that ok accepts to v and,
// when that column was the best, the record's score too, so that only
// the column's score is wrong. It reports whether a column was found.
func setFirst(rec *datasetRecord, ok func(col int) bool, v int) bool {
	for col := range rec.Scores {
		if ok(col) {
			rec.Scores[col] = v
			best := int(board.Invalid)
			for _, s := range rec.Scores {
				best = max(best, s)
			}
			rec.Score = best
			return true
		}
	}
	return false
}

// TestCheckLabelsMessages checks that a refused record says what is wrong.
func TestCheckLabelsMessages(t *testing.T) {
	rec, err := labelPosition(context.Background(), solvertest.New(t, 16), 0, mustPositions(t, quickSpec)[0])
	if err != nil {
		t.Fatal(err)
	}
	rec.Score--
	if err := rec.checkLabels(); err == nil || !strings.Contains(err.Error(), "is not the best of the scores") {
		t.Errorf("score edited: error %v, want one saying it is not the best", err)
	}
}

// mustPositions returns the positions of spec.
func mustPositions(t *testing.T, spec Spec) []string {
	t.Helper()
	ps, err := samplePositions(spec)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}
