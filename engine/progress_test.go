package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"testing"
)

// TestProgress checks the progress reports of Solve and Analyze: the
// intervals narrow around the final score, nodes never go back, and
// Analyze names each column with its score's interval.
func TestProgress(t *testing.T) {
	for _, threads := range []int{1, 2} {
		c := sampleRef(t, "positions/n12.txt", 1)[0]
		p := mustParse(t, c.moves)
		s := mustSolver(t, 16)
		s.SetThreads(threads)
		var reports []Progress
		s.SetProgress(func(pr Progress) { reports = append(reports, pr) })
		got, err := s.Solve(t.Context(), p)
		if err != nil || int(got) != c.scores[0] {
			t.Fatalf("Solve(%q) = %v, %v; want %d", c.moves, got, err, c.scores[0])
		}
		if len(reports) == 0 {
			t.Fatalf("%d threads: no progress reported", threads)
		}
		for i, r := range reports {
			if r.Column != 0 || r.Lo > got || r.Hi < got {
				t.Errorf("%d threads: report %d %+v does not hold the score %v", threads, i, r, got)
			}
			if i > 0 && (r.Nodes < reports[i-1].Nodes || r.Lo < reports[i-1].Lo || r.Hi > reports[i-1].Hi) {
				t.Errorf("%d threads: report %d %+v widens or goes back from %+v", threads, i, r, reports[i-1])
			}
		}
		if last := reports[len(reports)-1]; last.Lo != got || last.Hi != got {
			t.Errorf("%d threads: last report %+v, want the interval closed on %v", threads, last, got)
		}

		reports = nil
		scores, err := s.Analyze(t.Context(), p)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[int]bool{}
		for i, r := range reports {
			if r.Column < 1 || r.Column > board.Width || r.Lo > scores[r.Column-1] || r.Hi < scores[r.Column-1] {
				t.Errorf("%d threads: Analyze report %d %+v does not hold column %d's score (scores %v)", threads, i, r, r.Column, scores)
			}
			seen[r.Column] = true
		}
		if len(seen) == 0 {
			t.Errorf("%d threads: Analyze reported no progress", threads)
		}

		s.SetProgress(nil)
		reports = nil
		s.Reset()
		if _, err := s.Solve(t.Context(), p); err != nil || len(reports) != 0 {
			t.Errorf("after SetProgress(nil): %d reports, err %v", len(reports), err)
		}
	}
}
